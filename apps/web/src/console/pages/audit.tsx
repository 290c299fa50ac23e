import { type FormEvent, useState } from 'react';
import { SavedFilters } from '../saved-filters';
import { useAction, useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime } from '../ui';

interface AuditRow {
  seq: number;
  at: string;
  actor: string;
  action: string;
  ip: string | null;
  detail: Record<string, unknown>;
  before: unknown;
  after: unknown;
}

interface Report {
  ok: boolean;
  rows: number;
  problems: { seq: number; problem: string }[];
}

/** The audit log, filtered by who and what, and the check of its hash chain. */
export function AuditSection() {
  const t = useTexts();
  const [by, setBy] = useState('');
  const [what, setWhat] = useState('');
  const [filter, setFilter] = useState<{ actor?: string; action?: string }>({});
  const list = useCommand<AuditRow[]>({ command: 'audit', limit: 200, ...filter });
  const verify = useAction();
  const [report, setReport] = useState<Report | null>(null);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({
      ...(by.trim() ? { actor: by.trim() } : {}),
      ...(what.trim() ? { action: what.trim() } : {}),
    });
  };
  const check = async () => setReport(await verify.run<Report>({ command: 'audit-verify' }));
  return (
    <section aria-labelledby="audit-title">
      <div className="c-bar">
        <h1 id="audit-title">{t.audit.title}</h1>
        <button type="button" className="c-button" onClick={check} disabled={verify.busy}>
          {t.audit.verify}
        </button>
      </div>
      <ErrorBanner error={list.error ?? verify.error} />
      {report ? (
        <div className={report.ok ? 'c-banner' : 'c-banner c-banner-error'} role="status">
          {report.ok
            ? fill(t.audit.intact, { rows: report.rows })
            : fill(t.audit.broken, { count: report.problems.length })}
          {report.ok ? null : (
            <ul>
              {report.problems.map((p) => (
                <li key={`${p.seq}-${p.problem}`}>
                  #{p.seq}: {p.problem}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <form className="c-form c-form-inline" onSubmit={apply}>
        <label className="c-inline">
          {t.audit.by}
          <input value={by} onChange={(e) => setBy(e.target.value)} />
        </label>
        <label className="c-inline">
          {t.audit.action}
          <input value={what} onChange={(e) => setWhat(e.target.value)} />
        </label>
        <button type="submit" className="c-button c-button-quiet">
          {t.audit.filter}
        </button>
      </form>
      <SavedFilters
        section="audit"
        current={filter}
        onApply={(f) => {
          const actor = typeof f.actor === 'string' ? f.actor : '';
          const action = typeof f.action === 'string' ? f.action : '';
          setBy(actor);
          setWhat(action);
          setFilter({ ...(actor ? { actor } : {}), ...(action ? { action } : {}) });
        }}
      />
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(r) => r.seq}
        columns={[
          { label: '#', cell: (r) => r.seq },
          { label: t.audit.when, cell: (r) => formatTime(r.at, t.lang) },
          { label: t.audit.by, cell: (r) => r.actor },
          { label: t.audit.action, cell: (r) => r.action },
          { label: t.audit.from, cell: (r) => r.ip ?? '—' },
          {
            label: t.audit.what,
            cell: (r) => (
              <code className="c-json">
                {JSON.stringify(r.detail)}
                {r.before !== null || r.after !== null
                  ? ` ${JSON.stringify(r.before)} → ${JSON.stringify(r.after)}`
                  : ''}
              </code>
            ),
          },
        ]}
      />
    </section>
  );
}
