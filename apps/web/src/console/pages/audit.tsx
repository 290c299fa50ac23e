import { type FormEvent, useState } from 'react';
import { useAction, useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { ErrorBanner, formatTime } from '../ui';

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
      {list.data?.length === 0 ? <p className="c-empty">{t.empty}</p> : null}
      {list.data?.length ? (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t.audit.when}</th>
                <th scope="col">{t.audit.by}</th>
                <th scope="col">{t.audit.action}</th>
                <th scope="col">{t.audit.from}</th>
                <th scope="col">{t.audit.what}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.seq}>
                  <td>{r.seq}</td>
                  <td>{formatTime(r.at, t.lang)}</td>
                  <td>{r.actor}</td>
                  <td>{r.action}</td>
                  <td>{r.ip ?? '—'}</td>
                  <td>
                    <code className="c-json">
                      {JSON.stringify(r.detail)}
                      {r.before !== null || r.after !== null
                        ? ` ${JSON.stringify(r.before)} → ${JSON.stringify(r.after)}`
                        : ''}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : list.loading ? (
        <p>{t.loading}</p>
      ) : null}
    </section>
  );
}
