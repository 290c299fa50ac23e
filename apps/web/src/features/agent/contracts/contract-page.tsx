import type { ContractKind } from '@aurum/contract';
import { useId, useState } from 'react';
import { Spinner, TabPanel, Tabs } from '../../../components/ui';
import { useAgentTexts } from '../../../lib/agent/texts';
import { isFeatureOn } from '../../../lib/contract';
import { LoadFailure, Notice } from '../../../lib/money/fields';
import shared from '../../../lib/money/money.module.css';
import { useSiteData } from '../../../lib/site';
import { useContractInfo } from '../api/contracts';
import { BillsPanel } from './bills-panel';
import { ClaimsPanel } from './claims-panel';
import { ContractsPanel } from './contracts-panel';
import { CONTRACT_PAGES, contractKeysOn } from './kinds';

/**
 * A contract page of the agent centre (dividends, daily, hourly or real-time salary): the
 * contract I hold from my upline and those I offered my downlines, with their answers, a new
 * offer, and the bills. Shown while the kind's keys are on and the brand offers the kind (the
 * session flags enableCt / salary / hourSalary / agentRealtimeSalary, as the info call lists).
 */
export function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useAgentTexts();
  const flags = useSiteData().permission.info.whitelabelVal;
  const on = contractKeysOn(flags, kind);
  // DAYSALMR: daily salaries are claimed by hand, in a view of their own.
  const claims = kind === 'daily' && isFeatureOn(flags, 'DAYSALMR');
  const info = useContractInfo(on);
  if (!on) return <Notice>{t('tabs.off')}</Notice>;
  if (info.isError) return <LoadFailure error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spinner label={t('contracts.loading')} />;
  if (!info.data.kinds.includes(kind)) return <Notice>{t('tabs.off')}</Notice>;
  return <ContractTabs kind={kind} claims={claims} />;
}

export const DividendContractsPage = () => <ContractPage kind="dividend" />;
export const DailySalaryPage = () => <ContractPage kind="daily" />;
export const HourlySalaryPage = () => <ContractPage kind="hourly" />;
export const RealtimeSalaryPage = () => <ContractPage kind="realtime" />;

type View = 'contracts' | 'bills' | 'claims';

function ContractTabs({ kind, claims }: { kind: ContractKind; claims: boolean }) {
  const { t } = useAgentTexts();
  const idBase = `contracts-${kind}-${useId().replace(/:/g, '')}`;
  const [view, setView] = useState<View>('contracts');
  return (
    <div className={shared.page} data-agent-page={CONTRACT_PAGES[kind].page} data-contract-kind={kind}>
      <Tabs
        label={t(`contracts.kinds.${kind}`)}
        idBase={idBase}
        value={view}
        onChange={setView}
        items={[
          { value: 'contracts', label: t('contracts.views.contracts') },
          { value: 'bills', label: t('contracts.views.bills') },
          ...(claims ? [{ value: 'claims' as const, label: t('contracts.views.claims') }] : []),
        ]}
      />
      <TabPanel idBase={idBase} value={view}>
        {view === 'contracts' ? (
          <ContractsPanel kind={kind} />
        ) : view === 'claims' && claims ? (
          <ClaimsPanel />
        ) : (
          <BillsPanel kind={kind} />
        )}
      </TabPanel>
    </div>
  );
}
