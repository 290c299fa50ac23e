import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useModal } from '../../components/ui';
import { paths } from '../../lib/routes/paths';
import HomeScreen from './home-screen';

/** /login: redirects to / and opens the login popup (spec §2 Routes). */
export function LoginRedirect() {
  const modal = useModal();
  useEffect(() => {
    modal.open('login');
  }, [modal]);
  return <Navigate to={paths.home} replace />;
}

/** Opens a modal over the page when the route is entered; closing it returns to /. */
function RouteModal({ id, path }: { id: 'register' | 'forgotPassword' | 'help'; path: string }) {
  const modal = useModal();
  const navigate = useNavigate();
  useEffect(() => {
    modal.open(id, undefined, {
      onClose: () => {
        if (window.location.pathname.toLowerCase() === path.toLowerCase()) navigate(paths.home);
      },
    });
  }, [modal, navigate, id, path]);
  return null;
}

export function RegisterScreen() {
  return (
    <>
      <HomeScreen />
      <RouteModal id="register" path={paths.register} />
    </>
  );
}

export function ForgotPasswordScreen() {
  return (
    <>
      <HomeScreen />
      <RouteModal id="forgotPassword" path={paths.forgotPassword} />
    </>
  );
}

export function HelpScreen() {
  return (
    <>
      <HomeScreen />
      <RouteModal id="help" path={paths.help} />
    </>
  );
}
