import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ChunkErrorPanel, ModalProvider } from '../components/ui';
import { loadChunk } from '../lib/chunks/chunk-load';
import { CATEGORY_CENTRE_PATHS } from '../lib/games';
import { DepositReturn } from '../lib/money/deposit-return';
import { SessionWatch } from '../lib/session/session-watch';
import { AppLayout, PageLoading } from './layouts/app-layout';
import { modalRegistry } from './modals/registry';
import { RouteError } from './route-error';
import { ScrollManager } from './scroll-manager';

/**
 * A lazily loaded screen: its own chunk, the 120 s chunk timeout, and an error panel in place.
 * A chunk that fails resolves to the ChunkLoadError panel inside the page's layout (a rejected
 * route `lazy` would leave React Router rendering an empty page).
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): Pick<RouteObject, 'lazy' | 'errorElement'> {
  return {
    lazy: async () => {
      try {
        return { Component: pick(await loadChunk(load)) };
      } catch (error) {
        return { element: <ChunkErrorPanel error={error} /> };
      }
    },
    errorElement: <RouteError />,
  };
}

const def = <M extends { default: ComponentType }>(m: M) => m.default;

const home = () => import('./routes/home-screen');
const routeModals = () => import('./routes/route-modals');
const category = () => import('../features/games/pages/category-centre-page');
const lottery = () => import('./routes/lottery-screen');
const sponsor = () => import('../features/promo/sponsor-page');
const authPages = () => import('../features/accounts/session/components/auth-pages');

/** Spec §2 Routes, each in its layout. Paths match case-insensitively. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout kind="full" />,
        children: [
          { index: true, ...screen(home, def) },
          { path: 'index', ...screen(home, def) },
          { path: 'index.html', ...screen(home, def) },
          { path: 'home', ...screen(home, def) },
          { path: 'login', ...screen(routeModals, (m) => m.LoginRedirect) },
          { path: 'register', ...screen(routeModals, (m) => m.RegisterScreen) },
          { path: 'forgotPassword', ...screen(routeModals, (m) => m.ForgotPasswordScreen) },
          { path: 'help', ...screen(routeModals, (m) => m.HelpScreen) },
          { path: 'promotions', ...screen(() => import('../features/promo/promotions-page'), def) },
          { path: 'pointMall', ...screen(() => import('../features/loyalty/point-mall-page'), def) },
          { path: 'chat', ...screen(() => import('./routes/chat-screen'), def) },
        ],
      },
      {
        element: <AppLayout kind="header-footer" />,
        children: [
          ...CATEGORY_CENTRE_PATHS.map((path) => ({ path, ...screen(category, def) })),
          { path: 'hot', ...screen(() => import('../features/games/pages/hot-page'), def) },
          { path: 'inHouse', ...screen(() => import('../features/games/pages/in-house-page'), def) },
          { path: 'cockfight', ...screen(() => import('../features/games/pages/cockfight-page'), def) },
          { path: 'down', ...screen(() => import('../features/download/download-page'), def) },
          { path: 'agentHome', ...screen(() => import('../features/agent/agent-home-page'), def) },
          { path: '*', ...screen(() => import('../features/system/components/not-found-page'), def) },
        ],
      },
      {
        element: <AppLayout kind="header-only" />,
        children: [
          {
            path: 'changePassword',
            ...screen(
              () => import('../features/accounts/security/change-password-page'),
              (m) => m.ChangePasswordPage,
            ),
          },
          { path: 'join', ...screen(() => import('../features/agent/join-page'), def) },
          { path: 'rng', ...screen(() => import('../features/games/pages/rng-page'), def) },
          { path: 'lottery', ...screen(lottery, def) },
          { path: 'seamless', ...screen(() => import('../features/games/pages/seamless-page'), def) },
          {
            path: 'gameListCenter/:vassalage/:gameType',
            id: 'gameListCenter',
            ...screen(() => import('../features/games/pages/game-list-center-page'), def),
          },
          { path: 'loginPage', ...screen(authPages, (m) => m.LoginPage) },
          { path: 'registerPage', ...screen(authPages, (m) => m.RegisterPage) },
          { path: 'forgetPage', ...screen(authPages, (m) => m.ForgetPage) },
          {
            path: 'unlock',
            ...screen(() => import('../features/accounts/session/components/unlock-page'), def),
          },
        ],
      },
      {
        element: <AppLayout kind="header-side" />,
        children: [
          { path: 'seaLottery', ...screen(lottery, def) },
          { path: 'vnLottery', ...screen(lottery, def) },
        ],
      },
      {
        element: <AppLayout kind="bare" />,
        children: [1, 2, 3].map((n) => ({ path: `sponsor${n}`, ...screen(sponsor, def) })),
      },
    ],
  },
];

/** The root of every page: the modal stack (so modal bodies can use the router) and scrolling. */
function RootShell() {
  return (
    <ModalProvider registry={modalRegistry}>
      <ScrollManager />
      {/* Back from a payment gateway (`/?deposit=<orderNo>`): the member centre reopens on it. */}
      <DepositReturn />
      {/* A hand-off link's ticket (asks before switching accounts) and the idle sign-out warning. */}
      <SessionWatch />
      <Outlet />
    </ModalProvider>
  );
}

export const createRouter = () => createBrowserRouter(routes);
