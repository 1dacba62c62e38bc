import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthProvider } from '../lib/auth';
import { THEME_NAME } from './theme';

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    // The theme's variables apply under this attribute (their CSS is made at build time).
    <div data-amplify-theme={THEME_NAME} dir="ltr">
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </div>
  );
}

/** The app, on the query client and route table main.tsx made at start-up (see preloadPage). */
export function App({ client, routes }: { client: QueryClient; routes: RouteObject[] }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
