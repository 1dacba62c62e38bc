import type { ReactNode } from 'react';

/**
 * The page's one h1; focusable so the layout can move focus to it after a route change. The UI
 * library's heading look (its class names) without its primitive, as StatusMessage says why.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="amplify-heading amplify-heading--1 page-title" tabIndex={-1}>
      {children}
    </h1>
  );
}
