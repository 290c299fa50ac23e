import { BarChart, type ChartSeries, money } from '../chart';
import { navigate } from '../navigation';
import { useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { ErrorBanner, formatTime } from '../ui';

interface Amount {
  amount: string;
  count: number;
}

export interface Dashboard {
  businessDay: string;
  utcOffset: string;
  today: { deposits: Amount; withdrawals: Amount; ggr: string; ngr: string; activePlayers: number };
  pendingApprovals: number;
  pendingDeposits: Amount;
  pendingWithdrawals: Amount;
  heldRiskCredits: Amount;
  breakGlass: { days: number; count: number; latest: { at: string; actor: string; action: string }[] };
  series: { day: string; deposits: string; withdrawals: string; ggr: string; ngr: string }[];
}

/** The words a chart is read as: each series' total and its best day. */
function summaryOf(
  title: string,
  days: readonly string[],
  series: readonly ChartSeries[],
  t: ReturnType<typeof useTexts>,
) {
  const parts = series.map((s) => {
    const nums = s.values.map(Number);
    const total = nums.reduce((a, b) => a + b, 0);
    const best = nums.indexOf(Math.max(...nums));
    return fill(t.dashboard.chartSeries, {
      name: s.name,
      total: money(total.toFixed(2)),
      best: money(s.values[best] ?? '0'),
      day: days[best] ?? '',
    });
  });
  return `${fill(t.dashboard.chartLead, { title, from: days[0] ?? '', to: days.at(-1) ?? '' })} ${parts.join(' ')}`;
}

/** Today's figures in the merchant's business day, what waits, break-glass use and the 14-day charts. */
export function DashboardFigures() {
  const t = useTexts();
  const d = useCommand<Dashboard>({ command: 'dashboard' });
  const data = d.data;
  if (!data) return d.error ? <ErrorBanner error={d.error} /> : d.loading ? <p>{t.loading}</p> : null;
  const days = data.series.map((s) => s.day);
  const payments: ChartSeries[] = [
    { name: t.dashboard.deposits, values: data.series.map((s) => s.deposits), tone: 1 },
    { name: t.dashboard.withdrawals, values: data.series.map((s) => s.withdrawals), tone: 2 },
  ];
  const revenue: ChartSeries[] = [
    { name: t.dashboard.ggr, values: data.series.map((s) => s.ggr), tone: 3 },
    { name: t.dashboard.ngr, values: data.series.map((s) => s.ngr), tone: 4 },
  ];
  const tile = (label: string, value: string, note?: string) => (
    <article className="c-tile c-figure" key={label}>
      <h2>{label}</h2>
      <p className="c-figure-value money">{value}</p>
      {note ? <p className="c-hint">{note}</p> : null}
    </article>
  );
  return (
    <div className="c-dashboard">
      <div className="c-bar">
        <h2 className="c-subtitle">
          {fill(t.dashboard.today, { day: data.businessDay, offset: data.utcOffset })}
        </h2>
        <button type="button" className="c-button c-button-quiet" onClick={d.reload} disabled={d.loading}>
          {t.refresh}
        </button>
      </div>
      {data.breakGlass.count > 0 ? (
        <div className="c-banner c-banner-warn" role="status">
          <strong>
            {fill(t.dashboard.breakGlass, { count: data.breakGlass.count, days: data.breakGlass.days })}
          </strong>
          <ul>
            {data.breakGlass.latest.map((r) => (
              <li key={`${r.at}-${r.actor}-${r.action}`}>
                {formatTime(r.at, t.lang)} · {r.actor} · {r.action}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="c-tiles c-tiles-figures">
        {tile(
          t.dashboard.deposits,
          money(data.today.deposits.amount),
          fill(t.dashboard.count, { count: data.today.deposits.count }),
        )}
        {tile(
          t.dashboard.withdrawals,
          money(data.today.withdrawals.amount),
          fill(t.dashboard.count, { count: data.today.withdrawals.count }),
        )}
        {tile(t.dashboard.ggr, money(data.today.ggr))}
        {tile(t.dashboard.ngr, money(data.today.ngr))}
        {tile(t.dashboard.activePlayers, String(data.today.activePlayers))}
        <article className="c-tile c-figure">
          <h2>{t.dashboard.pendingApprovals}</h2>
          <p className="c-figure-value">{data.pendingApprovals}</p>
          <a
            href="/console/approvals"
            onClick={(e) => {
              e.preventDefault();
              navigate('/console/approvals');
            }}
          >
            {t.dashboard.openApprovals}
          </a>
        </article>
        {tile(
          t.dashboard.pendingDeposits,
          String(data.pendingDeposits.count),
          money(data.pendingDeposits.amount),
        )}
        {tile(
          t.dashboard.pendingWithdrawals,
          String(data.pendingWithdrawals.count),
          money(data.pendingWithdrawals.amount),
        )}
        {tile(t.dashboard.heldWins, String(data.heldRiskCredits.count), money(data.heldRiskCredits.amount))}
      </div>
      <div className="c-charts">
        <BarChart
          title={t.dashboard.paymentsChart}
          labels={days}
          series={payments}
          labelHeader={t.reports.day}
          summary={summaryOf(t.dashboard.paymentsChart, days, payments, t)}
        />
        <BarChart
          title={t.dashboard.revenueChart}
          labels={days}
          series={revenue}
          labelHeader={t.reports.day}
          summary={summaryOf(t.dashboard.revenueChart, days, revenue, t)}
        />
      </div>
    </div>
  );
}
