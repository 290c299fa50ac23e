import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Icon } from '../../../../components/ui';
import { useLogout } from '../../../../lib/account/logout';
import { useSession } from '../../../../lib/session/session-store';
import styles from './view-only-banner.module.css';

/**
 * An operator's read-only view of a member's site (console "View as player"): said on every page,
 * above everything, with the way out. The server refuses every change to this session; the
 * banner tells whoever looks why a button answers "read-only".
 */
export function ViewOnlyBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  if (!session.token || !session.viewOnly) return null;
  const close = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        void navigate('/');
      },
    });
  return (
    <div className={styles.banner} role="status">
      <Icon name="eye" size={18} />
      <p className={styles.text}>
        <strong>{t('session.viewOnly.title', { account: session.account ?? '' })}</strong>{' '}
        {t('session.viewOnly.text')}
      </p>
      <Button variant="secondary" size="sm" onClick={close} disabled={logout.isPending}>
        {t('session.viewOnly.close')}
      </Button>
    </div>
  );
}
