import { useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime, Notice, SelectField } from '../ui';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

interface Application {
  id: number;
  account: string;
  reason: string;
  channels: string[];
  teamSize: number;
  status: string;
  decisionReason: string | null;
  decidedBy: string | null;
  agentType: number | null;
  createdAt: number;
  decidedAt: number | null;
}

/**
 * The applications tab of Agent contracts (`affiliate` command): members' applications to become
 * an agent, newest first, by status; approving (the member becomes an agent where it stands in the
 * tree) or rejecting with a reason, each audited and told to the member.
 */
export function ApplicationsPanel() {
  const t = useTexts();
  const a = t.agents.applications;
  const session = useSession();
  const canWrite = session.can('agents.write');
  const [status, setStatus] = useState<string>('pending');
  const list = useCommand<{ applications: Application[] }>({
    command: 'affiliate',
    action: 'list',
    ...(status ? { status } : {}),
  });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);

  const approve = async (row: Application) => {
    if (!window.confirm(fill(a.confirmApprove, { id: row.id, account: row.account }))) return;
    const r = await action.run<Application>({ command: 'affiliate', action: 'approve', id: row.id });
    if (r) {
      setDone(fill(a.approved, { account: r.account }));
      list.reload();
    }
  };
  const reject = async (row: Application) => {
    const reason = window.prompt(fill(a.rejectReason, { id: row.id, account: row.account }))?.trim();
    if (!reason) return;
    const r = await action.run<Application>({ command: 'affiliate', action: 'reject', id: row.id, reason });
    if (r) {
      setDone(fill(a.rejected, { account: r.account }));
      list.reload();
    }
  };

  return (
    <>
      <p className="c-lead">{a.lead}</p>
      <div className="c-form c-form-inline">
        <SelectField
          label={a.status}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: a.anyStatus },
            ...STATUSES.map((s) => ({ value: s, label: a.statuses[s] ?? s })),
          ]}
        />
      </div>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data?.applications ?? null}
        loading={list.loading}
        rowKey={(r) => r.id}
        columns={[
          { label: a.id, cell: (r) => `#${r.id}` },
          { label: a.account, cell: (r) => r.account },
          { label: a.why, cell: (r) => r.reason },
          { label: a.channels, cell: (r) => r.channels.map((c) => a.channelNames[c] ?? c).join(', ') },
          { label: a.teamSize, cell: (r) => r.teamSize },
          { label: a.applied, cell: (r) => formatTime(new Date(r.createdAt).toISOString(), t.lang) },
          {
            label: a.status,
            cell: (r) =>
              r.status === 'rejected' && r.decisionReason
                ? `${a.statuses[r.status]}: ${r.decisionReason}`
                : (a.statuses[r.status] ?? r.status),
          },
          {
            label: t.queue.actions,
            cell: (r) =>
              canWrite && r.status === 'pending' ? (
                <div className="c-actions">
                  <button
                    type="button"
                    className="c-button"
                    aria-label={fill(a.approveOf, { id: r.id })}
                    disabled={action.busy}
                    onClick={() => approve(r)}
                  >
                    {a.approve}
                  </button>
                  <button
                    type="button"
                    className="c-button c-button-danger"
                    aria-label={fill(a.rejectOf, { id: r.id })}
                    disabled={action.busy}
                    onClick={() => reject(r)}
                  >
                    {a.reject}
                  </button>
                </div>
              ) : null,
          },
        ]}
      />
    </>
  );
}
