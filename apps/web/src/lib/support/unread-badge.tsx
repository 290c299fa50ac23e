import { Icon, useModal } from '../../components/ui';
import { useUnreadMessages } from './api';
import { useSupportTexts } from './texts';
import styles from './unread-badge.module.css';

/** The count on a red dot; nothing when there is nothing unread. */
export function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true" data-unread-badge={count}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The header's messages button (loaded lazily by header-messages.tsx: it carries the support texts). */
export function MessagesButton() {
  const { t } = useSupportTexts();
  const modal = useModal();
  const unread = useUnreadMessages();
  return (
    <button
      type="button"
      className={styles.badgeButton}
      aria-label={unread > 0 ? t('messages.badge', { count: unread }) : t('messages.badgeNone')}
      onClick={() => modal.open('memberCenter', { page: 'messageV2' })}
      data-action="open-messages"
      data-unread={unread}
    >
      <Icon name="mail" size={20} />
      <UnreadCount count={unread} />
    </button>
  );
}

/** The member centre's messageV2 tab label, with its unread counter (spec §2 Member centre). */
export function MessagesTabLabel() {
  const { t } = useSupportTexts();
  const unread = useUnreadMessages();
  return (
    <>
      {t('messages.title')}
      <UnreadCount count={unread} />
      {unread > 0 ? <span className="visually-hidden">{t('messages.badge', { count: unread })}</span> : null}
    </>
  );
}
