import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Modal, ModalTitle, useModal } from '../../components/ui';
import { paths } from '../routes/paths';
import styles from './account-dialogs.module.css';
import { useLogout } from './logout';
import { useAccountTexts } from './texts';

/** Spec §2, §8: sign-out asks first (in_sure_logout), then goes to /. */
export default function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const navigate = useNavigate();
  const modal = useModal();
  const logout = useLogout();
  return (
    <Modal open={open} onClose={onClose} size="sm" dataModal="logout">
      <ModalTitle>{t('member.logoutTitle')}</ModalTitle>
      <p className={styles.text}>{tc('in_sure_logout')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          {tc('common.cancel')}
        </Button>
        <Button
          busy={logout.isPending}
          disabled={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => {
                onClose();
                modal.closeAll();
                navigate(paths.home);
              },
            })
          }
        >
          {tc('common.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
