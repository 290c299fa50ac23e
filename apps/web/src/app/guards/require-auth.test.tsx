import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from './require-auth';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>Login route</p> },
      {
        element: <RequireAuth />,
        children: [{ path: '/secret', element: <p>Secret page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireAuth', () => {
  it('redirects a visitor without a session token to /login', () => {
    const router = renderAt('/secret');
    expect(screen.getByText('Login route')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/secret' } });
  });

  it('shows the page when a session token exists', () => {
    sessionStorage.setItem('token', 't0ken');
    renderAt('/secret');
    expect(screen.getByText('Secret page')).toBeTruthy();
  });
});
