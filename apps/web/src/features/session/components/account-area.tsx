import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, useModal } from '../../../components/ui';
import { getAccountName, useSessionToken } from '../../../lib/session/session-store';
import { useFeature } from '../../../lib/site';
import styles from './auth.module.css';

// The confirmation (spec: in_sure_logout) is fetched when first needed.
const LogoutDialog = lazy(() => import('./logout-dialog'));

/**
 * The header's account area. Visitors: Log in, and Register when direct registration (DIRECTREG3)
 * is on. Members: their account and log out; balance, avatar and the member menu come with the
 * accounts issue.
 */
export function AccountArea() {
  const { t } = useTranslation();
  const modal = useModal();
  const token = useSessionToken();
  const canRegister = useFeature('DIRECTREG3');
  if (!token) {
    return (
      <>
        <Button variant="secondary" size="md" onClick={() => modal.open('login')} data-action="login">
          {t('common.logIn')}
        </Button>
        {canRegister ? (
          <Button variant="primary" size="md" onClick={() => modal.open('register')} data-action="register">
            {t('common.register')}
          </Button>
        ) : null}
      </>
    );
  }
  return <MemberArea />;
}

function MemberArea() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [used, setUsed] = useState(false);
  const account = getAccountName();
  return (
    <div className={styles.account}>
      {account ? (
        <span className={styles.accountName} title={t('auth.signedInAs', { account })}>
          <Icon name="user" size={18} />
          {account}
        </span>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => {
          setUsed(true);
          setConfirming(true);
        }}
        data-action="logout"
      >
        <Icon name="logout" size={18} />
        {t('common.logOut')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
