import { UnreadCount } from '../support/unread-badge';
import { useMissionUnread } from './api';
import { useMissionsTexts } from './texts';

/** The member centre's missionLeaderboard tab label, with its unread counter (spec §2 Member centre). */
export function MissionsTabLabel() {
  const { t } = useMissionsTexts();
  const unread = useMissionUnread();
  return (
    <>
      {t('title')}
      <UnreadCount count={unread} />
      {unread > 0 ? <span className="visually-hidden">{t('unread', { count: unread })}</span> : null}
    </>
  );
}
