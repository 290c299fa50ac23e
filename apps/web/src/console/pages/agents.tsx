import { type FormEvent, useState } from 'react';
import { useAction, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, SelectField } from '../ui';
import { ApplicationsPanel } from './agent-applications';

const KINDS = ['daily', 'hourly', 'realtime', 'dividend'] as const;

interface Contract {
  id: number;
  kind: string;
  role: 'held' | 'offered';
  upline: string | null;
  downline: string;
  terms: { tiers: unknown[]; period?: string };
  state: string;
  createdAt: number;
  acceptedAt: number | null;
  endedAt: number | null;
}

interface Bill {
  id: number;
  period: string;
  payer: string | null;
  payee: string;
  tier: number | null;
  amount: string;
  net: string;
  paid: string;
  state: string;
}

const ENDED = new Set(['terminated', 'rejected']);
const OWING = new Set(['pending', 'partly-paid']);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The contracts tab: an agent's contracts (those it holds and those it offers), a contract's bills,
 * ending a contract, writing off what a bill still owes (each with a reason, audited), and
 * settling a period at once (the job settles each period on its own).
 */
function ContractsPanel() {
  const t = useTexts();
  const session = useSession();
  const canWrite = session.can('agents.write');
  const search = useAction();
  const action = useAction();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState('');
  const [found, setFound] = useState<{ account: string; contracts: Contract[] } | null>(null);
  const [shown, setShown] = useState<{ contract: Contract; bills: Bill[] } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [settleKind, setSettleKind] = useState<string>('daily');
  const [period, setPeriod] = useState('');

  const find = async (e?: FormEvent) => {
    e?.preventDefault();
    const r = await search.run<{ account: string; contracts: Contract[] }>({
      command: 'contract',
      action: 'list',
      account: account.trim(),
      ...(kind ? { kind } : {}),
    });
    if (r) {
      setFound(r);
      setShown(null);
    }
  };
  const show = async (c: Contract) => {
    const r = await action.run<{ contract: Contract; bills: Bill[] }>({
      command: 'contract',
      action: 'show',
      id: c.id,
    });
    if (r) setShown(r);
  };
  const terminate = async (c: Contract) => {
    const reason = window.prompt(fill(t.agents.terminateReason, { id: c.id }))?.trim();
    if (!reason) return;
    const r = await action.run<{ id: number; state: string }>({
      command: 'contract',
      action: 'terminate',
      id: c.id,
      reason,
    });
    if (r) {
      setDone(fill(t.agents.terminated, { id: r.id, state: t.agents.states[r.state] ?? r.state }));
      await find();
    }
  };
  const writeOff = async (b: Bill) => {
    const reason = window.prompt(fill(t.agents.writeOffReason, { id: b.id, period: b.period }))?.trim();
    if (!reason || !shown) return;
    const r = await action.run<{ bill: number; writtenOff: string }>({
      command: 'contract',
      action: 'write-off',
      bill: b.id,
      reason,
    });
    if (r) {
      setDone(fill(t.agents.writtenOff, { id: r.bill, amount: r.writtenOff }));
      await show(shown.contract);
    }
  };
  const settle = async (e: FormEvent) => {
    e.preventDefault();
    const r = await action.run<{ kind: string; period: string; bills: number }>({
      command: 'contract',
      action: 'settle',
      kind: settleKind,
      period: period.trim(),
    });
    if (r)
      setDone(
        fill(t.agents.settled, { kind: t.agents.kinds[r.kind] ?? r.kind, period: r.period, bills: r.bills }),
      );
  };

  const kindOptions = KINDS.map((k) => ({ value: k, label: t.agents.kinds[k] ?? k }));
  return (
    <>
      <p className="c-lead">{t.agents.lead}</p>
      <form className="c-form c-form-inline" onSubmit={find} aria-label={t.agents.find}>
        <Field
          label={t.agents.account}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          required
        />
        <SelectField
          label={t.agents.kind}
          value={kind}
          onChange={setKind}
          options={[{ value: '', label: t.agents.anyKind }, ...kindOptions]}
        />
        <button type="submit" className="c-button" disabled={search.busy}>
          {t.agents.find}
        </button>
      </form>
      <ErrorBanner error={search.error ?? action.error} />
      <Notice text={done} />
      {found ? (
        <section aria-labelledby="agents-contracts" className="c-subsection">
          <h2 id="agents-contracts">{fill(t.agents.contractsOf, { account: found.account })}</h2>
          <DataTable
            items={found.contracts}
            loading={false}
            rowKey={(c) => c.id}
            columns={[
              { label: t.agents.id, cell: (c) => `#${c.id}` },
              { label: t.agents.kind, cell: (c) => t.agents.kinds[c.kind] ?? c.kind },
              { label: t.agents.upline, cell: (c) => c.upline ?? t.agents.house },
              { label: t.agents.downline, cell: (c) => c.downline },
              { label: t.agents.tiers, cell: (c) => c.terms.tiers.length },
              { label: t.agents.state, cell: (c) => t.agents.states[c.state] ?? c.state },
              { label: t.agents.since, cell: (c) => formatTime(iso(c.acceptedAt ?? c.createdAt), t.lang) },
              {
                label: t.queue.actions,
                cell: (c) => (
                  <div className="c-actions">
                    <button
                      type="button"
                      className="c-button c-button-quiet"
                      aria-label={fill(t.agents.billsOf, { id: c.id })}
                      disabled={action.busy}
                      onClick={() => show(c)}
                    >
                      {t.agents.bills}
                    </button>
                    {canWrite && !ENDED.has(c.state) ? (
                      <button
                        type="button"
                        className="c-button c-button-danger"
                        aria-label={fill(t.agents.terminateOf, { id: c.id })}
                        disabled={action.busy}
                        onClick={() => terminate(c)}
                      >
                        {t.agents.terminate}
                      </button>
                    ) : null}
                  </div>
                ),
              },
            ]}
          />
        </section>
      ) : null}
      {shown ? (
        <section aria-labelledby="agents-bills" className="c-subsection">
          <h2 id="agents-bills">{fill(t.agents.billsOf, { id: shown.contract.id })}</h2>
          <DataTable
            items={shown.bills}
            loading={false}
            rowKey={(b) => b.id}
            columns={[
              { label: t.agents.period, cell: (b) => b.period },
              { label: t.agents.payer, cell: (b) => b.payer ?? t.agents.house },
              { label: t.agents.payee, cell: (b) => b.payee },
              { label: t.agents.amount, cell: (b) => b.amount },
              { label: t.agents.paid, cell: (b) => b.paid },
              { label: t.agents.state, cell: (b) => t.agents.billStates[b.state] ?? b.state },
              {
                label: t.queue.actions,
                cell: (b) =>
                  canWrite && OWING.has(b.state) ? (
                    <button
                      type="button"
                      className="c-button c-button-danger"
                      aria-label={fill(t.agents.writeOffOf, { id: b.id })}
                      disabled={action.busy}
                      onClick={() => writeOff(b)}
                    >
                      {t.agents.writeOff}
                    </button>
                  ) : null,
              },
            ]}
          />
        </section>
      ) : null}
      {canWrite ? (
        <form className="c-form c-form-inline" onSubmit={settle} aria-labelledby="agents-settle">
          <h2 id="agents-settle">{t.agents.settleTitle}</h2>
          <SelectField
            label={t.agents.kind}
            value={settleKind}
            onChange={setSettleKind}
            options={kindOptions}
          />
          <Field
            label={t.agents.period}
            hint={t.agents.periodHint}
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
            required
          />
          <button type="submit" className="c-button" disabled={action.busy}>
            {t.agents.settle}
          </button>
        </form>
      ) : null}
    </>
  );
}

const TABS = ['contracts', 'applications'] as const;
type Tab = (typeof TABS)[number];

/** The Agent contracts section: agents' contracts and bills, and the applications to become an agent. */
export function AgentsSection() {
  const t = useTexts();
  const [tab, setTab] = useState<Tab>('contracts');
  return (
    <section aria-labelledby="agents-title">
      <div className="c-bar">
        <h1 id="agents-title">{t.agents.title}</h1>
      </div>
      <div className="c-tabs" role="tablist" aria-label={t.agents.tabsLabel}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`agents-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`agents-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className="c-tab"
            onClick={() => setTab(k)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = TABS[(TABS.indexOf(k) + 1) % TABS.length]!;
              setTab(next);
              document.getElementById(`agents-tab-${next}`)?.focus();
            }}
          >
            {t.agents.tabs[k]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`agents-panel-${tab}`} aria-labelledby={`agents-tab-${tab}`}>
        {tab === 'contracts' ? <ContractsPanel /> : <ApplicationsPanel />}
      </div>
    </section>
  );
}
