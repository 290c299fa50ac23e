import { useNavigate } from 'react-router';
import { type ModalBodyProps, useModal } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import type { LoginValue } from '../api/login';
import { ForgotPasswordPanel } from './forgot-password-panel';
import { LoginPanel } from './login-panel';
import type { AuthTarget } from './panel-title';
import { RegisterPanel } from './register-panel';

/** Moving between the sign-in modals closes the current one and opens the next. */
function useSwitchModal(current: 'login' | 'register' | 'forgotPassword') {
  const modal = useModal();
  return (target: AuthTarget) => {
    if (target === 'help') {
      modal.open('help');
      return;
    }
    modal.close(current);
    modal.open(target);
  };
}

/** Spec §4 After login: an expired password goes to /changePassword; otherwise home. */
export function useAfterLogin() {
  const navigate = useNavigate();
  return (value: LoginValue) =>
    navigate(value.forceChangePassword || value.passwordExpired ? paths.changePassword : paths.home);
}

export function LoginModal({ close }: ModalBodyProps<'login'>) {
  const onSwitch = useSwitchModal('login');
  const afterLogin = useAfterLogin();
  return (
    <LoginPanel
      inModal
      onSwitch={onSwitch}
      onLoggedIn={(value) => {
        close();
        afterLogin(value);
      }}
    />
  );
}

export function RegisterModal(_: ModalBodyProps<'register'>) {
  return <RegisterPanel inModal onSwitch={useSwitchModal('register')} />;
}

export function ForgotPasswordModal(_: ModalBodyProps<'forgotPassword'>) {
  return <ForgotPasswordPanel inModal onSwitch={useSwitchModal('forgotPassword')} />;
}
