import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes, type ScreenHandle } from '../../../../app/router';
import { ModalProvider, type ModalRegistry } from '../../../../components/ui';
import { fakeServer } from '../../../../testing/fake-server';
import { sitePermission } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { ForgetPage, LoginPage, RegisterPage } from './auth-pages';

// Under a loaded machine the settings fetch and lazy chunks can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

/** The extra routes sit outside renderWithApp's modal stack: each page gets its own. */
const withModals = (page: ReactNode) => <ModalProvider registry={{} as ModalRegistry}>{page}</ModalProvider>;

const flatten = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((r) => [r, ...flatten(r.children ?? [])]);

describe('the full-page sign-in screens (spec §2: LoginPage, RegisterPage, ForgetPage)', () => {
  it('are routed at /loginPage, /registerPage and /forgetPage', async () => {
    const byPath = new Map(flatten(routes).map((r) => [r.path, r]));
    const loaded = async (path: string) => {
      const handle = byPath.get(path)?.handle as ScreenHandle | undefined;
      if (!handle) throw new Error(`no screen route ${path}`);
      return handle.load();
    };
    expect(await loaded('loginPage')).toBe(LoginPage);
    expect(await loaded('registerPage')).toBe(RegisterPage);
    expect(await loaded('forgetPage')).toBe(ForgetPage);
  });

  it('show each panel as the page (its h1, no dialog) and switch between the pages', async () => {
    fakeServer({});
    const user = userEvent.setup();
    const { router } = renderWithApp(<LoginPage />, {
      permission: sitePermission({}, ['COMM3', 'DIRECTREG3', 'PASS3']),
      extraRoutes: [
        { path: '/registerPage', element: withModals(<RegisterPage />) },
        { path: '/forgetPage', element: withModals(<ForgetPage />) },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Register now' }));
    expect(router.state.location.pathname).toBe('/registerPage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await router.navigate('/');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgetPage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
