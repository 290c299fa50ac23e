import { useTranslation } from 'react-i18next';
import { type ModalBodyProps, useModal } from '../../../../components/ui';
import { PageBanner } from '../../../../lib/content/page-banner';
import { notify } from '../../../../lib/notify/notify';
import { useLoginDone } from '../hooks/use-login-done';
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

export function LoginModal({ params }: ModalBodyProps<'login'>) {
  return (
    <>
      <LoginPanel
        inModal
        onSwitch={useSwitchModal('login')}
        onLoggedIn={useLoginDone()}
        twoFactorTicket={params?.twoFactorTicket}
      />
      <PageBanner group="login" end />
    </>
  );
}

export function RegisterModal({ params }: ModalBodyProps<'register'>) {
  return (
    <>
      <RegisterPanel
        inModal
        onSwitch={useSwitchModal('register')}
        onRegistered={useLoginDone()}
        referralCode={params?.referralCode}
      />
      <PageBanner group="register" end />
    </>
  );
}

export function ForgotPasswordModal({ close }: ModalBodyProps<'forgotPassword'>) {
  const { t } = useTranslation();
  return (
    <>
      <ForgotPasswordPanel
        inModal
        onSwitch={useSwitchModal('forgotPassword')}
        onLoggedIn={useLoginDone()}
        onEmailSent={() => {
          notify(t('in_been_out'), 'success');
          close();
        }}
      />
      <PageBanner group="w_forget" end />
    </>
  );
}
