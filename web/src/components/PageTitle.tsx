import { Heading } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** The page's one h1; focusable so the layout can move focus to it after a route change. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Heading level={1} className="page-title" tabIndex={-1}>
      {children}
    </Heading>
  );
}
