import { useLocation, useNavigate } from 'react-router';
import { Button, type ModalBodyProps, ModalTitle, useModal } from '../../../components/ui';
import { isForcedChange } from '../../../lib/account/forced-change';
import { useAccountTexts } from '../../../lib/account/texts';
import { paths } from '../../../lib/routes/paths';
import { useSession } from '../../../lib/session/session-store';
import styles from './change-password.module.css';
import { ChangePasswordForm } from './change-password-form';

/**
 * /changePassword: also the forced destination after a login with the default or an expired
 * password; it says the change is required only then (the login's router state), else it is an
 * ordinary change of password.
 */
export function ChangePasswordPage() {
  const { t } = useAccountTexts();
  const navigate = useNavigate();
  const forced = isForcedChange(useLocation().state);
  const { token } = useSession();
  const modal = useModal();
  return (
    <section className={styles.page} data-page="changePassword">
      <h1>{t('changePassword.title')}</h1>
      {token ? (
        <>
          <p className={styles.lead} data-forced={forced || undefined}>
            {t(forced ? 'changePassword.forcedSubtitle' : 'changePassword.subtitle')}
          </p>
          <ChangePasswordForm onDone={() => navigate(paths.home)} />
        </>
      ) : (
        <div className={styles.signIn}>
          <p>{t('changePassword.signInFirst')}</p>
          <Button onClick={() => modal.open('login')}>{t('login.submit')}</Button>
        </div>
      )}
    </section>
  );
}

/** The change-expired-password modal (spec §2 Modals): on success it closes and goes home. */
export function ChangePasswordModal({ close }: ModalBodyProps<'changePassword'>) {
  const { t } = useAccountTexts();
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
