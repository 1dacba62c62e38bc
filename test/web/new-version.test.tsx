/**
 * The bar that offers a new version (web/src/app/NewVersion.tsx): shown once the service worker
 * says one waits, and Reload hands control to it. The worker's news comes from
 * virtual:pwa-register/react, given here as the worker would give it; the browser test
 * (test/e2e/installable-app.test.ts) runs the real worker.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const worker = vi.hoisted(() => ({ needRefresh: false, update: vi.fn(async () => undefined) }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [worker.needRefresh, () => undefined],
    offlineReady: [false, () => undefined],
    updateServiceWorker: worker.update,
  }),
}));

const { NewVersion } = await import('../../web/src/app/NewVersion');

describe('the new version bar', () => {
  it('stays away while no new version waits', () => {
    worker.needRefresh = false;
    render(<NewVersion />);
    expect(screen.queryByText('New version available')).toBeNull();
  });

  it('offers a new version, and reloads into it', () => {
    worker.needRefresh = true;
    render(<NewVersion />);
    expect(screen.getByRole('status').textContent).toContain('New version available');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.update).toHaveBeenCalledWith(true);
  });
});
