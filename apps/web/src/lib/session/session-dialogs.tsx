import { useTranslation } from 'react-i18next';
import { Button, Modal, ModalTitle } from '../../components/ui';
import styles from '../account/account-dialogs.module.css';

/**
 * The session dialogs' faces, a chunk of their own: the dialog frame stays out of the first load
 * (see ModalProvider) and is fetched only when one of them opens.
 */

interface HandoffDialogProps {
  open: boolean;
  /** The account the link signs in as, and the one signed in in this tab. */
  account: string;
  current: string;
  busy: boolean;
  onSwitch: () => void;
  onStay: () => void;
}

export function HandoffDialog({ open, account, current, busy, onSwitch, onStay }: HandoffDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onStay} size="sm" dataModal="handoff">
      <ModalTitle>{t('session.handoff.title')}</ModalTitle>
      <p className={styles.text}>{t('session.handoff.text', { account, current })}</p>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={busy} onClick={onStay} data-action="stay">
          {t('session.handoff.stay')}
        </Button>
        <Button busy={busy} disabled={busy} onClick={onSwitch} data-action="switch">
          {t('session.handoff.switch')}
        </Button>
      </div>
    </Modal>
  );
}

interface IdleDialogProps {
  open: boolean;
  /** Whole seconds left before the tab signs out. */
  seconds: number;
  staying: boolean;
  onStay: () => void;
}

export function IdleDialog({ open, seconds, staying, onStay }: IdleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onStay} size="sm" dataModal="idle-warning">
      <ModalTitle>{t('session.idle.title')}</ModalTitle>
      <p className={styles.text} aria-live="polite">
        {t('session.idle.text', { seconds })}
      </p>
      <div className={styles.actions}>
        <Button busy={staying} disabled={staying} onClick={onStay} data-action="stay-signed-in">
          {t('session.idle.stay')}
        </Button>
      </div>
    </Modal>
  );
}
