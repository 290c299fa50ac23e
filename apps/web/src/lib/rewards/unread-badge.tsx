import { UnreadCount } from '../support/unread-badge';
import { useRewardUnread } from './api';
import { useRewardsTexts } from './texts';

/** The member centre's rewardCenter tab label, with its unread counter (spec §2 Member centre). */
export function RewardsTabLabel() {
  const { t } = useRewardsTexts();
  const unread = useRewardUnread();
  return (
    <>
      {t('title')}
      <UnreadCount count={unread} />
      {unread > 0 ? <span className="visually-hidden">{t('unread', { count: unread })}</span> : null}
    </>
  );
}
