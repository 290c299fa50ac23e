import { useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime } from '../ui';

interface ReferralInviteeRow {
  account: string;
  registeredAt: number;
  status: string;
  eligible: boolean;
  link: string | null;
  qualified: boolean;
  deposits: string;
  validBet: string;
}

interface ReferralView {
  account: string;
  code: string | null;
  earned: { total: string };
  claimed: string;
  claimable: { total: string };
  invitees: ReferralInviteeRow[];
}

/**
 * A player's referrals (`referral show`, players.read): the rewards and the friends it invited,
 * unmasked, with the link each shares with it when it is not eligible (docs/loyalty.md Referral).
 */
export function PlayerReferrals({ account }: { account: string }) {
  const t = useTexts();
  const p = t.players;
  const view = useCommand<ReferralView>({ command: 'referral', action: 'show', account });
  const r = view.data;
  return (
    <>
      <ErrorBanner error={view.error} />
      {r ? (
        <p>
          {fill(p.referralNow, {
            code: r.code ?? '—',
            earned: r.earned.total,
            claimed: r.claimed,
            claimable: r.claimable.total,
          })}
        </p>
      ) : null}
      <DataTable
        items={r?.invitees ?? null}
        loading={view.loading}
        rowKey={(i) => i.account}
        columns={[
          { label: p.referralAccount, cell: (i) => i.account },
          {
            label: p.referralRegistered,
            cell: (i) => formatTime(new Date(i.registeredAt).toISOString(), t.lang),
          },
          { label: p.referralStatus, cell: (i) => p.referralStatuses[i.status] ?? i.status },
          { label: p.referralEligible, cell: (i) => (i.eligible ? p.yes : p.no) },
          { label: p.referralLink, cell: (i) => (i.link ? (p.referralLinks[i.link] ?? i.link) : '—') },
          { label: p.referralDeposits, cell: (i) => <span className="c-num">{i.deposits}</span> },
          { label: p.referralValidBet, cell: (i) => <span className="c-num">{i.validBet}</span> },
        ]}
      />
    </>
  );
}
