import type { ContractKind, FeatureKey } from '@aurum/contract';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModalBodyProps, ModalTitle, Spinner, TabPanel, Tabs } from '../../components/ui';
import { TrialBlock } from '../../lib/account/trial-block';
import { useAgentTexts } from '../../lib/agent/texts';
import { loadChunk } from '../../lib/chunks/chunk-load';
import { isFeatureOn } from '../../lib/contract';
import { useSession } from '../../lib/session/session-store';
import { useSiteData } from '../../lib/site';
import styles from './agent-centre.module.css';
import { useContractInfo } from './api/contracts';
import { contractKeysOn, REQUEST_LISTS } from './contracts/kinds';

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
const contracts = () => import('./contracts/contract-page');
const DividendPage = lazy(() =>
  loadChunk(() => contracts().then((m) => ({ default: m.DividendContractsPage }))),
);
const DailySalaryPage = lazy(() =>
  loadChunk(() => contracts().then((m) => ({ default: m.DailySalaryPage }))),
);
const HourlySalaryPage = lazy(() =>
  loadChunk(() => contracts().then((m) => ({ default: m.HourlySalaryPage }))),
);
const RealtimeSalaryPage = lazy(() =>
  loadChunk(() => contracts().then((m) => ({ default: m.RealtimeSalaryPage }))),
);

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
  {
    page: 'agentDividendRecordCopy2',
    tab: 'dividend',
    key: 'SIGNCONDIV3',
    kind: 'dividend',
    Page: DividendPage,
  },
  { page: 'agentDailyWages2', tab: 'daily', key: 'SIGNCONDIV3', kind: 'daily', Page: DailySalaryPage },
  { page: 'agentHourSalary', tab: 'hourly', key: 'SIGNCONDIV3', kind: 'hourly', Page: HourlySalaryPage },
  {
    page: 'agentRealtimeSalary',
    tab: 'realtime',
    key: 'SIGNCONDIV3',
    kind: 'realtime',
    Page: RealtimeSalaryPage,
  },
] as const satisfies readonly {
  page: string;
  tab: string;
  key: FeatureKey;
  /** A contract page: also its kind's own keys and the brand's flag for it (the info's kinds). */
  kind?: ContractKind;
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
  const info = useContractInfo(isFeatureOn(flags, 'SIGNCONDIV3')).data;
  const pages = AGENT_PAGES.filter(
    (p) =>
      isFeatureOn(flags, p.key) &&
      (!('kind' in p) || (contractKeysOn(flags, p.kind) && (!info || info.kinds.includes(p.kind)))),
  );
  /** Requests waiting for my answer, per contract page: its tab's badge. */
  const waiting = (p: (typeof AGENT_PAGES)[number]) =>
    'kind' in p && info ? info[REQUEST_LISTS[p.kind]].length : 0;
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
        items={pages.map((p) => ({
          value: p.page,
          label:
            waiting(p) > 0 ? (
              <>
                {t(`tabs.${p.tab}`)}
                <span className={styles.badge} data-requests={waiting(p)}>
                  <span aria-hidden="true">{waiting(p)}</span>
                  <span className="visually-hidden">
                    {t('contracts.notice.label', { count: waiting(p) })}
                  </span>
                </span>
              </>
            ) : (
              t(`tabs.${p.tab}`)
            ),
        }))}
      />
      <TabPanel idBase="agent-centre" value={shown.page}>
        <Suspense fallback={<Spinner label={t(`tabs.${shown.tab}`)} />}>
          <Page />
        </Suspense>
      </TabPanel>
    </>
  );
}
