import { useTranslation } from 'react-i18next';
import { Button, Icon, Modal, ModalTitle } from '../../components/ui';
import styles from './account-dialogs.module.css';

interface WarningDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** The button's text; "OK" by default. */
  action?: string;
  dataModal?: string;
}

/** The warning popup of spec §8 (login format, SMS send failure, invitation code). */
export function WarningDialog({
  open,
  onClose,
  title,
  text,
  action,
  dataModal = 'warning',
}: WarningDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} size="sm" dataModal={dataModal}>
      <div className={styles.warning}>
        <Icon name="alert" size={32} className={styles.warningIcon} />
        <ModalTitle>{title}</ModalTitle>
        <p className={styles.text}>{text}</p>
        <Button size="lg" block onClick={onClose}>
          {action ?? t('common.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
