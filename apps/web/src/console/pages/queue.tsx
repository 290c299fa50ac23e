import { useEffect, useRef, useState } from 'react';
import { SavedFilters } from '../saved-filters';
import { useAction, useCommand, useSession } from '../session';
import { type ConsoleTexts, fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime, Notice, SelectField } from '../ui';
import { RiskSignals } from './risk-signals';

/** One row of a queue, whatever the queue: what the table and the actions need. */
interface Row {
  key: string;
  cells: string[];
  amount: string;
  status: string;
  /** A bank deposit with a proof image. */
  proof?: boolean;
}

interface QueueKind {
  command: 'withdraw' | 'deposit' | 'risk';
  title: (t: ConsoleTexts) => string;
  statuses: string[];
  /** The permission that acts on a row. */
  acts: string;
  columns: (t: ConsoleTexts) => string[];
  rows: (answer: unknown, lang: string) => Row[];
  /** The approving action's name, and its button text. */
  approve: { action: string; label: (t: ConsoleTexts) => string };
  /** The row field the command takes. */
  idField: 'orderNo' | 'id';
}

interface WithdrawOrder {
  orderNo: string;
  member: string;
  amount: string;
  status: string;
  createdAt: string | null;
  account: { provider: string; payeeName: string; accountNumber: string };
}
interface DepositOrder {
  orderNo: string;
  account: string;
  type: string;
  amount: string;
  status: string;
  createdAt: string;
  proofKey: string | null;
}
interface Hold {
  id: string;
  account: string;
  vendor: string;
  gameCode: string | null;
  win: string;
  limit: string;
  status: string;
  createdAt: string;
}

const KINDS: Record<QueueKind['command'], QueueKind> = {
  withdraw: {
    command: 'withdraw',
    title: (t) => t.sections.withdrawals,
    statuses: [
      'PENDING',
      'PAID',
      'NOT_RECEIVED',
      'RECEIVED',
      'AUTO_RECEIVED',
      'MARGIN_RETURNED',
      'FORCED_RECEIVED',
      'REJECTED',
    ],
    acts: 'payments.approve',
    columns: (t) => [t.queue.order, t.queue.member, t.queue.amount, t.queue.payTo, t.queue.created],
    rows: (answer, lang) =>
      (answer as { orders: WithdrawOrder[] }).orders.map((o) => ({
        key: o.orderNo,
        amount: o.amount,
        status: o.status,
        cells: [
          o.orderNo,
          o.member,
          o.amount,
          `${o.account.provider} · ${o.account.payeeName} · ${o.account.accountNumber}`,
          formatTime(o.createdAt, lang),
        ],
      })),
    approve: { action: 'approve', label: (t) => t.queue.approve },
    idField: 'orderNo',
  },
  deposit: {
    command: 'deposit',
    title: (t) => t.sections.deposits,
    statuses: ['PENDING', 'PAID', 'EXPIRED', 'REJECTED'],
    acts: 'payments.approve',
    columns: (t) => [t.queue.order, t.queue.member, t.queue.type, t.queue.amount, t.queue.created],
    rows: (answer, lang) =>
      (answer as { orders: DepositOrder[] }).orders.map((o) => ({
        key: o.orderNo,
        amount: o.amount,
        status: o.status,
        proof: o.proofKey !== null,
        cells: [o.orderNo, o.account, o.type, o.amount, formatTime(o.createdAt, lang)],
      })),
    approve: { action: 'approve', label: (t) => t.queue.approve },
    idField: 'orderNo',
  },
  risk: {
    command: 'risk',
    title: (t) => t.sections.risk,
    statuses: ['PENDING', 'RELEASED', 'REJECTED'],
    acts: 'risk.write',
    columns: (t) => [
      t.queue.order,
      t.queue.member,
      t.queue.vendor,
      t.queue.win,
      t.queue.limit,
      t.queue.created,
    ],
    rows: (answer, lang) =>
      (answer as Hold[]).map((h) => ({
        key: h.id,
        amount: h.win,
        status: h.status,
        cells: [
          h.id,
          h.account,
          `${h.vendor}${h.gameCode ? ` · ${h.gameCode}` : ''}`,
          h.win,
          h.limit,
          formatTime(h.createdAt, lang),
        ],
      })),
    approve: { action: 'release', label: (t) => t.queue.release },
    idField: 'id',
  },
};

/** The console section each queue's saved filters belong to. */
const SAVED_SECTION: Record<QueueKind['command'], string> = {
  withdraw: 'withdrawals',
  deposit: 'deposits',
  risk: 'risk',
};

/** A review queue (withdrawals, deposits, held wins): filter by status, approve or reject a row. */
export function QueueSection({ kind }: { kind: QueueKind['command'] }) {
  const t = useTexts();
  const session = useSession();
  const q = KINDS[kind];
  const [status, setStatus] = useState('PENDING');
  const list = useCommand<unknown>({ command: q.command, action: 'list', ...(status ? { status } : {}) });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [proofOf, setProofOf] = useState<string | null>(null);
  const rows = list.data ? q.rows(list.data, t.lang) : [];
  const canAct = session.can(q.acts);
  const idOf = (row: Row) => (q.idField === 'id' ? Number(row.key) : row.key);

  const approve = async (row: Row) => {
    const ask = kind === 'risk' ? t.queue.confirmRelease : t.queue.confirmApprove;
    if (!window.confirm(fill(ask, { orderNo: row.key, amount: row.amount }))) return;
    const r = await action.run<{ status: string; pendingApproval?: { id: number } }>({
      command: q.command,
      action: q.approve.action,
      [q.idField]: idOf(row),
    });
    if (r?.pendingApproval)
      setDone(fill(t.queue.sentForApproval, { orderNo: row.key, id: r.pendingApproval.id }));
    else if (r) {
      setDone(fill(t.queue.done, { orderNo: row.key, status: t.statuses[r.status] ?? r.status ?? '' }));
      list.reload();
    }
  };
  const reject = async (row: Row) => {
    const reason = window.prompt(t.queue.reason)?.trim();
    if (!reason) return;
    const r = await action.run<{ status: string }>({
      command: q.command,
      action: 'reject',
      [q.idField]: idOf(row),
      reason,
    });
    if (r) {
      setDone(fill(t.queue.done, { orderNo: row.key, status: t.statuses[r.status] ?? r.status ?? '' }));
      list.reload();
    }
  };

  return (
    <section aria-labelledby={`${kind}-title`}>
      <div className="c-bar">
        <h1 id={`${kind}-title`}>{q.title(t)}</h1>
        <SelectField
          label={t.queue.status}
          value={status}
          onChange={setStatus}
          options={q.statuses.map((s) => ({ value: s, label: t.statuses[s] ?? s }))}
        />
        <SavedFilters
          section={SAVED_SECTION[kind]}
          current={{ status }}
          onApply={(f) => setStatus(typeof f.status === 'string' ? f.status : '')}
        />
        <button type="button" className="c-button c-button-quiet" onClick={list.reload}>
          {t.refresh}
        </button>
      </div>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data ? rows : null}
        loading={list.loading}
        rowKey={(row) => row.key}
        columns={[
          ...q.columns(t).map((label, i) => ({ label, cell: (row: Row) => row.cells[i] })),
          { label: t.queue.status, cell: (row: Row) => t.statuses[row.status] ?? row.status },
          ...(kind === 'deposit'
            ? [
                {
                  label: t.queue.proof,
                  cell: (row: Row) =>
                    row.proof ? (
                      <button
                        type="button"
                        className="c-button c-button-quiet"
                        aria-label={fill(t.queue.proofOf, { orderNo: row.key })}
                        onClick={() => setProofOf(row.key)}
                      >
                        {t.queue.proof}
                      </button>
                    ) : null,
                },
              ]
            : []),
          ...(canAct
            ? [
                {
                  label: t.queue.actions,
                  cell: (row: Row) =>
                    row.status === 'PENDING' ? (
                      <div className="c-actions">
                        <button
                          type="button"
                          className="c-button"
                          disabled={action.busy}
                          onClick={() => approve(row)}
                        >
                          {q.approve.label(t)}
                        </button>
                        <button
                          type="button"
                          className="c-button c-button-danger"
                          disabled={action.busy}
                          onClick={() => reject(row)}
                        >
                          {t.queue.reject}
                        </button>
                      </div>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {proofOf ? <ProofDialog orderNo={proofOf} onClose={() => setProofOf(null)} /> : null}
      {kind === 'deposit' ? <WebhookLog /> : null}
      {kind === 'risk' ? <RiskSignals /> : null}
    </section>
  );
}

/** A bank deposit's proof image, fetched when asked for (every look is audited). */
function ProofDialog({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const t = useTexts();
  const proof = useCommand<{ dataUrl: string }>({ command: 'deposit', action: 'proof', orderNo });
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d || d.open) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, []);
  const title = fill(t.queue.proofOf, { orderNo });
  return (
    <dialog ref={ref} className="c-dialog" aria-label={title} onClose={onClose}>
      <h2>{title}</h2>
      <ErrorBanner error={proof.error} />
      {proof.data ? <img className="c-proof" src={proof.data.dataUrl} alt={title} /> : <p>{t.loading}</p>}
      <button type="button" className="c-button" onClick={onClose}>
        {t.queue.close}
      </button>
    </dialog>
  );
}

interface Webhook {
  id: number;
  gateway: string;
  receivedAt: string;
  orderNo: string | null;
  txnId: string | null;
  outcome: string | null;
  amount: string | null;
  currency: string | null;
  result: 'credited' | 'declined' | 'replay' | 'refused';
  errorCode: string | null;
  message: string | null;
}

/** The payment gateways' webhooks, newest first, with what the site did with each. */
function WebhookLog() {
  const t = useTexts();
  const log = useCommand<{ webhooks: Webhook[] }>({ command: 'deposit', action: 'webhooks', limit: 100 });
  return (
    <section aria-labelledby="webhooks-title" className="c-subsection">
      <div className="c-bar">
        <h2 id="webhooks-title">{t.webhooks.title}</h2>
        <button type="button" className="c-button c-button-quiet" onClick={log.reload}>
          {t.refresh}
        </button>
      </div>
      <p className="c-lead">{t.webhooks.lead}</p>
      <ErrorBanner error={log.error} />
      <DataTable
        items={log.data?.webhooks ?? null}
        loading={log.loading}
        rowKey={(w) => w.id}
        columns={[
          { label: t.webhooks.received, cell: (w) => formatTime(w.receivedAt, t.lang) },
          { label: t.webhooks.gateway, cell: (w) => w.gateway },
          { label: t.queue.order, cell: (w) => w.orderNo ?? '—' },
          { label: t.webhooks.txn, cell: (w) => w.txnId ?? '—' },
          { label: t.webhooks.outcome, cell: (w) => w.outcome ?? '—' },
          { label: t.queue.amount, cell: (w) => (w.amount ? `${w.amount} ${w.currency ?? ''}` : '—') },
          {
            label: t.webhooks.result,
            cell: (w) => (
              <span className={`c-result c-result-${w.result}`}>{t.webhooks.results[w.result]}</span>
            ),
          },
          { label: t.webhooks.why, cell: (w) => w.message ?? w.errorCode ?? '' },
        ]}
      />
    </section>
  );
}
