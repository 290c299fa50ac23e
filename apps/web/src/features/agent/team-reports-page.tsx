import type { ReportPreset, RouteValue } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { FormFailure, TextField } from '../../components/ui/form';
import { useAgentTexts } from '../../lib/agent/texts';
import { GAME_TYPES } from '../../lib/contract';
import { formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { moneyErrorText } from '../../lib/money/errors';
import { Notice, SelectField } from '../../lib/money/fields';
import { TX_TYPES, txTypeLabel } from '../../lib/money/labels';
import shared from '../../lib/money/money.module.css';
import { businessDay, DEFAULT_BUSINESS_OFFSET, periodQuery } from '../../lib/money/report-period';
import { useFundsTexts } from '../../lib/money/texts';
import { PagedResults } from '../../lib/paging/paged-results';
import { useBrand, useFeature } from '../../lib/site';
import styles from './agent-centre.module.css';
import { REPORT_PAGE_SIZE, type ReportName, useReportCsv, useTeamReport } from './api/reports';
import { ReportPeriodFields } from './report-period-fields';

/** Each report's feature key and spec page name. */
const REPORTS = {
  teamBets: { key: 'TRANSBETREPMEM3', page: 'personalHistoryCopy' },
  teamPnl: { key: 'AGETEAMPNL3', page: 'palStatementsAgentCopy' },
  downlineTransactions: { key: 'AGEDOWNTRANS3', page: 'agentDownlineTransactionDetailsCopy' },
  agentIncome: { key: 'AGEREV3', page: 'agentRevenueReport' },
} as const satisfies Record<ReportName, { key: string; page: string }>;

const PNL_COLUMNS = [
  'deposit',
  'withdrawal',
  'bet',
  'validBet',
  'win',
  'rebate',
  'salary',
  'dividend',
  'promotion',
  'fees',
  'profitAndLoss',
] as const;

interface Draft {
  preset: ReportPreset;
  from: string;
  to: string;
  account: string;
  category: string;
  txType: string;
}
const EMPTY: Draft = { preset: 'today', from: '', to: '', account: '', category: 'ALL', txType: '' };
/** The filters as the report's call takes them; custom needs both dates. */
export function reportFilters(
  report: ReportName,
  d: Draft,
  utcOffset = DEFAULT_BUSINESS_OFFSET,
): Record<string, unknown> | null {
  const period = periodQuery(d, utcOffset);
  if (!period) return null;
  const f: Record<string, unknown> = { ...period };
  if (report !== 'agentIncome' && d.account.trim()) f.account = d.account.trim();
  if (report === 'teamBets' && d.category !== 'ALL') f.category = d.category;
  if (report === 'downlineTransactions' && d.txType) f.txType = Number(d.txType);
  return f;
}

/** The agent centre's team reports, one page per report, each behind its own feature key. */
export function TeamReportPage({ report }: { report: ReportName }) {
  const { t } = useAgentTexts();
  if (!useFeature(REPORTS[report].key)) return <Notice>{t('tabs.off')}</Notice>;
  return <TeamReport report={report} />;
}

export const TeamBetsPage = () => <TeamReportPage report="teamBets" />;
export const TeamPnlPage = () => <TeamReportPage report="teamPnl" />;
export const DownlineTransactionsPage = () => <TeamReportPage report="downlineTransactions" />;
export const AgentIncomePage = () => <TeamReportPage report="agentIncome" />;

function TeamReport({ report }: { report: ReportName }) {
  const { t } = useAgentTexts();
  const { t: tc } = useTranslation();
  const { t: tf } = useFundsTexts();
  const titleId = useId();
  const brand = useBrand();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<Record<string, unknown>>({ preset: 'today' });
  const [invalid, setInvalid] = useState(false);
  const [page, setPage] = useState(1);
  const query = useTeamReport(report, page, filters as never);
  const csv = useReportCsv();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const search = (e: FormEvent) => {
    e.preventDefault();
    const next = reportFilters(report, draft, brand.businessUtcOffset ?? DEFAULT_BUSINESS_OFFSET);
    setInvalid(next === null);
    if (!next) return;
    setFilters(next);
    setPage(1);
  };
  const download = async () => {
    const file = await csv.mutateAsync({ report, ...filters } as never).catch(() => null);
    if (!file) return;
    const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file.filename;
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };
  const period = query.data?.period;
  return (
    <div className={shared.page} data-agent-page={REPORTS[report].page}>
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t(`reports.titles.${report}`)}</h3>
        <form className={styles.filters} onSubmit={search} aria-labelledby={titleId}>
          <ReportPeriodFields value={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} />
          {report === 'agentIncome' ? null : (
            <TextField
              name="account"
              label={t('reports.member')}
              value={draft.account}
              onChange={set('account')}
              maxLength={32}
            />
          )}
          {report === 'teamBets' ? (
            <SelectField
              name="category"
              label={t('reports.category')}
              value={draft.category}
              onChange={set('category')}
              options={[
                { value: 'ALL', label: t('reports.allCategories') },
                ...GAME_TYPES.map((c) => ({ value: c, label: tc(`categories.${c}`) })),
              ]}
            />
          ) : null}
          {report === 'downlineTransactions' ? (
            <SelectField
              name="txType"
              label={t('reports.txType')}
              value={draft.txType}
              onChange={set('txType')}
              options={[
                { value: '', label: t('reports.allTypes') },
                ...TX_TYPES.map((x) => ({ value: String(x.id), label: txTypeLabel(tf, x.id) })),
              ]}
            />
          ) : null}
          <Button type="submit">{t('reports.search')}</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={download}
            disabled={csv.isPending || !query.data}
          >
            {t('reports.csv')}
          </Button>
        </form>
        {invalid ? <FormFailure>{t('reports.customInvalid')}</FormFailure> : null}
        {csv.isError ? (
          <FormFailure>{t('register.failed', { reason: moneyErrorText(tf, tc, csv.error) })}</FormFailure>
        ) : null}
        {period ? (
          <p className={shared.lead}>
            {t('reports.range', {
              from: businessDay(period.from, period.utcOffset),
              to: businessDay(period.to - 1, period.utcOffset),
              offset: period.utcOffset,
            })}
          </p>
        ) : null}
      </section>
      <PagedResults
        query={query}
        active
        pageSize={REPORT_PAGE_SIZE}
        onPage={setPage}
        label={t(`reports.titles.${report}`)}
        texts={{
          summary: ({ total }) => t('reports.total', { count: total }),
          loading: t('reports.loading'),
          emptyTitle: t('reports.none'),
          emptyText: '',
          pages: t(`reports.titles.${report}`),
        }}
      >
        {() => <ReportTable report={report} data={query.data as never} />}
      </PagedResults>
    </div>
  );
}

type Value<N extends ReportName> = RouteValue<N>;

function ReportTable({ report, data }: { report: ReportName; data: Value<ReportName> }) {
  switch (report) {
    case 'teamBets':
      return <BetsTable data={data as Value<'teamBets'>} />;
    case 'teamPnl':
      return <PnlTable data={data as Value<'teamPnl'>} />;
    case 'downlineTransactions':
      return <TransactionsTable data={data as Value<'downlineTransactions'>} />;
    case 'agentIncome':
      return <IncomeTable data={data as Value<'agentIncome'>} />;
  }
}

function useMoney() {
  const brand = useBrand();
  return (v: string) => formatWireMoney(v, brand.currencySymbol);
}

function Head({ columns }: { columns: string[] }) {
  const { t } = useAgentTexts();
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {t(`reports.columns.${c}` as 'reports.columns.account')}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function BetsTable({ data }: { data: Value<'teamBets'> }) {
  const { t } = useAgentTexts();
  const { t: tc } = useTranslation();
  const money = useMoney();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <Head
          columns={[
            'betTime',
            'account',
            'game',
            'category',
            'status',
            'bet',
            'validBet',
            'win',
            'profitAndLoss',
          ]}
        />
        <tbody>
          {data.content.map((r) => (
            <tr key={r.orderNo} data-order={r.orderNo}>
              <td>{formatDateTime(r.betTime)}</td>
              <th scope="row">{r.account}</th>
              <td>{r.gameName}</td>
              <td>{tc(`categories.${r.gameType}`, { defaultValue: r.gameType })}</td>
              <td>{t(`reports.status.${r.status}`)}</td>
              <td className={styles.num}>{money(r.betAmount)}</td>
              <td className={styles.num}>{money(r.validBetAmount)}</td>
              <td className={styles.num}>{money(r.winAmount)}</td>
              <td className={styles.num}>{money(r.profitAndLoss)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-total="">
            <th scope="row" colSpan={5}>
              {t('reports.totalRow')}
            </th>
            <td className={styles.num}>{money(data.totals.betAmount)}</td>
            <td className={styles.num}>{money(data.totals.validBetAmount)}</td>
            <td className={styles.num}>{money(data.totals.winAmount)}</td>
            <td className={styles.num}>{money(data.totals.profitAndLoss)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function PnlTable({ data }: { data: Value<'teamPnl'> }) {
  const { t } = useAgentTexts();
  const money = useMoney();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <Head columns={['account', 'level', ...PNL_COLUMNS]} />
        <tbody>
          {data.content.map((r) => (
            <tr key={r.account} data-member={r.account}>
              <th scope="row">{r.account}</th>
              <td className={styles.num}>{r.level}</td>
              {PNL_COLUMNS.map((c) => (
                <td key={c} className={styles.num} data-column={c}>
                  {money(r[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-total="">
            <th scope="row" colSpan={2}>
              {t('reports.teamTotal')}
            </th>
            {PNL_COLUMNS.map((c) => (
              <td key={c} className={styles.num} data-column={c}>
                {money(data.team[c])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function TransactionsTable({ data }: { data: Value<'downlineTransactions'> }) {
  const { t: tf } = useFundsTexts();
  const money = useMoney();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <Head columns={['time', 'account', 'type', 'amount', 'balanceAfter']} />
        <tbody>
          {data.content.map((r) => (
            <tr key={`${r.transferId}-${r.account}`} data-transfer={r.transferId}>
              <td>{formatDateTime(r.createdAt)}</td>
              <th scope="row">{r.account}</th>
              <td>{txTypeLabel(tf, r.txTypeId)}</td>
              <td className={styles.num}>{money(r.amount)}</td>
              <td className={styles.num}>{money(r.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function IncomeTable({ data }: { data: Value<'agentIncome'> }) {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const money = useMoney();
  return (
    <div className={styles.tableWrap}>
      <dl className={styles.figures}>
        {(['salary', 'dividend', 'rebate', 'total'] as const).map((k) => (
          <div key={k} className={styles.figure} data-income={k}>
            <dt>{t(`reports.income.${k}`)}</dt>
            <dd>{money(data.totals[k])}</dd>
          </div>
        ))}
      </dl>
      <table className={styles.table}>
        <Head columns={['time', 'type', 'amount', 'memo']} />
        <tbody>
          {data.content.map((r) => (
            <tr key={r.transferId} data-transfer={r.transferId}>
              <td>{formatDateTime(r.createdAt)}</td>
              <td>{txTypeLabel(tf, r.txTypeId)}</td>
              <td className={styles.num}>{money(r.amount)}</td>
              <td>{r.memo ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
