import type { GameItem } from '@aurum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, cx, Icon, useModal } from '../../../components/ui';
import { TrialBlock } from '../../../lib/account/trial-block';
import { errorTextKey } from '../../../lib/api';
import { formatDateTimeInline } from '../../../lib/format/date';
import { useGamesTexts } from '../../../lib/games/texts';
import { launchParamsOf } from '../../../lib/games/use-launch-game';
import type { GameLaunchParams } from '../../../lib/modals/modal-ids';
import { useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import { useHotGames } from '../api/hot-games';
import type { LaunchFailure } from '../model/launch-failure';
import { GameGrid } from './game-grid';
import styles from './game-launch-modal.module.css';

/** Other hot games offered while a vendor is in maintenance (spec §8). */
const SUGGESTIONS = 4;

type PlayFree = (() => void) | undefined;

/** "Play for free" with the promise it keeps: play money, nothing real at stake. */
function PlayFreeOffer({ onPlayFree }: { onPlayFree: PlayFree }) {
  const { t } = useGamesTexts();
  if (!onPlayFree) return null;
  return (
    <div className={styles.freePlay} data-free-play="true">
      <Button variant="highlight" size="lg" onClick={onPlayFree} data-action="play-free">
        <Icon name="play" size={16} />
        {t('launch.playFree')}
      </Button>
      <p>{t('launch.playFreeText')}</p>
    </div>
  );
}

/** Spec §6: a visitor's protected action asks to log in ("you are not logged in"). */
export function VisitorView({ close, onPlayFree }: { close: () => void; onPlayFree: PlayFree }) {
  const { t } = useGamesTexts();
  const { t: tc } = useTranslation();
  const modal = useModal();
  return (
    <div className={styles.message} data-launch-view="visitor">
      <h3>{t('launch.notLoggedIn')}</h3>
      <p>{t('launch.notLoggedInText')}</p>
      <div className={styles.actions}>
        <Button
          size="lg"
          onClick={() => {
            close();
            modal.open('login');
          }}
        >
          {tc('common.logIn')}
        </Button>
      </div>
      <PlayFreeOffer onPlayFree={onPlayFree} />
    </div>
  );
}

/** Spec §4, §8: a trial account is told a real account is needed; in-house games play for free. */
export function TrialView({ close, onPlayFree }: { close: () => void; onPlayFree: PlayFree }) {
  return (
    <div className={cx(styles.message, styles.trial)} data-launch-view="trial">
      <TrialBlock close={close} />
      <PlayFreeOffer onPlayFree={onPlayFree} />
    </div>
  );
}

/** Launched without a window (the launch did not start from a click): one click opens it. */
export function MemberReady({ name, onOpen }: { name: string; onOpen: () => void }) {
  const { t } = useGamesTexts();
  return (
    <div className={styles.message} data-launch-view="ready">
      <h3>{t('launch.readyTitle', { name })}</h3>
      <p>{t('launch.readyText')}</p>
      <Button size="lg" onClick={onOpen} data-action="open-game">
        <Icon name="external" size={18} />
        {t('launch.openGame')}
      </Button>
    </div>
  );
}

/** Spec §8 Popup blocked: allow popups, then try again. */
export function BlockedView({ onRetry }: { onRetry: () => void }) {
  const { t } = useGamesTexts();
  const { t: tc } = useTranslation();
  return (
    <div className={styles.message} role="alert" data-launch-view="blocked">
      <h3>{t('launch.blockedTitle')}</h3>
      <p>{tc('errors.popupBlocked')}</p>
      <Button size="lg" onClick={onRetry} data-action="retry">
        <Icon name="refresh" size={18} />
        {t('launch.tryAgain')}
      </Button>
    </div>
  );
}

interface FailureViewProps {
  failure: LaunchFailure;
  game: GameLaunchParams;
  close: () => void;
  onRetry: () => void;
  onSuggestion: (game: GameLaunchParams) => void;
  onPlayFree: PlayFree;
}

/** What a failed launch means for the player, and what they can do next. */
export function FailureView({ failure, game, close, onRetry, onSuggestion, onPlayFree }: FailureViewProps) {
  const { t } = useGamesTexts();
  const { t: tc } = useTranslation();
  const modal = useModal();
  switch (failure.kind) {
    case 'balance': {
      // A transfer-mode vendor's game plays from its own wallet: money moves there in My wallet.
      const offer = failure.gameWallet
        ? ({
            view: 'game-wallet',
            text: 'launch.gameWalletText',
            page: 'transferFund',
            action: 'my-wallet',
            label: 'launch.myWallet',
          } as const)
        : ({
            view: 'balance',
            text: 'launch.balanceText',
            page: 'depositv2',
            action: 'deposit',
            label: 'launch.deposit',
          } as const);
      return (
        <div className={styles.message} role="alert" data-launch-view={offer.view}>
          <h3>{t('launch.balanceTitle')}</h3>
          <p>{t(offer.text, { name: game.name })}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={close}>
              {tc('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                close();
                modal.open('memberCenter', { page: offer.page });
              }}
              data-action={offer.action}
            >
              {t(offer.label)}
            </Button>
          </div>
        </div>
      );
    }
    case 'maintenance':
      return <MaintenanceView failure={failure} game={game} onSuggestion={onSuggestion} />;
    case 'notContracted':
      return (
        <div className={styles.message} role="alert" data-launch-view="not-contracted">
          <h3>{t('launch.notContractedTitle', { name: game.name })}</h3>
          <p>{t('launch.notContractedText')}</p>
          <CustomerServiceButton />
        </div>
      );
    case 'trial':
      return <TrialView close={close} onPlayFree={onPlayFree} />;
    case 'unknownGame':
      return (
        <div className={styles.message} data-launch-view="unknown">
          <h3>{t('launch.unknownGameTitle')}</h3>
          <p>{t('launch.unknownGameText')}</p>
        </div>
      );
    case 'freePlayUnavailable':
      return (
        <div className={styles.message} data-launch-view="free-play-unavailable">
          <h3>{t('launch.freePlayUnavailableTitle')}</h3>
          <p>{t('launch.freePlayUnavailableText')}</p>
        </div>
      );
    case 'other':
      return (
        <div className={styles.message} role="alert" data-launch-view="failed">
          <h3>{t('launch.failedTitle')}</h3>
          <p>{tc(errorTextKey(failure.code))}</p>
          <Button size="lg" onClick={onRetry} data-action="retry">
            <Icon name="refresh" size={18} />
            {t('launch.tryAgain')}
          </Button>
        </div>
      );
  }
}

function CustomerServiceButton() {
  const { t: tc } = useTranslation();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  const first = cs[0];
  if (!first) return null;
  return (
    <Button variant="secondary" onClick={() => openCs(first)}>
      <Icon name="headset" />
      {tc('common.contactCustomerService')}
    </Button>
  );
}

/** Spec §8 game maintenance: the window (YYYY-MM-DD HH:mm:ss) and other hot games to play meanwhile. */
function MaintenanceView({
  failure,
  game,
  onSuggestion,
}: {
  failure: Extract<LaunchFailure, { kind: 'maintenance' }>;
  game: GameLaunchParams;
  onSuggestion: (game: GameLaunchParams) => void;
}) {
  const { t } = useGamesTexts();
  const hot = useHotGames();
  const others = useMemo(
    () => (hot.data?.list ?? []).filter((g) => g.vassalage !== game.vassalage).slice(0, SUGGESTIONS),
    [hot.data, game.vassalage],
  );
  const { start, end } = failure;
  const when =
    start !== null && end !== null
      ? t('launch.maintenanceWindow', { start: formatDateTimeInline(start), end: formatDateTimeInline(end) })
      : end !== null
        ? t('launch.maintenanceUntil', { end: formatDateTimeInline(end) })
        : t('launch.maintenanceText');
  return (
    <div className={styles.message} data-launch-view="maintenance">
      <div className={styles.message} role="alert">
        <h3>{t('launch.maintenanceTitle', { name: game.name })}</h3>
        <p data-maintenance-window="true">{when}</p>
      </div>
      {hot.enabled && (hot.isPending || others.length > 0) ? (
        <section className={styles.suggestions} aria-labelledby="launch-suggestions">
          <h4 id="launch-suggestions">{t('launch.suggestions')}</h4>
          <GameGrid
            games={hot.data ? others : undefined}
            label={t('launch.suggestions')}
            skeletons={SUGGESTIONS}
            empty={null}
            onPlay={(g: GameItem) => onSuggestion(launchParamsOf(g))}
          />
        </section>
      ) : null}
    </div>
  );
}
