import { cashierConfigSchema, minorToDecimal, parseMoney } from '@aurum/contract';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { DAY_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { queryRows } from '../../platform/sql.ts';

const amountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'an amount such as 5000.00');

/** `risk-links`: the members linked to one member by a shared device, network, mobile or payee. */
export const linksCommandSchema = z.strictObject({
  command: z.literal('risk-links'),
  account: z.string().trim().min(1).max(64),
  limit: z.number().int().min(1).max(200).default(50),
});

/** `risk-alerts`: large wins and large withdrawals of the last days, newest first. */
export const alertsCommandSchema = z.strictObject({
  command: z.literal('risk-alerts'),
  days: z.number().int().min(1).max(31).default(7),
  /** Defaults: the merchant's cashier.alerts thresholds. */
  winAbove: amountSchema.optional(),
  withdrawAbove: amountSchema.optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

export type LinkKind = 'device' | 'network' | 'mobile' | 'payee';

export interface LinkedMember {
  account: string;
  status: string;
  /** What the two members share, each with the shared value. */
  shared: { kind: LinkKind; value: string }[];
}

export interface RiskAlert {
  kind: 'win' | 'withdrawal';
  at: string;
  account: string;
  amount: string;
  /** The round's vendor and game, or the withdrawal's order and status. */
  reference: string;
  detail: string;
}

interface SignalsDeps {
  database: Database;
  store: MerchantStore;
  clock: Clock;
}

/**
 * Risk signals an operator reviews: accounts that share a device, a network address, a mobile
 * number or a withdrawal payee with a member (one person behind several accounts: bonus abuse,
 * collusion), and alerts on large wins and large withdrawals. Read-only; each look at a member's
 * links is audited (it reads personal data).
 */
export class RiskSignals {
  constructor(private readonly deps: SignalsDeps) {}

  async links(merchant: string, cmd: z.output<typeof linksCommandSchema>, actor: string) {
    const db = this.deps.database.db;
    const [member] = await queryRows<{ id: string | number; account: string }>(
      db,
      `SELECT id, account FROM members WHERE merchant_code = $1 AND account_lower = lower($2) AND kind = 'member'`,
      [merchant, cmd.account],
    );
    if (!member) throw new AppError('ops.invalid', `There is no member ${cmd.account}.`);
    const id = Number(member.id);
    const rows = await queryRows<{ account: string; status: string; kind: LinkKind; value: string }>(
      db,
      `WITH mine_devices AS (
         SELECT DISTINCT device_hash AS v FROM member_sign_ins WHERE member_id = $2 AND device_hash IS NOT NULL
         UNION SELECT DISTINCT device_hash FROM sessions WHERE member_id = $2 AND device_hash IS NOT NULL
       ), mine_ips AS (
         SELECT DISTINCT ip AS v FROM member_sign_ins WHERE member_id = $2 AND ip IS NOT NULL
         UNION SELECT DISTINCT ip FROM sessions WHERE member_id = $2 AND ip IS NOT NULL
       ), mine_mobiles AS (
         -- A number is the member's own, or one a code was sent to for the member (a mobile is
         -- unique among members, so a shared one shows where codes went).
         SELECT mobile AS v FROM members WHERE id = $2 AND mobile IS NOT NULL
         UNION SELECT recipient FROM verification_codes WHERE member_id = $2 AND channel = 'sms'
       ), mine_payees AS (
         SELECT DISTINCT lower(provider) AS p, account_number AS n FROM withdraw_accounts
         WHERE merchant_code = $1 AND member_id = $2
       ), links AS (
         SELECT s.member_id AS other, 'device' AS kind, s.device_hash AS value FROM member_sign_ins s
           JOIN mine_devices d ON d.v = s.device_hash WHERE s.merchant_code = $1
         UNION SELECT s.member_id, 'device', s.device_hash FROM sessions s
           JOIN mine_devices d ON d.v = s.device_hash WHERE s.merchant_code = $1
         UNION SELECT s.member_id, 'network', s.ip FROM member_sign_ins s
           JOIN mine_ips i ON i.v = s.ip WHERE s.merchant_code = $1
         UNION SELECT s.member_id, 'network', s.ip FROM sessions s
           JOIN mine_ips i ON i.v = s.ip WHERE s.merchant_code = $1
         UNION SELECT m.id, 'mobile', m.mobile FROM members m
           JOIN mine_mobiles x ON x.v = m.mobile WHERE m.merchant_code = $1
         UNION SELECT v.member_id, 'mobile', v.recipient FROM verification_codes v
           JOIN mine_mobiles x ON x.v = v.recipient
           WHERE v.merchant_code = $1 AND v.channel = 'sms' AND v.member_id IS NOT NULL
         UNION SELECT w.member_id, 'payee', w.provider || ' ' || w.account_number FROM withdraw_accounts w
           JOIN mine_payees p ON p.p = lower(w.provider) AND p.n = w.account_number WHERE w.merchant_code = $1
       )
       SELECT m.account, m.status, l.kind, l.value FROM links l JOIN members m ON m.id = l.other
       WHERE l.other <> $2 AND m.kind = 'member'
       ORDER BY m.account, l.kind, l.value`,
      [merchant, id],
    );
    const byAccount = new Map<string, LinkedMember>();
    for (const r of rows) {
      const linked = byAccount.get(r.account) ?? { account: r.account, status: r.status, shared: [] };
      // A device is named by its hash: show a short, stable part of it.
      const value = r.kind === 'device' ? `${r.value.slice(0, 12)}…` : r.value;
      if (!linked.shared.some((s) => s.kind === r.kind && s.value === value))
        linked.shared.push({ kind: r.kind, value });
      byAccount.set(r.account, linked);
    }
    const linked = [...byAccount.values()]
      .sort((a, b) => b.shared.length - a.shared.length || a.account.localeCompare(b.account))
      .slice(0, cmd.limit);
    await recordAudit(this.deps.database, {
      merchantCode: merchant,
      actor,
      action: 'risk-links',
      detail: { account: member.account, linked: linked.length },
    });
    return { account: member.account, linked };
  }

  async alerts(merchant: string, cmd: z.output<typeof alertsCommandSchema>) {
    const state = await this.deps.store.get(merchant);
    if (!state) throw new AppError('merchant.unknown');
    const limits = cashierConfigSchema.parse(state.config.cashier ?? {}).alerts;
    const winAbove = parseMoney(cmd.winAbove ?? limits.largeWinAbove) ?? 0n;
    const withdrawAbove = parseMoney(cmd.withdrawAbove ?? limits.largeWithdrawalAbove) ?? 0n;
    const since = new Date(this.deps.clock.now() - cmd.days * DAY_MS).toISOString();
    const db = this.deps.database.db;
    const [wins, withdrawals] = await Promise.all([
      queryRows<{
        at: Date | string;
        account: string;
        amount: string;
        vendor: string;
        game: string;
        round: string;
        bet: string;
      }>(
        db,
        `SELECT r.settled_at AS at, m.account, r.win_minor::text AS amount, r.vendor, r.game_code AS game,
                r.round_id AS round, r.bet_minor::text AS bet
         FROM game_rounds r JOIN members m ON m.id = r.member_id
         WHERE r.merchant = $1 AND r.settled_at >= $2 AND r.mode = 'real' AND r.win_minor >= $3
         ORDER BY r.settled_at DESC LIMIT $4`,
        [merchant, since, winAbove.toString(), cmd.limit],
      ),
      queryRows<{ at: Date | string; account: string; amount: string; order_no: string; status: string }>(
        db,
        `SELECT w.created_at AS at, m.account, w.amount::text AS amount, w.order_no, w.status
         FROM withdraw_orders w JOIN members m ON m.id = w.member_id
         WHERE w.merchant_code = $1 AND w.created_at >= $2 AND w.amount >= $3
         ORDER BY w.created_at DESC LIMIT $4`,
        [merchant, since, withdrawAbove.toString(), cmd.limit],
      ),
    ]);
    const alerts: RiskAlert[] = [
      ...wins.map((w) => ({
        kind: 'win' as const,
        at: new Date(w.at).toISOString(),
        account: w.account,
        amount: minorToDecimal(BigInt(w.amount)),
        reference: `${w.vendor} · ${w.game}`,
        detail: `round ${w.round}, stake ${minorToDecimal(BigInt(w.bet))}`,
      })),
      ...withdrawals.map((w) => ({
        kind: 'withdrawal' as const,
        at: new Date(w.at).toISOString(),
        account: w.account,
        amount: minorToDecimal(BigInt(w.amount)),
        reference: w.order_no,
        detail: w.status,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, cmd.limit);
    return {
      winAbove: minorToDecimal(winAbove),
      withdrawAbove: minorToDecimal(withdrawAbove),
      days: cmd.days,
      alerts,
    };
  }
}
