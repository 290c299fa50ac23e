import { useCallback, useEffect, useRef, useState } from 'react';
import { Img, type ModalBodyProps, ModalTitle, Spinner } from '../../../components/ui';
import { openGameWindow } from '../../../lib/games/launch-window';
import { useGamesTexts } from '../../../lib/games/texts';
import type { GameLaunchParams } from '../../../lib/modals/modal-ids';
import { useSession } from '../../../lib/session/session-store';
import { useBrand, useFeature } from '../../../lib/site';
import { type LaunchMode, useLaunchFlow } from '../hooks/use-launch-flow';
import styles from './game-launch-modal.module.css';
import { BlockedView, FailureView, MemberReady, TrialView, VisitorView } from './launch-views';

/**
 * The game-launch modal (spec §2 Modals, §8). A member's game launches at once into the window
 * opened on the click; what can go wrong is said here: not enough balance (offer deposit),
 * vendor maintenance (its window and other hot games), a vendor not contracted, a blocked
 * popup. Visitors are asked to log in; trial accounts are told a real account is needed
 * (in_need_true_account); both may play in-house games for free with play money.
 */
export default function GameLaunchModal({ params, close }: ModalBodyProps<'gameLaunch'>) {
  const { t } = useGamesTexts();
  const { token, isTrial } = useSession();
  const brand = useBrand();
  const freePlayOn = useFeature('FREEPLAY3');
  const [game, setGame] = useState<GameLaunchParams>(params);
  const flow = useLaunchFlow(close);
  const { run, setState } = flow;
  const member = token !== null && !isTrial;

  // A member's launch starts with the modal, once (the window, if any, was opened on the click).
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !member) return;
    started.current = true;
    void run(params, params.target, 'real');
  }, [member, params, run]);

  /** Play money: a visitor first gets a trial session (the header's free play), then the game. */
  const playFree = useCallback(
    async (which: GameLaunchParams) => {
      const target = openGameWindow();
      if (!target) {
        setState({ phase: 'blocked', url: null, mode: 'free' });
        return;
      }
      if (!token) {
        setState({ phase: 'launching' });
        const { startFreePlaySession } = await import('../../../lib/account/free-play');
        if (!(await startFreePlaySession(brand))) {
          target.close();
          setState({ phase: 'idle' });
          return;
        }
      }
      await run(which, target, 'free');
    },
    [token, brand, run, setState],
  );

  const retry = (mode: LaunchMode) => (mode === 'free' ? playFree(game) : flow.launchFromClick(game, mode));
  const relaunch = (next: GameLaunchParams) => {
    setGame(next);
    void flow.launchFromClick(next, 'real');
  };
  const canPlayFree = freePlayOn && game.freePlay === true;
  const { state } = flow;

  return (
    <div className={styles.launch} data-vendor={game.vassalage} data-launch={state.phase}>
      <ModalTitle>{t('launch.title', { name: game.name })}</ModalTitle>
      {game.icon ? (
        <div className={styles.art}>
          <Img src={game.icon} alt="" ratio={16 / 9} fit="contain" lazy={false} className={styles.img} />
        </div>
      ) : null}
      {state.phase === 'launching' || (state.phase === 'idle' && member) ? (
        <div className={styles.message}>
          <Spinner label={t('launch.starting', { name: game.name })} />
          <p aria-hidden="true">{t('launch.starting', { name: game.name })}</p>
        </div>
      ) : state.phase === 'ready' ? (
        <MemberReady name={game.name} onOpen={() => flow.open(state.url, 'real')} />
      ) : state.phase === 'blocked' ? (
        <BlockedView
          onRetry={() => (state.url ? flow.open(state.url, state.mode) : void retry(state.mode))}
        />
      ) : state.phase === 'failed' ? (
        <FailureView
          failure={state.failure}
          game={game}
          close={close}
          onRetry={() => void retry(state.mode)}
          onSuggestion={relaunch}
          onPlayFree={canPlayFree ? () => void playFree(game) : undefined}
        />
      ) : isTrial ? (
        <TrialView close={close} onPlayFree={canPlayFree ? () => void playFree(game) : undefined} />
      ) : (
        <VisitorView close={close} onPlayFree={canPlayFree ? () => void playFree(game) : undefined} />
      )}
    </div>
  );
}
