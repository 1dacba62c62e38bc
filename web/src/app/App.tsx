import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/queryClient';
import { AuthProvider } from './auth';
import { appRoutes } from './routes';
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

export function App() {
  const [client] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(appRoutes(client)));
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
