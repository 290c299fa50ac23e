import { useCommand } from '../session';
import { useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime } from '../ui';

interface RewardClaim {
  id: number;
  kind: string;
  detail: string;
  amount: string;
  claimedAt: string;
}

/** A player's reward-centre claims of the last 90 days (`rewards show`, players.read; docs/loyalty.md). */
export function PlayerRewards({ account }: { account: string }) {
  const t = useTexts();
  const p = t.players;
  const view = useCommand<{ claims: RewardClaim[] }>({ command: 'rewards', action: 'show', account });
  return (
    <>
      <ErrorBanner error={view.error} />
      <DataTable
        items={view.data?.claims ?? null}
        loading={view.loading}
        rowKey={(c) => c.id}
        columns={[
          { label: p.rewardKind, cell: (c) => c.kind },
          { label: p.rewardDetail, cell: (c) => c.detail },
          { label: p.rewardAmount, cell: (c) => <span className="c-num">{c.amount}</span> },
          { label: p.rewardAt, cell: (c) => formatTime(c.claimedAt, t.lang) },
        ]}
      />
    </>
  );
}
