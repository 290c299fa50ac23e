import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal, ModalTitle } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import { useLogout } from '../api/logout';
import styles from './auth.module.css';

/** Spec §2: sign-out asks first (in_sure_logout), then goes to /. */
export default function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Modal open={open} onClose={onClose} size="sm" dataModal="logout">
      <ModalTitle>{t('auth.logoutTitle')}</ModalTitle>
      <p className={styles.confirmText}>{t('in_sure_logout')}</p>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          busy={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => {
                onClose();
                navigate(paths.home);
              },
            })
          }
        >
          {t('common.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
