import type { VendorCard } from '@aurum/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../../components/ui';
import { loadChunk } from '../../../lib/chunks/chunk-load';
import { isLotteryVendor } from '../../../lib/games';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { type LotteryView, useLotteryLaunch } from '../../../lib/games/use-lottery-launch';

// The popup list (dialog frame, tiles, games texts) loads only when a VASSALAGE vendor is opened.
const VendorGamesDialog = lazy(() => loadChunk(() => import('./vendor-games-dialog')));

interface VendorStartProps {
  vendor: VendorCard;
  /** A game of the vendor to start directly (lottery pages pass the gameCode query). */
  gameCode?: string | undefined;
  label: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  /** The in-house lottery: open its game (`betting`, the mode's first without a gameCode) or its list. */
  lotteryView?: LotteryView | undefined;
}

/**
 * A vendor's start button. Most vendors launch (their lobby, or the named game); a vendor whose
 * isGame is VASSALAGE opens the popup list of its games instead (spec §3 Game item); the in-house
 * lottery opens the lottery page, where its games play (never a game window).
 */
export function VendorStartButton(props: VendorStartProps) {
  if (isLotteryVendor(props.vendor)) return <LotteryStartButton {...props} />;
  return <LaunchButton {...props} />;
}

/**
 * The in-house lottery's start: the lottery lobby launch (its card's prize mode, the game or the
 * list) answers the lottery page, which opens here (never a game window).
 */
function LotteryStartButton({
  vendor,
  gameCode,
  label,
  children,
  variant,
  size,
  lotteryView,
}: VendorStartProps) {
  const { t } = useTranslation();
  const launch = useLotteryLaunch();
  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={label}
        data-action="open-lottery"
        busy={launch.pending}
        onClick={() => launch.start(vendor, lotteryView ?? (gameCode ? 'betting' : 'lobby'), gameCode)}
      >
        {children}
      </Button>
      {launch.failed ? (
        <span role="alert" className="visually-hidden">
          {t('games.lotteryLaunchFailed')}
        </span>
      ) : null}
    </>
  );
}

function LaunchButton({ vendor, gameCode, label, children, variant, size }: VendorStartProps) {
  const launch = useLaunchGame();
  const [listing, setListing] = useState(false);
  const [listed, setListed] = useState(false);
  const start = () => {
    if (vendor.isGame === 'VASSALAGE' && !gameCode) {
      setListed(true);
      setListing(true);
      return;
    }
    launch({
      vassalage: vendor.vassalage,
      gameType: vendor.gameType,
      name: vendor.name,
      icon: vendor.icon,
      ...(gameCode ? { gameCode } : {}),
    });
  };
  return (
    <>
      <Button variant={variant} size={size} onClick={start} aria-label={label}>
        {children}
      </Button>
      {listed ? (
        <Suspense fallback={null}>
          <VendorGamesDialog vendor={vendor} open={listing} onClose={() => setListing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
