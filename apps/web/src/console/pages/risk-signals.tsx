import { type FormEvent, useState } from 'react';
import { useAction, useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime } from '../ui';

interface Alert {
  kind: 'win' | 'withdrawal';
  at: string;
  account: string;
  amount: string;
  reference: string;
  detail: string;
}
interface Linked {
  account: string;
  status: string;
  shared: { kind: 'device' | 'network' | 'mobile' | 'payee'; value: string }[];
}

/** Large wins and withdrawals of the last days, and the accounts linked to one member. */
export function RiskSignals() {
  const t = useTexts();
  const [days, setDays] = useState(7);
  const alerts = useCommand<{ winAbove: string; withdrawAbove: string; alerts: Alert[] }>({
    command: 'risk-alerts',
    days,
  });
  const links = useAction();
  const [account, setAccount] = useState('');
  const [found, setFound] = useState<{ account: string; linked: Linked[] } | null>(null);
  const lookUp = async (e: FormEvent) => {
    e.preventDefault();
    const name = account.trim();
    if (!name) return;
    setFound(
      await links.run<{ account: string; linked: Linked[] }>({ command: 'risk-links', account: name }),
    );
  };
  return (
    <>
      <section aria-labelledby="alerts-title" className="c-subsection">
        <div className="c-bar">
          <h2 id="alerts-title">{t.riskSignals.alerts}</h2>
          <label className="c-inline">
            {t.riskSignals.days}
            <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {[1, 7, 14, 31].map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
        </div>
        {alerts.data ? (
          <p className="c-lead">
            {fill(t.riskSignals.thresholds, {
              win: alerts.data.winAbove,
              withdrawal: alerts.data.withdrawAbove,
            })}
          </p>
        ) : null}
        <ErrorBanner error={alerts.error} />
        <DataTable
          items={alerts.data?.alerts ?? null}
          loading={alerts.loading}
          rowKey={(a) => `${a.kind}-${a.reference}-${a.at}`}
          columns={[
            { label: t.riskSignals.when, cell: (a) => formatTime(a.at, t.lang) },
            { label: t.riskSignals.kind, cell: (a) => t.riskSignals.kinds[a.kind] },
            { label: t.queue.member, cell: (a) => a.account },
            { label: t.queue.amount, cell: (a) => a.amount },
            { label: t.riskSignals.reference, cell: (a) => a.reference },
            { label: t.riskSignals.detail, cell: (a) => a.detail },
          ]}
        />
      </section>
      <section aria-labelledby="links-title" className="c-subsection">
        <h2 id="links-title">{t.riskSignals.links}</h2>
        <p className="c-lead">{t.riskSignals.linksLead}</p>
        <form className="c-form c-form-inline" onSubmit={lookUp} aria-label={t.riskSignals.links}>
          <label className="c-inline">
            {t.queue.member}
            <input value={account} onChange={(e) => setAccount(e.target.value)} autoComplete="off" />
          </label>
          <button type="submit" className="c-button" disabled={links.busy}>
            {t.riskSignals.find}
          </button>
        </form>
        <ErrorBanner error={links.error} />
        {found ? (
          <DataTable
            items={found.linked}
            loading={false}
            rowKey={(l) => l.account}
            columns={[
              { label: t.queue.member, cell: (l) => l.account },
              { label: t.queue.status, cell: (l) => l.status },
              {
                label: t.riskSignals.shared,
                cell: (l) => (
                  <ul className="c-plain-list">
                    {l.shared.map((s) => (
                      <li key={`${s.kind}-${s.value}`}>
                        {t.riskSignals.kinds[s.kind]}: <code>{s.value}</code>
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        ) : null}
      </section>
    </>
  );
}
