import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, useModal } from '../../../../components/ui';
import { useSession } from '../../../../lib/session/session-store';
import { useBrand, useFeature } from '../../../../lib/site';
import styles from './auth.module.css';

// Everything a signed-in member sees is fetched once there is a session; visitors never load it.
const MemberArea = lazy(() => import('./member-area'));

/**
 * The header's account area. Visitors: Log in, Register when direct registration (DIRECTREG3)
 * is on, Free play when FREEPLAY3 is on. Members: the member area (avatar, menu, log out).
 */
export function AccountArea() {
  const session = useSession();
  if (!session.token) return <VisitorArea />;
  return (
    <Suspense
      fallback={
        <span className={styles.accountName}>
          <Icon name="user" size={18} />
          {session.account}
        </span>
      }
    >
      <MemberArea />
    </Suspense>
  );
}

function VisitorArea() {
  const { t } = useTranslation();
  const modal = useModal();
  const brand = useBrand();
  const canRegister = useFeature('DIRECTREG3');
  const freePlay = useFeature('FREEPLAY3');
  const [starting, setStarting] = useState(false);
  const playFree = () => {
    setStarting(true);
    void import('../../../../lib/account/free-play')
      .then((m) => m.startFreePlaySession(brand))
      .finally(() => setStarting(false));
  };
  return (
    <>
      {freePlay ? (
        <Button
          variant="ghost"
          size="md"
          onClick={playFree}
          busy={starting}
          disabled={starting}
          data-action="free-play"
        >
          {t('header.freePlay')}
        </Button>
      ) : null}
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
