import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { consoleApi, type Operator } from '../api';
import { navigate, pathOf, SECTION_PERMISSION, SECTIONS, type SectionId } from '../navigation';
import { type ConsoleSession, isSessionEnd, SessionContext } from '../session';
import { fill, useTexts } from '../texts';
import { ErrorBanner, LanguageButton } from '../ui';
import { AgentsSection } from './agents';
import { ApprovalsSection } from './approvals';
import { AuditSection } from './audit';
import { ContentSection } from './content';
import { FeaturesSection } from './features';
import { GamesSection } from './games';
import { LotterySection } from './lottery';
import { OperatorsSection } from './operators';
import { OverviewSection } from './overview';
import { PlayersSection } from './players';
import { PointsRedemptions } from './points-redemptions';
import { PromotionsSection } from './promotions';
import { QueueSection } from './queue';
import { ReportsSection } from './reports';
import { SiteSection } from './site';
import { SupportSection } from './support';

/**
 * Each console section's page (typed by the shared sections: a section without a page does not
 * compile); the players section also takes the member whose page is open.
 */
export const SECTION_PAGES: Record<SectionId, (player?: string) => ReactNode> = {
  overview: () => <OverviewSection />,
  site: () => <SiteSection />,
  features: () => <FeaturesSection />,
  games: () => <GamesSection />,
  content: () => <ContentSection />,
  promotions: () => <PromotionsSection />,
  support: () => <SupportSection />,
  lottery: () => <LotterySection />,
  approvals: () => <ApprovalsSection />,
  withdrawals: () => (
    <>
      <QueueSection kind="withdraw" />
      <PointsRedemptions />
    </>
  ),
  deposits: () => <QueueSection kind="deposit" />,
  risk: () => <QueueSection kind="risk" />,
  players: (player) => <PlayersSection account={player} />,
  agents: () => <AgentsSection />,
  reports: () => <ReportsSection />,
  operators: () => <OperatorsSection />,
  audit: () => <AuditSection />,
};

/** The signed-in console: the operator, the sections its role may open, and the one open. */
export function Shell({
  section,
  player,
  onLanguage,
  onSignedOut,
}: {
  section: SectionId;
  /** The member whose page the players section shows, if any. */
  player?: string | undefined;
  onLanguage: () => void;
  onSignedOut: (sessionEnded: boolean) => void;
}) {
  const t = useTexts();
  const [operator, setOperator] = useState<Operator | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    consoleApi.me().then(setOperator, (e) => (isSessionEnd(e) ? onSignedOut(false) : setError(e)));
  }, [onSignedOut]);
  const session = useMemo<ConsoleSession | null>(
    () =>
      operator && {
        operator,
        can: (p) => operator.permissions.includes(p),
        failed: (e) => {
          if (isSessionEnd(e)) onSignedOut(true);
        },
      },
    [operator, onSignedOut],
  );
  if (!session) {
    return <div className="c-centre">{error ? <ErrorBanner error={error} /> : <p>{t.loading}</p>}</div>;
  }
  const open = SECTIONS.filter((s) => session.can(SECTION_PERMISSION[s]));
  const current = open.includes(section) ? section : open[0];
  const signOut = () => {
    void consoleApi.signOut().finally(() => onSignedOut(false));
  };
  return (
    <SessionContext.Provider value={session}>
      <div className="c-shell">
        <header className="c-header">
          <span className="c-brand">{t.brand}</span>
          <span className="c-who">
            {fill(t.shell.signedInAs, { name: session.operator.name })} ·{' '}
            {t.roles[session.operator.role] ?? session.operator.role}
          </span>
          <LanguageButton onClick={onLanguage} />
          <button type="button" className="c-button c-button-quiet" onClick={signOut}>
            {t.shell.signOut}
          </button>
        </header>
        <nav className="c-nav" aria-label={t.shell.nav}>
          {open.map((s) => (
            <a
              key={s}
              href={pathOf({ kind: 'section', section: s })}
              aria-current={s === current ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                navigate(pathOf({ kind: 'section', section: s }));
              }}
            >
              {t.sections[s]}
            </a>
          ))}
        </nav>
        <main className="c-main">{current ? SECTION_PAGES[current](player) : null}</main>
      </div>
    </SessionContext.Provider>
  );
}
