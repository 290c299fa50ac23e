import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../lib/routes/paths';
import { useSessionToken } from '../../lib/session/session-store';

/**
 * Spec §2/§6: a route can require a session; without a token it redirects to /login (which opens
 * the login popup). No route uses it yet.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const token = useSessionToken();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
