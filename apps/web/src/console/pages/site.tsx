import { type FormEvent, useEffect, useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, TextField } from '../ui';

interface Settings {
  region: { on: boolean; countries: string[]; ranges: string[] };
  version: number;
}

interface OutboxEntry {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

interface LedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  entries: number;
  problems: { kind?: string; detail?: string; [k: string]: unknown }[];
}

const words = (text: string, by: RegExp) =>
  text
    .split(by)
    .map((w) => w.trim())
    .filter(Boolean);

/**
 * The site's settings: region restriction (on/off, countries, ranges), reloading config/, the
 * SMS and email outbox, and the ledger check. Each part shows to the role that may use it.
 */
export function SiteSection() {
  const t = useTexts();
  const session = useSession();
  const status = useCommand<Settings>({ command: 'status' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [countries, setCountries] = useState('');
  const [ranges, setRanges] = useState('');
  const region = status.data?.region;
  // The lists as the server has them: the fields follow only when those change, so a reload of
  // the status (after switching the restriction, say) never overwrites what is being typed.
  const storedCountries = region?.countries.join(', ');
  const storedRanges = region?.ranges.join('\n');
  useEffect(() => {
    if (storedCountries !== undefined) setCountries(storedCountries);
  }, [storedCountries]);
  useEffect(() => {
    if (storedRanges !== undefined) setRanges(storedRanges);
  }, [storedRanges]);
  const canWrite = session.can('site.write');

  const toggle = async () => {
    if (!region || !window.confirm(region.on ? t.site.confirmOff : t.site.confirmOn)) return;
    if (await action.run({ command: 'region', on: !region.on })) {
      setDone(t.site.saved);
      status.reload();
    }
  };
  const saveLists = async (e: FormEvent) => {
    e.preventDefault();
    const r = await action.run({
      command: 'region',
      countries: words(countries.toUpperCase(), /[\s,]+/),
      ranges: words(ranges, /[\s,]+/),
    });
    if (r) {
      setDone(t.site.saved);
      status.reload();
    }
  };
  const reload = async () => {
    if (!window.confirm(t.site.confirmReload)) return;
    const r = await action.run<Settings>({ command: 'reload-config' });
    if (r) {
      setDone(fill(t.site.reloaded, { version: r.version }));
      status.reload();
    }
  };

  return (
    <section aria-labelledby="site-title">
      <h1 id="site-title">{t.site.title}</h1>
      <ErrorBanner error={status.error ?? action.error} />
      <Notice text={done} />
      {region ? (
        <div className="c-tiles">
          <article className="c-tile" aria-labelledby="site-region">
            <h2 id="site-region">{t.site.region}</h2>
            <p className={region.on ? 'c-state c-state-warn' : 'c-state c-state-ok'}>
              {region.on ? t.site.regionOn : t.site.regionOff}
            </p>
            {canWrite ? (
              <>
                <button type="button" className="c-button" onClick={toggle} disabled={action.busy}>
                  {region.on ? t.site.turnOff : t.site.turnOn}
                </button>
                <form className="c-form" onSubmit={saveLists}>
                  <Field
                    label={t.site.countries}
                    hint={t.site.countriesHint}
                    value={countries}
                    onChange={(e) => setCountries(e.target.value)}
                  />
                  <TextField
                    label={t.site.ranges}
                    hint={t.site.rangesHint}
                    value={ranges}
                    onChange={(e) => setRanges(e.target.value)}
                  />
                  <button type="submit" className="c-button" disabled={action.busy}>
                    {t.site.save}
                  </button>
                </form>
              </>
            ) : (
              <p className="c-hint">
                {t.site.countries}: {region.countries.join(', ') || '—'} · {t.site.ranges}:{' '}
                {region.ranges.length}
              </p>
            )}
          </article>
          {canWrite ? (
            <article className="c-tile" aria-labelledby="site-reload">
              <h2 id="site-reload">{t.site.reload}</h2>
              <p className="c-hint">{t.site.reloadLead}</p>
              <button type="button" className="c-button" onClick={reload} disabled={action.busy}>
                {t.site.reloadButton}
              </button>
            </article>
          ) : null}
          {session.can('ledger.check') ? <LedgerTile /> : null}
        </div>
      ) : status.loading ? (
        <p>{t.loading}</p>
      ) : null}
      {session.can('messages.read') ? <Outbox /> : null}
    </section>
  );
}

function LedgerTile() {
  const t = useTexts();
  const action = useAction();
  const [report, setReport] = useState<LedgerReport | null>(null);
  const check = async () => setReport(await action.run<LedgerReport>({ command: 'ledger-check' }));
  return (
    <article className="c-tile" aria-labelledby="site-ledger">
      <h2 id="site-ledger">{t.site.ledger}</h2>
      <p className="c-hint">{t.site.ledgerLead}</p>
      <ErrorBanner error={action.error} />
      <button type="button" className="c-button" onClick={check} disabled={action.busy}>
        {t.site.ledgerButton}
      </button>
      {report ? (
        <div role="status">
          {report.ok ? (
            <p className="c-state c-state-ok">
              {fill(t.site.ledgerOk, {
                transfers: report.transfers,
                entries: report.entries,
                accounts: report.accounts,
              })}
            </p>
          ) : (
            <>
              <p className="c-state c-state-warn">
                {fill(t.site.ledgerBad, { count: report.problems.length })}
              </p>
              <ul className="c-json">
                {report.problems.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a report's problems have no id
                  <li key={i}>{JSON.stringify(p)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </article>
  );
}

function Outbox() {
  const t = useTexts();
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState('');
  const list = useCommand<OutboxEntry[]>({ command: 'outbox', limit: 50, ...(filter ? { to: filter } : {}) });
  return (
    <section aria-labelledby="site-outbox" className="c-part">
      <div className="c-bar">
        <h2 id="site-outbox">{t.site.outbox}</h2>
        <form
          className="c-actions"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter(to.trim());
          }}
        >
          <Field label={t.site.to} value={to} onChange={(e) => setTo(e.target.value)} />
          <button type="submit" className="c-button c-button-quiet">
            {t.site.filter}
          </button>
        </form>
        <button type="button" className="c-button c-button-quiet" onClick={list.reload}>
          {t.refresh}
        </button>
      </div>
      <p className="c-hint">{t.site.outboxLead}</p>
      <ErrorBanner error={list.error} />
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(m) => m.id}
        columns={[
          { label: t.site.when, cell: (m) => formatTime(m.createdAt, t.lang) },
          { label: t.site.channel, cell: (m) => m.channel },
          { label: t.site.to, cell: (m) => m.recipient },
          { label: t.site.subject, cell: (m) => m.subject ?? '—' },
          { label: t.site.body, cell: (m) => <span className="c-pre">{m.body}</span> },
        ]}
      />
    </section>
  );
}
