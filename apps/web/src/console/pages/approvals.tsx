import { useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime, Notice } from '../ui';

interface Approval {
  id: number;
  command: Record<string, unknown>;
  amount: string;
  requestedBy: string;
  requestedAt: string | null;
  status: string;
}

/** What a request would do, in a line: the command, its action and its target. */
const describe = (c: Record<string, unknown>) =>
  [c.command, c.action, c.orderNo ?? c.account, c.reason ? `“${String(c.reason)}”` : null]
    .filter((p) => p !== undefined && p !== null && p !== '')
    .join(' · ');

/** Four-eyes: requests above the merchant's thresholds, approved or rejected by a second operator. */
export function ApprovalsSection() {
  const t = useTexts();
  const session = useSession();
  const list = useCommand<Approval[]>({ command: 'approval', action: 'list' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);

  const approve = async (a: Approval) => {
    if (!window.confirm(fill(t.approvals.confirm, { id: a.id, what: describe(a.command), amount: a.amount })))
      return;
    if (await action.run({ command: 'approval', action: 'approve', id: a.id })) {
      setDone(fill(t.approvals.approved, { id: a.id }));
      list.reload();
    }
  };
  const reject = async (a: Approval) => {
    const reason = window.prompt(t.queue.reason)?.trim();
    if (!reason) return;
    if (await action.run({ command: 'approval', action: 'reject', id: a.id, reason })) {
      setDone(fill(t.approvals.rejected, { id: a.id }));
      list.reload();
    }
  };

  return (
    <section aria-labelledby="approvals-title">
      <div className="c-bar">
        <h1 id="approvals-title">{t.approvals.title}</h1>
        <button type="button" className="c-button c-button-quiet" onClick={list.reload}>
          {t.refresh}
        </button>
      </div>
      <p className="c-lead">{t.approvals.lead}</p>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(a) => a.id}
        columns={[
          { label: t.approvals.request, cell: (a) => `#${a.id}` },
          { label: t.approvals.what, cell: (a) => describe(a.command) },
          { label: t.queue.amount, cell: (a) => a.amount },
          { label: t.approvals.by, cell: (a) => a.requestedBy },
          { label: t.queue.created, cell: (a) => formatTime(a.requestedAt, t.lang) },
          {
            label: t.queue.actions,
            cell: (a) => (
              <div className="c-actions">
                {a.requestedBy === session.operator.name ? (
                  <span className="c-hint">{t.approvals.own}</span>
                ) : (
                  <button
                    type="button"
                    className="c-button"
                    disabled={action.busy}
                    onClick={() => approve(a)}
                  >
                    {t.queue.approve}
                  </button>
                )}
                <button
                  type="button"
                  className="c-button c-button-danger"
                  disabled={action.busy}
                  onClick={() => reject(a)}
                >
                  {t.queue.reject}
                </button>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
