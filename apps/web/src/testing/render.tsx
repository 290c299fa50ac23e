import type { GameMenu, SitePermission } from '@aurum/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ModalProvider, type ModalRegistry } from '../components/ui';
import { SiteDataProvider } from '../lib/site';
import { gameMenus, sitePermission } from './fixtures';

const emptyRegistry: ModalRegistry = {
  announcement: null,
  notice: null,
  login: null,
  register: null,
  changePassword: null,
  forgotPassword: null,
  help: null,
  feedback: null,
  gameLaunch: null,
  chatRoom: null,
  memberCenter: null,
  accountCenter: null,
};

interface Options {
  path?: string;
  permission?: SitePermission;
  menus?: GameMenu[];
  registry?: ModalRegistry;
  extraRoutes?: { path: string; element: ReactNode }[];
}

/** Renders UI inside the providers a screen expects: query client, site data, modals, router. */
export function renderWithApp(ui: ReactNode, options: Options = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <ModalProvider registry={options.registry ?? emptyRegistry}>{ui}</ModalProvider>,
      },
      ...(options.extraRoutes ?? []),
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  const site = {
    permission: options.permission ?? sitePermission(),
    menus: options.menus ?? gameMenus,
    menusStatus: 'success' as const,
    retryMenus: () => {},
  };
  return {
    router,
    client,
    ...render(
      <QueryClientProvider client={client}>
        <SiteDataProvider value={site}>
          <RouterProvider router={router} />
        </SiteDataProvider>
      </QueryClientProvider>,
    ),
  };
}
