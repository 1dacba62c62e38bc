import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { useListAnchor } from '../../web/src/lib/useListAnchor';

const STORAGE_KEY = 'churchDirectory.listAnchors';
const stored = () => JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, { id: string }>;

function List() {
  useListAnchor(true);
  return (
    <ul>
      {['a', 'b', 'c'].map((id) => (
        <li key={id} data-anchor={id}>
          <Link to={`/item/${id}`}>Item {id}</Link>
        </li>
      ))}
    </ul>
  );
}

const routes = [
  { path: '/', element: <List /> },
  { path: '/item/:id', element: <p>An item</p> },
];

afterEach(() => window.sessionStorage.clear());

describe('useListAnchor', () => {
  it('notes, by history entry, the first item on the screen as the list is left', async () => {
    const router = createMemoryRouter(routes);
    render(<RouterProvider router={router} />);
    const entry = router.state.location.key;
    await act(() => router.navigate('/item/a'));
    await screen.findByText('An item');
    // jsdom lays nothing out: every item's top is 0, so the first one is on the screen.
    expect(stored()[entry]).toEqual({ id: 'a', top: 0 });
  });

  it('keeps the newest 50 entries and drops the oldest', async () => {
    const old = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`old${i}`, { id: 'x', top: 0 }]));
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(old));
    const router = createMemoryRouter(routes);
    render(<RouterProvider router={router} />);
    const entry = router.state.location.key;
    await act(() => router.navigate('/item/b'));
    const kept = Object.keys(stored());
    expect(kept).toHaveLength(50);
    expect(kept.at(-1)).toBe(entry);
    expect(kept[0]).toBe('old11');
    expect(kept).not.toContain('old10');
  });
});
