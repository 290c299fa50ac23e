import type { RouteValue } from '@aurum/contract';
import { useId } from 'react';
import { Spinner } from '../../components/ui';
import { useAgentTexts } from '../../lib/agent/texts';
import { formatWireMoney } from '../../lib/format/money';
import { LoadFailure, Notice } from '../../lib/money/fields';
import shared from '../../lib/money/money.module.css';
import { useBrand, useFeature } from '../../lib/site';
import styles from './agent-centre.module.css';
import { useTeamOverview } from './api/team';

type Overview = RouteValue<'teamOverview'>;
const METRICS = ['registrations', 'firstDeposits', 'firstBets', 'logins'] as const;
const PERIODS = ['today', 'yesterday', 'thisMonth'] as const;

/**
 * agentTeamOverview (AGEINFO3), the agent centre's default page: the team's size, direct
 * downlines, who is online, the team balance, and today / yesterday / this month side by side.
 */
export default function TeamOverviewPage() {
  const { t } = useAgentTexts();
  if (!useFeature('AGEINFO3')) return <Notice>{t('tabs.off')}</Notice>;
  return <TeamOverview />;
}

function TeamOverview() {
  const { t } = useAgentTexts();
  const overview = useTeamOverview();
  if (overview.isError) return <LoadFailure error={overview.error} onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <Spinner label={t('overview.loading')} />;
  return <Figures data={overview.data} />;
}

function Figures({ data }: { data: Overview }) {
  const { t } = useAgentTexts();
  const brand = useBrand();
  const titleId = useId();
  const chartId = useId();
  const tiles: [string, string][] = [
    [t('overview.teamSize'), String(data.teamSize)],
    [t('overview.directCount'), String(data.directCount)],
    [t('overview.onlineNow'), String(data.onlineNow)],
    [t('overview.teamBalance'), formatWireMoney(data.teamBalance, brand.currencySymbol)],
  ];
  return (
    <div className={shared.page} data-agent-page="agentTeamOverview">
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t('overview.title')}</h3>
        <p className={shared.lead}>{t('overview.lead', { offset: data.utcOffset })}</p>
        <dl className={styles.figures}>
          {tiles.map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={shared.section} aria-labelledby={chartId}>
        <h3 id={chartId}>{t('overview.chartTitle')}</h3>
        <PeriodChart data={data} />
      </section>
    </div>
  );
}

/** One bar per period for each figure, scaled to the largest of its row; the numbers are text too. */
function PeriodChart({ data }: { data: Overview }) {
  const { t } = useAgentTexts();
  return (
    <ul className={styles.chart}>
      {METRICS.map((metric) => {
        const max = Math.max(1, ...PERIODS.map((p) => data[p][metric]));
        return (
          <li key={metric} className={styles.metric} data-metric={metric}>
            <span className={styles.metricName}>{t(`overview.${metric}`)}</span>
            <div className={styles.bars}>
              {PERIODS.map((p) => (
                <div key={p} className={styles.bar} data-period={p}>
                  <span className={styles.barLabel}>{t(`overview.${p}`)}</span>
                  <span className={styles.barTrack} aria-hidden="true">
                    <span
                      className={styles.barFill}
                      style={{ width: `${(data[p][metric] / max) * 100}%`, display: 'block' }}
                    />
                  </span>
                  <span className={styles.barValue}>{data[p][metric]}</span>
                </div>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
