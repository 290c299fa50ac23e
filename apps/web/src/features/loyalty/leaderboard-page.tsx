import { Button, PageHeader, useModal } from '../../components/ui';
import { useMissionsTexts } from '../../lib/missions/texts';
import { useSession } from '../../lib/session/session-store';
import styles from './loyalty.module.css';
import own from './missions.module.css';
import { MissionBoards } from './missions-page';

/**
 * /leaderboard (spec §2 further screens): each mission's leaderboard on its own metric and period,
 * with the member's own rank; a visitor or a trial account is asked to log in with a real account.
 */
export default function LeaderboardPage() {
  const { t } = useMissionsTexts();
  const { token, isTrial } = useSession();
  const modal = useModal();
  return (
    <div className={`${styles.page} ${own.screen}`} data-page="leaderboard">
      <PageHeader title={t('leaderboardPage.title')} subtitle={t('leaderboardPage.subtitle')} compact />
      {token && !isTrial ? (
        <MissionBoards headingLevel={2} />
      ) : (
        <section className={styles.card}>
          <p className={styles.muted}>{t('board.signIn')}</p>
          {token ? null : (
            <Button onClick={() => modal.open('login')} data-action="leaderboard-login">
              {t('board.signIn')}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
