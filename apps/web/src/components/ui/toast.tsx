import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotices } from '../../lib/notify/notify';
import { cx } from './cx';
import { Icon } from './icon';
import styles from './toast.module.css';

/** Shows the notices raised with lib/notify; warnings are announced assertively. */
export function ToastViewport() {
  const { t } = useTranslation();
  const notices = useNotices();
  // Rendered beside the app root, so notices stay usable while a dialog makes the page inert.
  return createPortal(
    <div className={styles.region}>
      {notices.map((n) => (
        <div
          key={n.id}
          className={cx(styles.toast, styles[n.tone])}
          role={n.tone === 'danger' || n.tone === 'warning' ? 'alert' : 'status'}
        >
          <Icon name={n.tone === 'info' || n.tone === 'success' ? 'check' : 'alert'} size={18} />
          <span className={styles.message}>{n.message}</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label={t('common.dismiss')}
            onClick={() => dismissNotice(n.id)}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
