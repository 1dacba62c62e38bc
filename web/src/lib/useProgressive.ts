/**
 * How many items of a long list to render: the first screen's at once, then the rest `step` at a
 * time (by default a screen's worth), each step a transition of its own. The page shows (and its largest paint lands)
 * without waiting for a church's whole list, and no single task blocks a phone's main thread for
 * long: a transition's render yields to the browser between components, but its commit (the new
 * elements, their style and layout) is one task, so 150 families committed at once made one long
 * task of several hundred milliseconds on a phone.
 */
import { startTransition, useEffect, useState } from 'react';

export function useProgressive(total: number, first: number, step = first): number {
  const by = Math.max(1, step);
  const [shown, setShown] = useState(first);
  useEffect(() => {
    // Each step's commit runs this again: the next step starts once the browser has had its turn.
    if (shown < total) startTransition(() => setShown((n) => n + by));
  }, [shown, total, by]);
  return Math.min(total, shown);
}
