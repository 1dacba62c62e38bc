import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the element comes within a screen of the viewport (the next page of a
 * list starts loading before the person reaches its end). A button beside it does the same for a
 * keyboard or a browser without IntersectionObserver.
 */
export function useOnVisible<E extends Element>(onVisible: () => void, enabled: boolean) {
  const ref = useRef<E>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
