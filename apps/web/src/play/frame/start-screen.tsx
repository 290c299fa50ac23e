/**
 * What a game page shows before it can play: the brand mark while the session starts, or why it
 * cannot start (the link was used or expired: open the game again from the lobby; no network:
 * try again).
 */
import { errorCodeOf } from '../../lib/api/api-error';
import { paths } from '../../lib/routes/paths';
import { WRONG_GAME } from '../session/start-session';
import { useTexts } from '../texts';
import styles from './start-screen.module.css';

export function StartScreen(props: { error?: unknown; onRetry?: () => void }) {
  const texts = useTexts();
  if (props.error === undefined || props.error === null) {
    return (
      <div className={styles.screen} role="status" aria-live="polite">
        <img className={styles.mark} src={__BUILD_BRAND__.mark} alt="" width="64" height="64" />
        <p className={styles.note}>{texts.frame.loading}</p>
      </div>
    );
  }
  const code = errorCodeOf(props.error);
  if (code === 'network.abnormal' && props.onRetry) {
    return (
      <div className={styles.screen} role="alert">
        <p className={styles.note}>{texts.errors.network}</p>
        <button type="button" className={styles.button} onClick={props.onRetry}>
          {texts.frame.retry}
        </button>
      </div>
    );
  }
  return (
    <main className={styles.screen}>
      <img className={styles.mark} src={__BUILD_BRAND__.mark} alt="" width="64" height="64" />
      <h1 className={styles.heading}>{texts.start.noSessionTitle}</h1>
      <p className={styles.note} role="alert">
        {code === WRONG_GAME || code === 'play.game.mismatch' ? texts.start.wrongGame : texts.start.noSession}
      </p>
      <a className={styles.button} href={paths.inHouse}>
        {texts.start.backToSite}
      </a>
    </main>
  );
}
