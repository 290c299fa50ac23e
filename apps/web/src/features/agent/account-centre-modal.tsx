import type { FeatureKey } from '@aurum/contract';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModalBodyProps, ModalTitle, Spinner, TabPanel, Tabs } from '../../components/ui';
import { TrialBlock } from '../../lib/account/trial-block';
import { useAgentTexts } from '../../lib/agent/texts';
import { loadChunk } from '../../lib/chunks/chunk-load';
import { isFeatureOn } from '../../lib/contract';
import { useSession } from '../../lib/session/session-store';
import { useSiteData } from '../../lib/site';

// Each page is its own chunk: its texts, forms and queries load only when the agent opens it.
const TeamOverviewPage = lazy(() => loadChunk(() => import('./team-overview-page')));
const RegisterCentrePage = lazy(() => loadChunk(() => import('./register-centre-page')));
const DownlineManagementPage = lazy(() => loadChunk(() => import('./downline-management-page')));
const DownlineTransferPage = lazy(() => loadChunk(() => import('./downline-transfer-page')));
const reports = () => import('./team-reports-page');
const TeamBetsPage = lazy(() => loadChunk(() => reports().then((m) => ({ default: m.TeamBetsPage }))));
const TeamPnlPage = lazy(() => loadChunk(() => reports().then((m) => ({ default: m.TeamPnlPage }))));
const DownlineTransactionsPage = lazy(() =>
  loadChunk(() => reports().then((m) => ({ default: m.DownlineTransactionsPage }))),
);
const AgentIncomePage = lazy(() => loadChunk(() => reports().then((m) => ({ default: m.AgentIncomePage }))));
const RedEnvelopePage = lazy(() => loadChunk(() => import('./red-envelope-page')));

/** The agent centre's pages (spec §2 Agent centre), each shown only while its feature key is on. */
export const AGENT_PAGES = [
  { page: 'agentTeamOverview', tab: 'overview', key: 'AGEINFO3', Page: TeamOverviewPage },
  { page: 'registerCenter', tab: 'register', key: 'REGCEN', Page: RegisterCentrePage },
  { page: 'downlineManagmentView', tab: 'downlines', key: 'DOWNMAN', Page: DownlineManagementPage },
  {
    page: 'agentDownlineTransactionDetailsCopy',
    tab: 'transfer',
    key: 'AGEDOWNTRANS3',
    Page: DownlineTransferPage,
  },
  { page: 'personalHistoryCopy', tab: 'bets', key: 'TRANSBETREPMEM3', Page: TeamBetsPage },
  { page: 'palStatementsAgentCopy', tab: 'pnl', key: 'AGETEAMPNL3', Page: TeamPnlPage },
  {
    page: 'agentDownlineTransactions',
    tab: 'transactions',
    key: 'AGEDOWNTRANS3',
    Page: DownlineTransactionsPage,
  },
  { page: 'agentRevenueReport', tab: 'income', key: 'AGEREV3', Page: AgentIncomePage },
  { page: 'redEnvelope', tab: 'envelopes', key: 'AGENTRANSMULTDOWN3', Page: RedEnvelopePage },
] as const satisfies readonly {
  page: string;
  tab: string;
  key: FeatureKey;
  Page: ComponentType;
}[];
type AgentPage = (typeof AGENT_PAGES)[number]['page'];

/**
 * The account (agent) centre panel: the team overview by default, the register centre, downline
 * management, the downline transfer, the team reports and red envelopes, as tabs. Trial accounts are refused (spec §4).
 */
export default function AccountCentreModal({ close, params }: ModalBodyProps<'accountCenter'>) {
  const { t } = useTranslation();
  const { isTrial } = useSession();
  return (
    <>
      <ModalTitle>{t('agent.title')}</ModalTitle>
      {isTrial ? (
        <TrialBlock close={close} />
      ) : (
        <Suspense fallback={<Spinner label={t('agent.title')} />}>
          <AgentCentre initial={params?.page} />
        </Suspense>
      )}
    </>
  );
}

function AgentCentre({ initial }: { initial: string | undefined }) {
  const { t } = useAgentTexts();
  const flags = useSiteData().permission.info.whitelabelVal;
  const pages = AGENT_PAGES.filter((p) => isFeatureOn(flags, p.key));
  const [current, setCurrent] = useState<AgentPage | undefined>(
    pages.find((p) => p.page === initial)?.page ?? pages[0]?.page,
  );
  const shown = pages.find((p) => p.page === current) ?? pages[0];
  if (!shown) return <p>{t('tabs.off')}</p>;
  const { Page } = shown;
  return (
    <>
      <Tabs
        label={t('tabs.label')}
        idBase="agent-centre"
        value={shown.page}
        onChange={setCurrent}
        items={pages.map((p) => ({ value: p.page, label: t(`tabs.${p.tab}`) }))}
      />
      <TabPanel idBase="agent-centre" value={shown.page}>
        <Suspense fallback={<Spinner label={t(`tabs.${shown.tab}`)} />}>
          <Page />
        </Suspense>
      </TabPanel>
    </>
  );
}
