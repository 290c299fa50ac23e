import { useTranslation } from 'react-i18next';
import { Button, Modal, ModalTitle } from '../../../../components/ui';
import { FormFailure } from '../../../../components/ui/form';
import styles from './sessions.module.css';

/** Asks before a sign-out: what happens, then cancel or go ahead. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  failure,
  onConfirm,
  onClose,
  dataModal,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
  dataModal: string;
}) {
  const { t: tc } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} size="sm" dataModal={dataModal}>
      <ModalTitle>{title}</ModalTitle>
      <p className={styles.confirmText}>{text}</p>
      <FormFailure>{failure}</FormFailure>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onClose}>
          {tc('common.cancel')}
        </Button>
        <Button busy={busy} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
