import type { VendorCard } from '@aurum/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button, ButtonLink, type ButtonVariant } from '../../../components/ui';
import { loadChunk } from '../../../lib/chunks/chunk-load';
import { isLotteryVendor } from '../../../lib/games';
import { useLaunchGame } from '../../../lib/games/use-launch-game';
import { paths } from '../../../lib/routes/paths';

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
}

/**
 * A vendor's start button. Most vendors launch (their lobby, or the named game); a vendor whose
 * isGame is VASSALAGE opens the popup list of its games instead (spec §3 Game item); the in-house
 * lottery opens the lottery page, where its games play (never a game window).
 */
export function VendorStartButton(props: VendorStartProps) {
  const { vendor, gameCode, label, children, variant, size } = props;
  if (isLotteryVendor(vendor)) {
    const search = gameCode ? `?gameCode=${encodeURIComponent(gameCode)}` : '';
    return (
      <ButtonLink
        to={`${paths.lottery}${search}`}
        variant={variant}
        size={size}
        aria-label={label}
        data-action="open-lottery"
      >
        {children}
      </ButtonLink>
    );
  }
  return <LaunchButton {...props} />;
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
