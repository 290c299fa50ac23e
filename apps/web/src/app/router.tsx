import { type ComponentType, type ReactNode, useEffect } from 'react';
import {
  matchRoutes,
  type NavigateFunction,
  Outlet,
  type RouteObject,
  useNavigate,
  useRoutes,
} from 'react-router';
import { ChunkErrorPanel, ErrorBoundary, ModalProvider } from '../components/ui';
import { loadChunk } from '../lib/chunks/chunk-load';
import { CATEGORY_CENTRE_PATHS } from '../lib/games';
import { DepositReturn } from '../lib/money/deposit-return';
import { SessionWatch } from '../lib/session/session-watch';
import { AppLayout } from './layouts/app-layout';
import { modalRegistry } from './modals/registry';
import { ScrollManager } from './scroll-manager';

/** What a screen's route carries besides its element: the loader of its component. */
export interface ScreenHandle {
  /** Loads the screen's chunk (once): its component, or the failure. */
  load: () => Promise<ComponentType>;
}

/** A route's error boundary: what its element throws shows the error panel in its place. */
const routeBoundary = (element: ReactNode) => (
  <ErrorBoundary fallback={(error) => <ChunkErrorPanel error={error} />}>{element}</ErrorBoundary>
);

/**
 * A lazily loaded screen: its own chunk, the 120 s chunk timeout, and an error panel in place.
 * Until the chunk is in, the screen suspends (the layout's Suspense shows the page loader); a
 * chunk already loaded (`preloadScreen`) renders at once, in the same commit as its layout.
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<ComponentType> | null = null;
  let loaded: { component: ComponentType } | { error: unknown } | null = null;
  const handle: ScreenHandle = {
    load: () => {
      loading ??= loadChunk(load).then(
        (m) => {
          const component = pick(m);
          loaded = { component };
          return component;
        },
        (error: unknown) => {
          loaded = { error };
          throw error;
        },
      );
      return loading;
    },
  };
  function Screen() {
    if (!loaded) throw handle.load();
    if ('error' in loaded) return <ChunkErrorPanel error={loaded.error} />;
    const Component = loaded.component;
    return <Component />;
  }
  return { element: routeBoundary(<Screen />), handle };
}

const def = <M extends { default: ComponentType }>(m: M) => m.default;

const home = () => import('./routes/home-screen');
const routeModals = () => import('./routes/route-modals');
const category = () => import('../features/games/pages/category-centre-page');
const lottery = () => import('./routes/lottery-screen');
const articlesList = () => import('../features/articles/articles-page');
const articleOne = () => import('../features/articles/article-page');
const sponsor = () => import('../features/promo/sponsor-page');
const authPages = () => import('../features/accounts/session/components/auth-pages');

/** Spec §2 Routes, each in its layout. Paths match case-insensitively. */
export const routes: RouteObject[] = [
  {
    element: routeBoundary(<RootShell />),
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
          { path: 'blog', ...screen(articlesList, (m) => m.BlogPage) },
          { path: 'blog/:id', ...screen(articleOne, (m) => m.BlogArticlePage) },
          { path: 'news', ...screen(articlesList, (m) => m.NewsPage) },
          { path: 'news/:id', ...screen(articleOne, (m) => m.NewsArticlePage) },
          { path: 'pointMall', ...screen(() => import('../features/loyalty/point-mall-page'), def) },
          { path: 'winners', ...screen(() => import('../features/loyalty/winners-list-page'), def) },
          { path: 'leaderboard', ...screen(() => import('../features/loyalty/leaderboard-page'), def) },
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
          // Public: checks a lottery draw in the browser (its own chunk with the draw engine).
          {
            path: 'lotteryVerify',
            ...screen(() => import('../features/lottery/pages/verify-page'), def),
          },
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
      <NavigateOutside />
      <Outlet />
    </ModalProvider>
  );
}

/**
 * The routes (spec §2) under the router around them: `BrowserRouter` in the app, `MemoryRouter`
 * in the server's prerender. A declarative router, not a data router: the app loads no data
 * through routes, and the data router alone weighed 16 KB gzipped in the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the screen at `pathname` (a failure shows in its place once rendered), so the
 * app's first render shows its layout and page together: the prerendered copy of the home page
 * gives way to the whole page at once, never to a layout around a page loader.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  await handle?.load().catch(() => undefined);
}

let navigateApp: NavigateFunction | null = null;

/** Lends the router's navigate to code outside React (the API client's session end). */
function NavigateOutside() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateApp = navigate;
    return () => {
      if (navigateApp === navigate) navigateApp = null;
    };
  }, [navigate]);
  return null;
}

/** Goes to the home page from outside React (before the app's pages are up, the address changes). */
export const navigateHome = () => {
  if (navigateApp) void navigateApp('/');
  else window.history.pushState(null, '', '/');
};
