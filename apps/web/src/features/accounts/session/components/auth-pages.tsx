import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModal } from '../../../../components/ui';
import { notify } from '../../../../lib/notify/notify';
import { paths } from '../../../../lib/routes/paths';
import { useLoginDone } from '../hooks/use-login-done';
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
  return (
    <section className={styles.page} data-page="login">
      <LoginPanel inModal={false} onSwitch={usePageSwitch()} onLoggedIn={useLoginDone()} />
    </section>
  );
}

export function RegisterPage() {
  return (
    <section className={styles.page} data-page="register">
      <RegisterPanel inModal={false} onSwitch={usePageSwitch()} onRegistered={useLoginDone()} />
    </section>
  );
}

export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={styles.page} data-page="forgotPassword">
      <ForgotPasswordPanel
        inModal={false}
        onSwitch={usePageSwitch()}
        onLoggedIn={useLoginDone()}
        onEmailSent={() => {
          notify(t('in_been_out'), 'success');
          navigate(paths.home);
        }}
      />
    </section>
  );
}
