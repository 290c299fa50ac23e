import { useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { ErrorBanner, Notice } from '../ui';
import { ActionForm, RedemptionTable } from './players';

interface Redemption {
  ref: string;
  memberId: number;
  item: string;
  quantity: number;
  points: string;
  amount: string;
  status: string;
  recipient: string;
  address: string;
  mobile: string;
  at: string;
}

/**
 * The points mall's redemptions waiting for a decision (`points list`, payments.read), with the
 * delivery details, and approving or rejecting one with a reason (`points approve|reject`,
 * payments.approve; a rejection gives back its points and money once; audited by the server).
 */
export function PointsRedemptions() {
  const t = useTexts();
  const p = t.players;
  const session = useSession();
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const list = useCommand<{ applying: Redemption[] }>({ command: 'points', action: 'list' });
  const decide = async (verb: 'approve' | 'reject', ref: string, reason: string) => {
    setDone(null);
    const r = await action.run({ command: 'points', action: verb, ref, reason });
    if (r === null) return false;
    setDone(fill(verb === 'approve' ? p.pointsApproved : p.pointsRejected, { ref }));
    list.reload();
    return true;
  };
  return (
    <section aria-labelledby="points-redemptions">
      <div className="c-bar">
        <h2 id="points-redemptions" className="c-h2">
          {p.pointsQueue}
        </h2>
        <button type="button" className="c-button c-button-quiet" onClick={list.reload}>
          {p.pointsRefresh}
        </button>
      </div>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <RedemptionTable
        rows={list.data?.applying ?? null}
        loading={list.loading}
        extra={[
          { label: p.pointsMember, cell: (r) => `#${(r as Redemption).memberId}` },
          {
            label: p.pointsDelivery,
            cell: (r) => {
              const d = r as Redemption;
              return `${d.recipient}, ${d.address}, ${d.mobile}`;
            },
          },
        ]}
      />
      {session.can('payments.approve') && (list.data?.applying.length ?? 0) > 0 ? (
        <div className="c-actions">
          <ActionForm
            title={p.pointsApprove}
            fields={[
              { name: 'ref', label: p.pointsRef },
              { name: 'reason', label: p.reason },
            ]}
            submit={p.pointsApprove}
            busy={action.busy}
            run={({ ref, reason }) => decide('approve', ref ?? '', reason ?? '')}
          />
          <ActionForm
            title={p.pointsReject}
            fields={[
              { name: 'ref', label: p.pointsRef },
              { name: 'reason', label: p.reason },
            ]}
            submit={p.pointsReject}
            danger
            confirm={({ ref }) => fill(p.pointsRejectConfirm, { ref: ref ?? '' })}
            busy={action.busy}
            run={({ ref, reason }) => decide('reject', ref ?? '', reason ?? '')}
          />
        </div>
      ) : null}
    </section>
  );
}
