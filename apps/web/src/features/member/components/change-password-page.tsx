import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, type ModalBodyProps, ModalTitle, useModal } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import { useSessionToken } from '../../../lib/session/session-store';
import styles from './change-password.module.css';
import { ChangePasswordForm } from './change-password-form';

/** /changePassword: also the forced destination after a login with an expired password. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSessionToken();
  const modal = useModal();
  return (
    <section className={styles.page} data-page="changePassword">
      <h1>{t('changePassword.title')}</h1>
      {token ? (
        <>
          <p className={styles.lead}>{t('changePassword.subtitle')}</p>
          <ChangePasswordForm onDone={() => navigate(paths.home)} />
        </>
      ) : (
        <div className={styles.signIn}>
          <p>{t('changePassword.signInFirst')}</p>
          <Button onClick={() => modal.open('login')}>{t('common.logIn')}</Button>
        </div>
      )}
    </section>
  );
}

/** The change-expired-password modal (spec §2 Modals). */
export function ChangePasswordModal({ close }: ModalBodyProps<'changePassword'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <ModalTitle>{t('changePassword.title')}</ModalTitle>
      <p className={styles.lead}>{t('changePassword.subtitle')}</p>
      <ChangePasswordForm
        onDone={() => {
          close();
          navigate(paths.home);
        }}
      />
    </>
  );
}
