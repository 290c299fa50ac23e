import type { Linkage } from '@aurum/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLaunchGame } from '../games/use-launch-game';
import { useGameMenus } from '../site';

interface SlideLinkProps {
  link: Linkage;
  className?: string;
  children: ReactNode;
}

/**
 * Where a banner or a content block leads (spec §3 linkageType): INTERNAL a route of the site,
 * EXTERNAL a new tab, GAME the game launch flow, PROMOTION the promotion's page. NONE renders
 * nothing (the caller shows no link at all).
 */
export function SlideLink({ link, className, children }: SlideLinkProps) {
  switch (link.linkageType) {
    case 'INTERNAL':
      return (
        <Link to={link.target} className={className} data-linkage="INTERNAL">
          {children}
        </Link>
      );
    case 'PROMOTION':
      return (
        <Link
          to={`/promotions/${encodeURIComponent(link.target)}`}
          className={className}
          data-linkage="PROMOTION"
        >
          {children}
        </Link>
      );
    case 'EXTERNAL':
      return (
        <a
          href={link.target}
          target="_blank"
          rel="noopener noreferrer"
          className={className}
          data-linkage="EXTERNAL"
        >
          {children}
        </a>
      );
    case 'GAME':
      return (
        <GameLink vassalage={link.vassalage} gameCode={link.gameCode} className={className}>
          {children}
        </GameLink>
      );
    default:
      return null;
  }
}

function GameLink({
  vassalage,
  gameCode,
  className,
  children,
}: {
  vassalage: string;
  gameCode: string;
  className?: string;
  children: ReactNode;
}) {
  const launch = useLaunchGame();
  const { menus } = useGameMenus();
  const vendor = menus.flatMap((m) => m.vendors).find((v) => v.vassalage === vassalage);
  if (!vendor) return null;
  return (
    <button
      type="button"
      className={className}
      data-linkage="GAME"
      onClick={() =>
        launch({ vassalage, gameCode, gameType: vendor.gameType, name: vendor.name, icon: vendor.icon })
      }
    >
      {children}
    </button>
  );
}
