import { minorToDecimal, TX_TYPE } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { big, bool, id, type Queryable, queryRows } from '../../platform/sql.ts';
import type { OpsService } from '../ops/index.ts';
import { type Ledger, type LedgerTx, PLAY } from '../wallet/index.ts';
import type { Mode } from './repository.ts';
import { accountsOf, ledgerKey, memoOf } from './wallet.ts';

/**
 * The operator's side of the seamless wallet's risk limits (docs/seamless-wallet.md, Risk
 * limits): the wins held for review, and their release or rejection. The operator commands
 * (`npm run ops -- risk …`) call this service through the operator endpoint; a console's risk
 * queue is meant to call the same.
 */

export const HOLD_STATUS = ['PENDING', 'RELEASED', 'REJECTED'] as const;
export type HoldStatus = (typeof HOLD_STATUS)[number];

const holdId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** `npm run ops -- risk list|release|reject …`, as the operator endpoint receives it. */
export const riskCommandSchema = z.discriminatedUnion('action', [
  z.object({
    command: z.literal('risk'),
    action: z.literal('list'),
    status: z.enum(HOLD_STATUS).default('PENDING'),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  z.object({ command: z.literal('risk'), action: z.literal('release'), id: holdId }),
  z.object({
    command: z.literal('risk'),
    action: z.literal('reject'),
    id: holdId,
    reason: z.string().trim().min(1).max(255),
  }),
]);
export type RiskCommand = z.output<typeof riskCommandSchema>;

/** A held win as the operator reads it. */
export interface OperatorHoldView {
  id: number;
  vendor: string;
  /** The vendor's credit or settle that carried the win. */
  txId: string;
  kind: 'credit' | 'settle';
  roundId: string;
  /** The round's number in the member's betting record. */
  orderNo: string;
  account: string;
  memberId: number;
  mode: Mode;
  gameCode: string;
  /** The win held. */
  win: string;
  /** The most the round could win in all, and which limit set it. */
  limit: string;
  rule: 'GAME_MULTIPLE' | 'VENDOR_CAP';
  /** The round's stakes, and the wins paid to it before this one, when it was held. */
  stakes: string;
  winsBefore: string;
  /** Whether paying it closes the round (a settle always does). */
  closeRound: boolean;
  status: HoldStatus;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
  /** The win's ledger transfer, once released. */
  transferId: number | null;
}

interface HoldSqlRow {
  id: unknown;
  vendor: string;
  tx_id: string;
  kind: 'credit' | 'settle';
  round_pk: unknown;
  round_id: string;
  order_no: string;
  account: string | null;
  member_id: unknown;
  mode: Mode;
  game_code: string;
  win_minor: unknown;
  limit_minor: unknown;
  rule: 'GAME_MULTIPLE' | 'VENDOR_CAP';
  stakes_minor: unknown;
  wins_minor: unknown;
  close_round: unknown;
  status: HoldStatus;
  created_at: unknown;
  decided_at: unknown;
  decided_by: string | null;
  reason: string | null;
  transfer_id: unknown;
}

const HOLD_COLUMNS = `h.id, h.vendor, h.tx_id, h.kind, h.round_pk, h.round_id, g.order_no, m.account, h.member_id,
  h.mode, h.game_code, h.win_minor, h.limit_minor, h.rule, h.stakes_minor, h.wins_minor, h.close_round, h.status,
  h.created_at, h.decided_at, h.decided_by, h.reason, h.transfer_id`;
const HOLD_FROM = `vendor_risk_holds h
  JOIN game_rounds g ON g.id = h.round_pk
  LEFT JOIN members m ON m.id = h.member_id`;

const iso = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());

function viewOf(r: HoldSqlRow): OperatorHoldView {
  return {
    id: id(r.id),
    vendor: r.vendor,
    txId: r.tx_id,
    kind: r.kind,
    roundId: r.round_id,
    orderNo: r.order_no,
    account: r.account ?? String(r.member_id),
    memberId: id(r.member_id),
    mode: r.mode,
    gameCode: r.game_code,
    win: minorToDecimal(big(r.win_minor)),
    limit: minorToDecimal(big(r.limit_minor)),
    rule: r.rule,
    stakes: minorToDecimal(big(r.stakes_minor)),
    winsBefore: minorToDecimal(big(r.wins_minor)),
    closeRound: bool(r.close_round),
    status: r.status,
    createdAt: iso(r.created_at)!,
    decidedAt: iso(r.decided_at),
    decidedBy: r.decided_by,
    reason: r.reason,
    transferId: r.transfer_id === null ? null : id(r.transfer_id),
  };
}

export interface VendorRiskDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  /** The merchant's settings: which wallet a vendor's games play from (main or its game wallet). */
  store: MerchantStore;
}

/**
 * Held wins and the operator's decisions on them. A decision locks the hold, checks it is
 * still pending, moves the money (release only), closes or reopens the round and records the
 * decision and its audit row in one transaction: two operators, or one retrying, never pay twice.
 */
export class VendorRisk {
  constructor(private readonly deps: VendorRiskDeps) {}

  register(ops: OpsService): void {
    ops.extend('risk', { schema: riskCommandSchema, run: (m, args, actor) => this.run(m, args, actor) });
  }

  run(merchant: string, cmd: RiskCommand, actor: string): Promise<unknown> {
    switch (cmd.action) {
      case 'list':
        return this.list(merchant, cmd.status, cmd.limit, actor).then((holds) => ({ holds }));
      case 'release':
        return this.release(merchant, cmd.id, actor);
      case 'reject':
        return this.reject(merchant, cmd.id, cmd.reason, actor);
    }
  }

  /** Holds of one status, oldest first (the queue's order); the listing is audited too. */
  async list(
    merchant: string,
    status: HoldStatus,
    limit: number,
    actor: string,
  ): Promise<OperatorHoldView[]> {
    const { db } = this.deps.database;
    const rows = await queryRows<HoldSqlRow>(
      db,
      `SELECT ${HOLD_COLUMNS} FROM ${HOLD_FROM} WHERE h.merchant = $1 AND h.status = $2 ORDER BY h.id LIMIT $3`,
      [merchant, status, limit],
    );
    await recordAudit(this.deps.database, {
      merchantCode: merchant,
      actor,
      action: 'risk-list',
      detail: { status, limit, count: rows.length },
    });
    return rows.map(viewOf);
  }

  /**
   * Pays a held win once, as one ledger transfer keyed as the credit's own would have been
   * (`vendor:<vendor>:<txId>`, a settle's `…:win`), and closes the round as the credit would
   * have (or leaves it open for a credit with closeRound false), with the detail it carried.
   */
  release(merchant: string, holdId: number, actor: string): Promise<OperatorHoldView> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const hold = await this.pending(tx, merchant, holdId);
      const state = await this.deps.store.get(merchant);
      if (!state) throw new AppError('merchant.unknown');
      const { wallet, house } = accountsOf(state, hold.mode, hold.memberId, hold.vendor);
      const now = new Date(clock.now());
      const paid = await ledger.transfer(tx, {
        merchant,
        from: house,
        to: wallet,
        amountMinor: big(hold.win_minor),
        kind: TX_TYPE.win,
        idempotencyKey: ledgerKey(hold.vendor, hold.tx_id, hold.kind === 'settle' ? 'win' : undefined),
        memo: memoOf(hold.vendor, hold.game_code, hold.round_id),
        actor,
      });
      // A transfer under this key exists only if this hold paid it: never count it twice.
      if (paid.replayed) throw new AppError('ops.invalid', `The win of hold ${holdId} was paid already.`);
      await queryRows(
        tx,
        `UPDATE game_rounds g SET
           win_minor = g.win_minor + h.win_minor, held = false,
           status = CASE WHEN h.close_round THEN 'settled' ELSE g.status END,
           settled_at = CASE WHEN h.close_round THEN $2::timestamptz ELSE g.settled_at END,
           balance_after_minor = CASE WHEN h.close_round THEN $3::bigint ELSE g.balance_after_minor END,
           detail = coalesce(h.detail, g.detail), fair = coalesce(h.fair, g.fair)
         FROM vendor_risk_holds h
         WHERE h.id = $1 AND g.id = h.round_pk AND g.status = 'open' AND g.held`,
        [holdId, now.toISOString(), paid.to.balanceAfterMinor.toString()],
      );
      if (hold.kind === 'credit') {
        await queryRows(
          tx,
          `UPDATE vendor_transactions SET transfer_id = $4 WHERE merchant = $1 AND vendor = $2 AND tx_id = $3`,
          [merchant, hold.vendor, hold.tx_id, paid.transferId],
        );
      }
      return this.decide(tx, merchant, hold, actor, now, {
        status: 'RELEASED',
        reason: null,
        transferId: paid.transferId,
      });
    });
  }

  /** Closes the round of a held win without paying it, and records why. */
  reject(merchant: string, holdId: number, reason: string, actor: string): Promise<OperatorHoldView> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const hold = await this.pending(tx, merchant, holdId);
      const now = new Date(clock.now());
      const accounts = await ledger.balances(tx, merchant, hold.memberId);
      const code = hold.mode === 'play' ? PLAY : 'MAIN';
      const balance = accounts.find((a) => a.code === code)?.balanceMinor ?? 0n;
      await queryRows(
        tx,
        `UPDATE game_rounds SET held = false, status = 'settled', settled_at = $2::timestamptz,
           balance_after_minor = $3::bigint
         WHERE id = $1 AND status = 'open' AND held`,
        [hold.roundPk, now.toISOString(), balance.toString()],
      );
      return this.decide(tx, merchant, hold, actor, now, { status: 'REJECTED', reason, transferId: null });
    });
  }

  /** The hold, locked; refused unless it is the merchant's and still pending. */
  private async pending(tx: LedgerTx, merchant: string, holdId: number) {
    const [row] = await queryRows<HoldSqlRow>(
      tx,
      `SELECT ${HOLD_COLUMNS} FROM ${HOLD_FROM} WHERE h.merchant = $1 AND h.id = $2 FOR UPDATE OF h`,
      [merchant, holdId],
    );
    if (!row) throw new AppError('ops.invalid', `There is no held win ${holdId}.`);
    if (row.status !== 'PENDING')
      throw new AppError('ops.invalid', `The held win ${holdId} is ${row.status} already.`);
    return { ...row, memberId: id(row.member_id), roundPk: id(row.round_pk) };
  }

  /** Records the decision and its audit row; answers the hold as it now stands. */
  private async decide(
    tx: LedgerTx,
    merchant: string,
    hold: HoldSqlRow,
    actor: string,
    now: Date,
    decision: { status: 'RELEASED' | 'REJECTED'; reason: string | null; transferId: number | null },
  ): Promise<OperatorHoldView> {
    const [row] = await queryRows<HoldSqlRow>(
      tx as Queryable,
      `WITH h AS (
         UPDATE vendor_risk_holds SET status = $3, decided_at = $4::timestamptz, decided_by = $5, reason = $6,
           transfer_id = $7
         WHERE merchant = $1 AND id = $2 AND status = 'PENDING'
         RETURNING *
       )
       SELECT ${HOLD_COLUMNS} FROM h JOIN game_rounds g ON g.id = h.round_pk LEFT JOIN members m ON m.id = h.member_id`,
      [
        merchant,
        id(hold.id),
        decision.status,
        now.toISOString(),
        actor,
        decision.reason,
        decision.transferId,
      ],
    );
    if (!row) throw new AppError('ops.invalid', `The held win ${id(hold.id)} is not pending.`);
    const view = viewOf(row);
    await appendAudit(this.deps.database, tx, {
      merchantCode: merchant,
      actor,
      action: decision.status === 'RELEASED' ? 'risk-release' : 'risk-reject',
      detail: {
        id: view.id,
        vendor: view.vendor,
        txId: view.txId,
        orderNo: view.orderNo,
        account: view.account,
        win: view.win,
        transferId: view.transferId,
        ...(decision.reason ? { reason: decision.reason } : {}),
      },
    });
    return view;
  }
}
