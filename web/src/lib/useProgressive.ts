/**
 * How many items of a long list to render: the first screen's at once, then the rest in a
 * transition that React renders in slices of a few milliseconds, yielding to the browser between
 * them. The page shows (and its largest paint lands) without waiting for a church's whole list, and
 * no single task blocks a phone's main thread for long.
 */
import { startTransition, useEffect, useState } from 'react';

export function useProgressive(total: number, first: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > first) startTransition(() => setAll(true));
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
