import { useNavigate } from 'react-router';
import { useModal } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import { useAfterLogin } from './auth-modals';
import styles from './auth-pages.module.css';
import { ForgotPasswordPanel } from './forgot-password-panel';
import { LoginPanel } from './login-panel';
import type { AuthTarget } from './panel-title';
import { RegisterPanel } from './register-panel';

const PAGE_FOR: Record<Exclude<AuthTarget, 'help'>, string> = {
  login: paths.loginPage,
  register: paths.registerPage,
  forgotPassword: paths.forgetPage,
};

function usePageSwitch() {
  const navigate = useNavigate();
  const modal = useModal();
  return (target: AuthTarget) => (target === 'help' ? modal.open('help') : navigate(PAGE_FOR[target]));
}

/** The full-page sign-in screens for direct links (checklist: LoginPage, RegisterPage, ForgetPage). */
export function LoginPage() {
  const afterLogin = useAfterLogin();
  return (
    <section className={styles.page} data-page="login">
      <LoginPanel inModal={false} onSwitch={usePageSwitch()} onLoggedIn={afterLogin} />
    </section>
  );
}

export function RegisterPage() {
  return (
    <section className={styles.page} data-page="register">
      <RegisterPanel inModal={false} onSwitch={usePageSwitch()} />
    </section>
  );
}

export function ForgetPage() {
  return (
    <section className={styles.page} data-page="forgotPassword">
      <ForgotPasswordPanel inModal={false} onSwitch={usePageSwitch()} />
    </section>
  );
}
