import { type FormEvent, useState } from 'react';
import { money } from '../chart';
import { useAction, useCommand } from '../session';
import { useTexts } from '../texts';
import { type Column, DataTable, ErrorBanner, Field, SelectField } from '../ui';

type ReportKind = 'ggr' | 'payments' | 'players';
type Grouping = 'day' | 'category' | 'vendor' | 'game';
type Row = Record<string, string | number>;

interface Query {
  action: ReportKind;
  from: string;
  to: string;
  by?: Grouping;
  limit?: number;
}

interface Answer {
  rows: Row[];
  total: Row;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The last 7 days to today (the browser's date; the server reads them as business days). */
function lastWeek(): { from: string; to: string } {
  const now = Date.now() - new Date().getTimezoneOffset() * 60_000;
  return { from: isoDay(now - 6 * 86_400_000), to: isoDay(now) };
}

/** Which columns each report shows: its key columns, then its figures (money unless counted). */
function columnsOf(q: Query): { keys: string[]; figures: string[]; counts: string[] } {
  if (q.action === 'payments')
    return {
      keys: ['day'],
      figures: ['deposits', 'depositCount', 'withdrawals', 'withdrawalCount', 'net'],
      counts: ['depositCount', 'withdrawalCount'],
    };
  if (q.action === 'players')
    return { keys: ['account'], figures: ['stakes', 'bets', 'payouts', 'bonuses', 'net'], counts: ['bets'] };
  const by = q.by ?? 'day';
  const ggr = ['stakes', 'bets', 'payouts', 'ggr'];
  return {
    keys: by === 'game' ? ['vendor', 'game'] : [by],
    figures:
      by === 'day' ? [...ggr, 'bonuses', 'rebates', 'salaries', 'dividends', 'paymentFees', 'ngr'] : ggr,
    counts: ['bets'],
  };
}

/** The operator's reports: GGR and NGR, payments, player P&L; a range, a grouping, CSV. */
export function ReportsSection() {
  const t = useTexts();
  const [form, setForm] = useState<Query>({ action: 'ggr', ...lastWeek(), by: 'day', limit: 50 });
  const [query, setQuery] = useState<Query>(form);
  const args = {
    command: 'report',
    action: query.action,
    from: query.from,
    to: query.to,
    ...(query.action === 'ggr' ? { by: query.by ?? 'day' } : {}),
    ...(query.action === 'players' ? { limit: query.limit ?? 50 } : {}),
  };
  const report = useCommand<Answer>(args);
  const download = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(form);
  };
  const csv = async () => {
    const file = await download.run<{ filename: string; csv: string }>({ ...args, format: 'csv' });
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
  const { keys, figures, counts } = columnsOf(query);
  const label = (c: string) => (t.reports.columns as Record<string, string>)[c] ?? c;
  const cell = (c: string, v: string | number | undefined) =>
    v === undefined ? '' : counts.includes(c) || typeof v === 'number' ? String(v) : money(v);
  const columns: Column<Row>[] = [
    ...keys.map((k) => ({ label: label(k), cell: (r: Row) => String(r[k] ?? '') })),
    ...figures.map((c) => ({
      label: label(c),
      numeric: true,
      cell: (r: Row) => <span className="money">{cell(c, r[c])}</span>,
    })),
  ];
  const data = report.data;
  return (
    <section aria-labelledby="reports-title">
      <div className="c-bar">
        <h1 id="reports-title">{t.reports.title}</h1>
        <button
          type="button"
          className="c-button c-button-quiet"
          onClick={csv}
          disabled={download.busy || !data}
        >
          {t.reports.csv}
        </button>
      </div>
      <p className="c-lead">{t.reports.lead}</p>
      <form className="c-form c-form-inline c-report-form" onSubmit={submit}>
        <SelectField
          block
          label={t.reports.report}
          value={form.action}
          options={(['ggr', 'payments', 'players'] as const).map((value) => ({
            value,
            label: t.reports.kinds[value],
          }))}
          onChange={(v) => setForm({ ...form, action: v as ReportKind })}
        />
        <Field
          label={t.reports.from}
          type="date"
          value={form.from}
          required
          onChange={(e) => setForm({ ...form, from: e.target.value })}
        />
        <Field
          label={t.reports.to}
          type="date"
          value={form.to}
          required
          onChange={(e) => setForm({ ...form, to: e.target.value })}
        />
        {form.action === 'ggr' ? (
          <SelectField
            block
            label={t.reports.by}
            value={form.by ?? 'day'}
            options={(['day', 'category', 'vendor', 'game'] as const).map((value) => ({
              value,
              label: t.reports.groupings[value],
            }))}
            onChange={(v) => setForm({ ...form, by: v as Grouping })}
          />
        ) : null}
        {form.action === 'players' ? (
          <Field
            label={t.reports.top}
            type="number"
            min={1}
            max={1000}
            value={form.limit ?? 50}
            onChange={(e) => setForm({ ...form, limit: Number(e.target.value) })}
          />
        ) : null}
        <button type="submit" className="c-button">
          {t.reports.show}
        </button>
      </form>
      <ErrorBanner error={report.error ?? download.error} />
      <DataTable
        items={data?.rows ?? null}
        loading={report.loading}
        rowKey={(r) => keys.map((k) => r[k]).join(' ')}
        columns={columns}
        footer={
          data
            ? [
                ...keys.map((_, i) => (i === 0 ? t.reports.total : '')),
                ...figures.map((c) => (
                  <span key={c} className="money">
                    {cell(c, data.total[c])}
                  </span>
                )),
              ]
            : undefined
        }
      />
    </section>
  );
}
