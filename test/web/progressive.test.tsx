import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressive } from '../../web/src/lib/useProgressive';

/** Notes each count it renders with, so the steps between first and total can be seen. */
function List({ total, first, step, seen }: { total: number; first: number; step?: number; seen: number[] }) {
  const shown = useProgressive(total, first, step);
  seen.push(shown);
  return <p>{shown === total ? 'all' : `${shown} of ${total}`}</p>;
}

describe('useProgressive', () => {
  it('renders the first screen at once, then the rest a screen at a time, never all in one step', async () => {
    const seen: number[] = [];
    render(<List total={25} first={9} seen={seen} />);
    expect(seen[0]).toBe(9);
    await screen.findByText('all');
    expect([...new Set(seen)]).toEqual([9, 18, 25]);
  });

  it('takes steps of the size it is given', async () => {
    const seen: number[] = [];
    render(<List total={12} first={4} step={3} seen={seen} />);
    await screen.findByText('all');
    expect([...new Set(seen)]).toEqual([4, 7, 10, 12]);
  });

  it('renders a short list whole at once', async () => {
    const seen: number[] = [];
    render(<List total={5} first={9} seen={seen} />);
    expect(screen.getByText('all')).toBeTruthy();
    await waitFor(() => expect(new Set(seen)).toEqual(new Set([5])));
  });

  it('goes on when told to render none first (a cached list that was empty)', async () => {
    render(<List total={3} first={0} seen={[]} />);
    await screen.findByText('all');
  });
});
