import type { BillState, ContractKind, ContractState, ContractTerms } from '@aurum/contract';
import { TX_TYPE } from '@aurum/contract';
import type { Queryable } from '../../../platform/sql.ts';
import { queryRows } from '../../../platform/sql.ts';

/**
 * The contracts' SQL (migration 0031). A team is the path range of agents/repository.ts; the
 * settlement reads the record of play (game_rounds) and the ledger's deposits per team in one
 * statement per period, never a walk of the tree in code.
 */

export const LIVE_STATES: readonly ContractState[] = [
  'active',
  'termination-requested',
  'modification-pending',
];

export interface ContractRow {
  id: number;
  kind: ContractKind;
  uplineId: number;
  downlineId: number;
  uplineAccount: string;
  /** The upline is the merchant's house node (a top agent's contract). */
  uplineIsHouse: boolean;
  downlineAccount: string;
  terms: ContractTerms;
  state: ContractState;
  replacesId: number | null;
  terminationBy: 'upline' | 'downline' | null;
  createdAt: number;
  acceptedAt: number | null;
  endedAt: number | null;
}

interface RawContract {
  id: number;
  kind: ContractKind;
  upline_id: number;
  downline_id: number;
  upline_account: string;
  upline_kind: string;
  downline_account: string;
  terms: ContractTerms | string;
  state: ContractState;
  replaces_id: number | null;
  termination_by: 'upline' | 'downline' | null;
  created_ms: string;
  accepted_ms: string | null;
  ended_ms: string | null;
}

const MS = (col: string) => `(extract(epoch FROM ${col}) * 1000)::bigint::text`;
const SELECT = `SELECT c.id::int AS id, c.kind, c.upline_id::int AS upline_id, c.downline_id::int AS downline_id,
       u.account AS upline_account, u.kind AS upline_kind, d.account AS downline_account, c.terms, c.state,
       c.replaces_id::int AS replaces_id, c.termination_by,
       ${MS('c.created_at')} AS created_ms, ${MS('c.accepted_at')} AS accepted_ms, ${MS('c.ended_at')} AS ended_ms
  FROM agent_contracts c JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id`;

const toContract = (r: RawContract): ContractRow => ({
  id: r.id,
  kind: r.kind,
  uplineId: r.upline_id,
  downlineId: r.downline_id,
  uplineAccount: r.upline_account,
  uplineIsHouse: r.upline_kind === 'house',
  downlineAccount: r.downline_account,
  terms: typeof r.terms === 'string' ? (JSON.parse(r.terms) as ContractTerms) : r.terms,
  state: r.state,
  replacesId: r.replaces_id,
  terminationBy: r.termination_by,
  createdAt: Number(r.created_ms),
  acceptedAt: r.accepted_ms === null ? null : Number(r.accepted_ms),
  endedAt: r.ended_ms === null ? null : Number(r.ended_ms),
});

/** Contracts the member holds or offers, newest first (rejected and ended ones too). */
export async function listContracts(
  db: Queryable,
  merchant: string,
  memberId: number,
  kind: ContractKind | undefined,
): Promise<ContractRow[]> {
  const rows = await queryRows<RawContract>(
    db,
    `${SELECT} WHERE c.merchant_code = $1 AND (c.upline_id = $2 OR c.downline_id = $2)
       AND ($3::text IS NULL OR c.kind = $3) ORDER BY c.id DESC LIMIT 500`,
    [merchant, memberId, kind ?? null],
  );
  return rows.map(toContract);
}

export async function findContract(
  db: Queryable,
  merchant: string,
  id: number,
  forUpdate = false,
): Promise<ContractRow | null> {
  const rows = await queryRows<RawContract>(
    db,
    `${SELECT} WHERE c.merchant_code = $1 AND c.id = $2 ${forUpdate ? 'FOR UPDATE OF c' : ''}`,
    [merchant, id],
  );
  return rows[0] ? toContract(rows[0]) : null;
}

/** The downline's live contract of the kind (active, termination or modification pending). */
export async function liveContract(
  db: Queryable,
  merchant: string,
  downlineId: number,
  kind: ContractKind,
): Promise<ContractRow | null> {
  const rows = await queryRows<RawContract>(
    db,
    `${SELECT} WHERE c.merchant_code = $1 AND c.downline_id = $2 AND c.kind = $3
       AND c.state IN ('active', 'termination-requested', 'modification-pending')`,
    [merchant, downlineId, kind],
  );
  return rows[0] ? toContract(rows[0]) : null;
}

/** Contracts (live or offered) the member gives its own downlines, of the kind. */
export async function givenContracts(
  db: Queryable,
  merchant: string,
  uplineId: number,
  kind: ContractKind,
): Promise<ContractRow[]> {
  const rows = await queryRows<RawContract>(
    db,
    `${SELECT} WHERE c.merchant_code = $1 AND c.upline_id = $2 AND c.kind = $3
       AND c.state IN ('pending', 'active', 'termination-requested', 'modification-pending')
     ORDER BY c.id FOR UPDATE OF c`,
    [merchant, uplineId, kind],
  );
  return rows.map(toContract);
}

export async function insertContract(
  db: Queryable,
  c: {
    merchant: string;
    kind: ContractKind;
    uplineId: number;
    downlineId: number;
    terms: ContractTerms;
    replacesId: number | null;
    at: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    `INSERT INTO agent_contracts (merchant_code, kind, upline_id, downline_id, terms, state, replaces_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'pending', $6, $7, $7) RETURNING id::int AS id`,
    [c.merchant, c.kind, c.uplineId, c.downlineId, JSON.stringify(c.terms), c.replacesId, c.at.toISOString()],
  );
  return row!.id;
}

/** Moves a contract to a state; accepted_at / ended_at are set when it enters active / an end. */
export async function setState(
  db: Queryable,
  id: number,
  state: ContractState,
  at: Date,
  terminationBy: 'upline' | 'downline' | null = null,
): Promise<void> {
  await queryRows(
    db,
    `UPDATE agent_contracts SET state = $2, updated_at = $3, termination_by = $4,
            accepted_at = CASE WHEN $2 = 'active' AND accepted_at IS NULL THEN $3::timestamptz ELSE accepted_at END,
            ended_at = CASE WHEN $2 IN ('terminated', 'rejected') THEN $3::timestamptz ELSE ended_at END
      WHERE id = $1`,
    [id, state, at.toISOString(), terminationBy],
  );
}

/**
 * Top agents' contracts with the house on the merchant's terms for the kind: one for each top
 * agent (or only `memberId`) that holds no live contract of it. A top agent holds them from its
 * registration (accepted_at), so its first period counts.
 */
export async function ensureHouseContracts(
  db: Queryable,
  merchant: string,
  kind: ContractKind,
  terms: ContractTerms,
  agentTypes: readonly number[],
  at: Date,
  memberId: number | null = null,
): Promise<void> {
  await queryRows(
    db,
    `INSERT INTO agent_contracts (merchant_code, kind, upline_id, downline_id, terms, state, created_at, updated_at, accepted_at)
     SELECT m.merchant_code, $2, h.id, m.id, $3::jsonb, 'active', $4, $4, m.created_at
       FROM members m JOIN members h ON h.id = m.upline_id AND h.kind = 'house'
      WHERE m.merchant_code = $1 AND m.kind = 'member' AND m.type = ANY($5::int[])
        AND ($6::bigint IS NULL OR m.id = $6)
        AND NOT EXISTS (SELECT 1 FROM agent_contracts c WHERE c.merchant_code = $1 AND c.downline_id = m.id
                           AND c.kind = $2 AND c.upline_id = h.id)
     ON CONFLICT DO NOTHING`,
    [merchant, kind, JSON.stringify(terms), at.toISOString(), agentTypes, memberId],
  );
}

/** Offers waiting for the member's answer, and terminations the other party asked of it. */
export async function requestsFor(db: Queryable, merchant: string, memberId: number): Promise<ContractRow[]> {
  const rows = await queryRows<RawContract>(
    db,
    `${SELECT} WHERE c.merchant_code = $1 AND (
        (c.state = 'pending' AND c.downline_id = $2)
     OR (c.state = 'termination-requested' AND ((c.downline_id = $2 AND c.termination_by = 'upline')
                                             OR (c.upline_id = $2 AND c.termination_by = 'downline'))))
     ORDER BY c.id`,
    [merchant, memberId],
  );
  return rows.map(toContract);
}

// ---------------------------------------------------------------- settlement

export interface PeriodContract {
  id: number;
  uplineId: number;
  downlineId: number;
  uplineIsHouse: boolean;
  path: string;
  depth: number;
  terms: ContractTerms;
}

/** The contracts of the kind in force at the end of the period (accepted before, not ended before). */
export async function contractsInForce(
  db: Queryable,
  merchant: string,
  kind: ContractKind,
  endAt: Date,
): Promise<PeriodContract[]> {
  const rows = await queryRows<{
    id: number;
    upline_id: number;
    downline_id: number;
    upline_kind: string;
    path: string;
    depth: number;
    terms: ContractTerms | string;
  }>(
    db,
    `SELECT c.id::int AS id, c.upline_id::int AS upline_id, c.downline_id::int AS downline_id, u.kind AS upline_kind,
            d.path, d.depth, c.terms
       FROM agent_contracts c JOIN members d ON d.id = c.downline_id JOIN members u ON u.id = c.upline_id
      WHERE c.merchant_code = $1 AND c.kind = $2 AND c.accepted_at IS NOT NULL AND c.accepted_at < $3
        AND (c.ended_at IS NULL OR c.ended_at >= $3) AND c.state <> 'rejected'
      ORDER BY d.depth, c.id`,
    [merchant, kind, endAt.toISOString()],
  );
  return rows.map((r) => ({
    id: r.id,
    uplineId: r.upline_id,
    downlineId: r.downline_id,
    uplineIsHouse: r.upline_kind === 'house',
    path: r.path,
    depth: r.depth,
    terms: typeof r.terms === 'string' ? (JSON.parse(r.terms) as ContractTerms) : r.terms,
  }));
}

export interface TeamFigures {
  validBetMinor: bigint;
  /** Company side: valid bet less payouts (positive when the team lost). */
  pnlMinor: bigint;
  depositsMinor: bigint;
  active: bigint;
}

/**
 * Each contract holder's team figures over [from, to): valid bet and payouts of settled
 * real-money rounds (the record of play), deposits into main wallets (the ledger), and active
 * members (valid bet or deposits reaching the merchant's thresholds). One statement: each member
 * who played or deposited in the period counts for every upline on its stored path, joined to the
 * holders by id (members × depth rows, where a range join per holder would be holders × members).
 */
export async function teamFigures(
  db: Queryable,
  merchant: string,
  contractIds: readonly number[],
  from: Date,
  to: Date,
  activeValidBetMinor: bigint,
  activeDepositMinor: bigint,
): Promise<Map<number, TeamFigures>> {
  if (contractIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; valid: string; pnl: string; deposits: string; active: string }>(
    db,
    `WITH holders AS (
       SELECT c.id, c.downline_id FROM agent_contracts c WHERE c.merchant_code = $1 AND c.id = ANY($2::bigint[])),
     bets AS (
       SELECT member_id, sum(bet_minor) AS valid, sum(win_minor) AS win FROM game_rounds
        WHERE merchant = $1 AND mode = 'real' AND status = 'settled' AND settled_at >= $3 AND settled_at < $4
        GROUP BY member_id),
     deps AS (
       SELECT a.member_id, sum(e.amount) AS dep
         FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id AND e.amount > 0
         JOIN ledger_accounts a ON a.id = e.account_id AND a.code = 'MAIN' AND a.member_id IS NOT NULL
        WHERE t.merchant_code = $1 AND t.kind = ${TX_TYPE.deposit} AND t.created_at >= $3 AND t.created_at < $4
        GROUP BY a.member_id),
     per AS (
       SELECT m.path, coalesce(b.valid, 0) AS valid, coalesce(b.win, 0) AS win, coalesce(d.dep, 0) AS dep
         FROM (SELECT member_id FROM bets UNION SELECT member_id FROM deps) x
         JOIN members m ON m.id = x.member_id AND m.merchant_code = $1
         LEFT JOIN bets b ON b.member_id = x.member_id LEFT JOIN deps d ON d.member_id = x.member_id),
     -- Each member counts for itself and every upline on its stored path: set-based, no walk.
     up AS (
       SELECT u.id::bigint AS member_id, p.valid, p.win, p.dep
         FROM per p, unnest(string_to_array(trim(both '/' FROM p.path), '/')) AS u(id))
     SELECT h.id::int AS id, coalesce(sum(up.valid), 0)::text AS valid,
            coalesce(sum(up.valid - up.win), 0)::text AS pnl, coalesce(sum(up.dep), 0)::text AS deposits,
            count(up.member_id) FILTER (WHERE up.valid >= $5::bigint OR up.dep >= $6::bigint)::text AS active
       FROM holders h LEFT JOIN up ON up.member_id = h.downline_id
      GROUP BY h.id`,
    [
      merchant,
      contractIds,
      from.toISOString(),
      to.toISOString(),
      activeValidBetMinor.toString(),
      activeDepositMinor.toString(),
    ],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        validBetMinor: BigInt(r.valid),
        pnlMinor: BigInt(r.pnl),
        depositsMinor: BigInt(r.deposits),
        active: BigInt(r.active),
      },
    ]),
  );
}

export interface NewBill {
  contractId: number;
  kind: ContractKind;
  periodKey: string;
  from: Date;
  to: Date;
  payerId: number | null;
  payeeId: number;
  depth: number;
  figures: Record<string, string | number>;
  tier: number | null;
  amountMinor: bigint;
  netMinor: bigint;
  carryMinor: bigint;
}

/**
 * Inserts the period's bills, a thousand a statement; a bill that exists already (another run)
 * stays as it is. Returns how many this call inserted.
 */
export async function insertBills(
  db: Queryable,
  merchant: string,
  bills: readonly NewBill[],
  at: Date,
  /** DAYSALMR: the bills are claimed by hand until then (claimable), not paid by the settlement. */
  claimUntil: Date | null = null,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < bills.length; i += 1000) {
    const chunk = bills.slice(i, i + 1000).map((b) => ({
      contract_id: b.contractId,
      kind: b.kind,
      period_key: b.periodKey,
      period_start: b.from.toISOString(),
      period_end: b.to.toISOString(),
      payer_id: b.payerId,
      payee_id: b.payeeId,
      depth: b.depth,
      figures: b.figures,
      tier: b.tier,
      amount_minor: b.amountMinor.toString(),
      net_minor: b.netMinor.toString(),
      carry_minor: b.carryMinor.toString(),
    }));
    const rows = await queryRows<{ id: number }>(
      db,
      `INSERT INTO agent_contract_bills (merchant_code, contract_id, kind, period_key, period_start, period_end,
          payer_id, payee_id, depth, figures, tier, amount_minor, net_minor, carry_minor, state, created_at, updated_at,
          claim_until)
       SELECT $1, r.contract_id, r.kind, r.period_key, r.period_start, r.period_end, r.payer_id, r.payee_id, r.depth,
              r.figures, r.tier, r.amount_minor::bigint, r.net_minor::bigint, r.carry_minor::bigint,
              CASE WHEN r.amount_minor::bigint = 0 THEN 'paid' WHEN $4::timestamptz IS NOT NULL THEN 'claimable'
                   ELSE 'pending' END, $3, $3,
              CASE WHEN r.amount_minor::bigint = 0 THEN NULL ELSE $4::timestamptz END
         FROM jsonb_to_recordset($2::jsonb) AS r(contract_id bigint, kind text, period_key text,
              period_start timestamptz, period_end timestamptz, payer_id bigint, payee_id bigint, depth integer,
              figures jsonb, tier integer, amount_minor text, net_minor text, carry_minor text)
       ON CONFLICT (contract_id, period_key) DO NOTHING
       RETURNING id`,
      [merchant, JSON.stringify(chunk), at.toISOString(), claimUntil?.toISOString() ?? null],
    );
    inserted += rows.length;
  }
  return inserted;
}

/** True when the kind's period has been settled (agent_contract_runs). */
export async function periodSettled(db: Queryable, merchant: string, kind: ContractKind, periodKey: string) {
  const rows = await queryRows(
    db,
    'SELECT 1 FROM agent_contract_runs WHERE merchant_code = $1 AND kind = $2 AND period_key = $3',
    [merchant, kind, periodKey],
  );
  return rows.length > 0;
}

/** Marks the period settled; false when another run did (its bills are stored, ours are not). */
export async function markSettled(
  db: Queryable,
  run: {
    merchant: string;
    kind: ContractKind;
    periodKey: string;
    contracts: number;
    bills: number;
    at: Date;
  },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    `INSERT INTO agent_contract_runs (merchant_code, kind, period_key, contracts, bills, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
    [run.merchant, run.kind, run.periodKey, run.contracts, run.bills, run.at.toISOString()],
  );
  return rows.length > 0;
}

export interface OpenBill {
  id: number;
  contractId: number;
  payerId: number | null;
  payeeId: number;
  amountMinor: bigint;
  paidMinor: bigint;
  state: BillState;
}

type RawOpenBill = {
  id: number;
  contract_id: number;
  payer_id: number | null;
  payee_id: number;
  amount: string;
  paid: string;
  state: BillState;
};
const toOpen = (r: RawOpenBill): OpenBill => ({
  id: r.id,
  contractId: r.contract_id,
  payerId: r.payer_id,
  payeeId: r.payee_id,
  amountMinor: BigInt(r.amount),
  paidMinor: BigInt(r.paid),
  state: r.state,
});
const OPEN_COLUMNS = `id::int AS id, contract_id::int AS contract_id, payer_id::int AS payer_id, payee_id::int AS payee_id,
  amount_minor::text AS amount, paid_minor::text AS paid, state`;

/**
 * Bills of the kind still owed (any period), top-down (an upline is paid before it pays), a page
 * of `limit` after the (depth, id) cursor; the index on open bills answers it.
 */
export async function openBills(
  db: Queryable,
  merchant: string,
  kind: ContractKind,
  after: { depth: number; id: number } = { depth: -1, id: 0 },
  limit = 5000,
): Promise<(OpenBill & { depth: number })[]> {
  const rows = await queryRows<RawOpenBill & { depth: number }>(
    db,
    `SELECT ${OPEN_COLUMNS}, depth FROM agent_contract_bills
      WHERE merchant_code = $1 AND kind = $2 AND state IN ('pending', 'partly-paid') AND (depth, id) > ($3, $4)
      ORDER BY depth, id LIMIT $5`,
    [merchant, kind, after.depth, after.id, limit],
  );
  return rows.map((r) => ({ ...toOpen(r), depth: r.depth }));
}

/**
 * Bills still owed (any kind and period) whose payer now holds money in its main wallet: the
 * payers credited since the last payment (a deposit, a transfer, a win), uplines' bills first.
 * The index on open bills answers it; the wallet is one unique-index probe per open bill.
 */
export async function owedByFundedPayers(
  db: Queryable,
  merchant: string,
  limit = 1000,
): Promise<(OpenBill & { kind: ContractKind })[]> {
  const rows = await queryRows<RawOpenBill & { kind: ContractKind }>(
    db,
    `SELECT ${OPEN_COLUMNS}, kind FROM agent_contract_bills b
      WHERE merchant_code = $1 AND state IN ('pending', 'partly-paid') AND payer_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM ledger_accounts a
                     WHERE a.merchant_code = b.merchant_code AND a.member_id = b.payer_id
                       AND a.code = 'MAIN' AND a.balance > 0)
      ORDER BY depth, id LIMIT $2`,
    [merchant, limit],
  );
  return rows.map((r) => ({ ...toOpen(r), kind: r.kind }));
}

/** Locks the bills (in id order, as every run does) and reads them as they are now. */
export async function lockBills(
  db: Queryable,
  merchant: string,
  ids: readonly number[],
): Promise<Map<number, OpenBill>> {
  const rows = await queryRows<RawOpenBill>(
    db,
    `SELECT ${OPEN_COLUMNS} FROM agent_contract_bills WHERE merchant_code = $1 AND id = ANY($2::bigint[])
      ORDER BY id FOR UPDATE`,
    [merchant, ids],
  );
  return new Map(rows.map((r) => [r.id, toOpen(r)]));
}

export async function lockBill(db: Queryable, merchant: string, id: number): Promise<OpenBill | null> {
  const rows = await queryRows<RawOpenBill>(
    db,
    `SELECT ${OPEN_COLUMNS} FROM agent_contract_bills WHERE merchant_code = $1 AND id = $2 FOR UPDATE`,
    [merchant, id],
  );
  return rows[0] ? toOpen(rows[0]) : null;
}

/** Records a chunk's payments in one statement (each bill's sum, state and ledger transfer). */
export async function recordPayments(
  db: Queryable,
  payments: readonly { id: number; amountMinor: bigint; transferId: number }[],
  at: Date,
) {
  if (payments.length === 0) return;
  await queryRows(
    db,
    `UPDATE agent_contract_bills b
        SET paid_minor = b.paid_minor + p.amount,
            state = CASE WHEN b.paid_minor + p.amount >= b.amount_minor THEN 'paid' ELSE 'partly-paid' END,
            transfer_ids = b.transfer_ids || to_jsonb(p.transfer_id), updated_at = $4
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS p (id, amount, transfer_id)
      WHERE b.id = p.id`,
    [
      payments.map((p) => p.id),
      payments.map((p) => p.amountMinor.toString()),
      payments.map((p) => p.transferId),
      at.toISOString(),
    ],
  );
}

/** The main-wallet balances of the members (absent: no wallet yet, so nothing). */
export async function mainBalances(
  db: Queryable,
  merchant: string,
  memberIds: readonly number[],
): Promise<Map<number, bigint>> {
  const rows = await queryRows<{ member_id: string | number; balance: string }>(
    db,
    `SELECT member_id, balance::text AS balance FROM ledger_accounts
      WHERE merchant_code = $1 AND code = 'MAIN' AND member_id = ANY($2::bigint[])`,
    [merchant, [...new Set(memberIds)]],
  );
  return new Map(rows.map((r) => [Number(r.member_id), BigInt(r.balance)]));
}

export async function writeOff(db: Queryable, id: number, at: Date) {
  await queryRows(
    db,
    `UPDATE agent_contract_bills SET state = 'written-off', updated_at = $2 WHERE id = $1`,
    [id, at.toISOString()],
  );
}

export interface BillRow {
  id: number;
  contractId: number;
  kind: ContractKind;
  periodKey: string;
  payerId: number | null;
  payeeId: number;
  payerAccount: string | null;
  payeeAccount: string;
  figures: Record<string, string | number>;
  tier: number | null;
  amountMinor: bigint;
  netMinor: bigint;
  paidMinor: bigint;
  carryMinor: bigint;
  transferIds: number[];
  state: BillState;
  createdAt: number;
}

/** Bills where the member is payee (held) or payer (offered), newest first, a page and the total. */
export async function listBills(
  db: Queryable,
  merchant: string,
  q: {
    memberId?: number;
    contractId?: number;
    kind?: ContractKind;
    role?: 'held' | 'offered';
    /** Bills made in [fromMs, toMs). */
    fromMs?: number;
    toMs?: number;
    page: number;
    size: number;
  },
): Promise<{ rows: BillRow[]; total: number }> {
  const where = `b.merchant_code = $1
    AND ($2::bigint IS NULL OR (($5::text IS NULL OR $5 = 'held') AND b.payee_id = $2)
                            OR (($5::text IS NULL OR $5 = 'offered') AND b.payer_id = $2))
    AND ($3::bigint IS NULL OR b.contract_id = $3) AND ($4::text IS NULL OR b.kind = $4)
    AND ($6::timestamptz IS NULL OR b.created_at >= $6) AND ($7::timestamptz IS NULL OR b.created_at < $7)`;
  const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const params = [
    merchant,
    q.memberId ?? null,
    q.contractId ?? null,
    q.kind ?? null,
    q.role ?? null,
    at(q.fromMs),
    at(q.toMs),
  ];
  const [rows, counted] = await Promise.all([
    queryRows<{
      id: number;
      contract_id: number;
      kind: ContractKind;
      period_key: string;
      payer_id: number | null;
      payee_id: number;
      payer_account: string | null;
      payer_kind: string | null;
      payee_account: string;
      figures: Record<string, string | number> | string;
      tier: number | null;
      amount: string;
      net: string;
      paid: string;
      carry: string;
      transfer_ids: number[] | string;
      state: BillState;
      created_ms: string;
    }>(
      db,
      `SELECT b.id::int AS id, b.contract_id::int AS contract_id, b.kind, b.period_key, b.payer_id::int AS payer_id,
              b.payee_id::int AS payee_id, pr.account AS payer_account, pe.account AS payee_account, b.figures, b.tier,
              b.amount_minor::text AS amount, b.net_minor::text AS net, b.paid_minor::text AS paid,
              b.carry_minor::text AS carry, b.transfer_ids, b.state, ${MS('b.created_at')} AS created_ms
         FROM agent_contract_bills b JOIN members pe ON pe.id = b.payee_id LEFT JOIN members pr ON pr.id = b.payer_id
        WHERE ${where} ORDER BY b.id DESC LIMIT $8 OFFSET $9`,
      [...params, q.size, (q.page - 1) * q.size],
    ),
    queryRows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM agent_contract_bills b WHERE ${where}`,
      params,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      contractId: r.contract_id,
      kind: r.kind,
      periodKey: r.period_key,
      payerId: r.payer_id,
      payeeId: r.payee_id,
      payerAccount: r.payer_account,
      payeeAccount: r.payee_account,
      figures: typeof r.figures === 'string' ? JSON.parse(r.figures) : r.figures,
      tier: r.tier,
      amountMinor: BigInt(r.amount),
      netMinor: BigInt(r.net),
      paidMinor: BigInt(r.paid),
      carryMinor: BigInt(r.carry),
      transferIds: (typeof r.transfer_ids === 'string' ? JSON.parse(r.transfer_ids) : r.transfer_ids).map(
        Number,
      ),
      state: r.state,
      createdAt: Number(r.created_ms),
    })),
    total: counted[0]?.n ?? 0,
  };
}

/** The carry a contract's bill of the previous period passed on (0 when it has none). */
export async function previousCarry(db: Queryable, contractId: number, periodKey: string): Promise<bigint> {
  const [row] = await queryRows<{ carry: string }>(
    db,
    'SELECT carry_minor::text AS carry FROM agent_contract_bills WHERE contract_id = $1 AND period_key = $2',
    [contractId, periodKey],
  );
  return row ? BigInt(row.carry) : 0n;
}

export interface PlayerDraw {
  path: string;
  betMinor: bigint;
  netMinor: bigint;
}

/**
 * Real-time salary: each player's draws settled in [from, to) from the record of play — a
 * lottery draw is the game and issue of its tickets (detail.lottery / detail.issueNo), any other
 * round is a draw of its own — with the player's bet and net result (payouts less bets) in it.
 */
export async function playerDraws(
  db: Queryable,
  merchant: string,
  from: Date,
  to: Date,
): Promise<PlayerDraw[]> {
  const rows = await queryRows<{ path: string; bet: string; net: string }>(
    db,
    `SELECT m.path, d.bet::text AS bet, d.net::text AS net
       FROM (SELECT member_id, sum(bet_minor) AS bet, sum(win_minor) - sum(bet_minor) AS net
               FROM game_rounds
              WHERE merchant = $1 AND mode = 'real' AND status = 'settled' AND settled_at >= $2 AND settled_at < $3
              GROUP BY member_id, CASE WHEN detail ? 'issueNo' THEN (detail ->> 'lottery') || ':' || (detail ->> 'issueNo')
                                       ELSE vendor || ':' || round_id END) d
       JOIN members m ON m.id = d.member_id AND m.merchant_code = $1`,
    [merchant, from.toISOString(), to.toISOString()],
  );
  return rows.map((r) => ({ path: r.path, betMinor: BigInt(r.bet), netMinor: BigInt(r.net) }));
}

/** A daily-salary bill claimed by hand (DAYSALMR), as its payee sees it. */
export interface ClaimRow {
  id: number;
  contractId: number;
  kind: ContractKind;
  periodKey: string;
  payerId: number | null;
  payeeId: number;
  payerAccount: string | null;
  amountMinor: bigint;
  paidMinor: bigint;
  /** expired once the window has passed, whether or not the sweep has marked it yet. */
  state: 'claimable' | 'claimed' | 'rejected' | 'expired';
  claimUntil: number;
  claimedAt: number | null;
  reason: string | null;
  createdAt: number;
}

const CLAIM_COLUMNS = `b.id::int AS id, b.contract_id::int AS contract_id, b.kind, b.period_key,
  b.payer_id::int AS payer_id, b.payee_id::int AS payee_id, pr.account AS payer_account, pr.kind AS payer_kind,
  b.amount_minor::text AS amount, b.paid_minor::text AS paid,
  CASE WHEN b.state = 'claimable' AND b.claim_until <= $2::timestamptz THEN 'expired' ELSE b.state END AS state,
  ${MS('b.claim_until')} AS claim_ms, ${MS('b.claimed_at')} AS claimed_ms, b.reject_reason,
  ${MS('b.created_at')} AS created_ms`;
type RawClaim = {
  id: number;
  contract_id: number;
  kind: ContractKind;
  period_key: string;
  payer_id: number | null;
  payee_id: number;
  payer_account: string | null;
  payer_kind: string | null;
  amount: string;
  paid: string;
  state: ClaimRow['state'];
  claim_ms: string;
  claimed_ms: string | null;
  reject_reason: string | null;
  created_ms: string;
};
const toClaim = (r: RawClaim): ClaimRow => ({
  id: r.id,
  contractId: r.contract_id,
  kind: r.kind,
  periodKey: r.period_key,
  payerId: r.payer_id,
  payeeId: r.payee_id,
  payerAccount: r.payer_kind === 'house' ? null : r.payer_account,
  amountMinor: BigInt(r.amount),
  paidMinor: BigInt(r.paid),
  state: r.state,
  claimUntil: Number(r.claim_ms),
  claimedAt: r.claimed_ms === null ? null : Number(r.claimed_ms),
  reason: r.reject_reason,
  createdAt: Number(r.created_ms),
});

/** The member's bills to claim by hand (any state), newest first, a page and the total. */
export async function listClaims(
  db: Queryable,
  merchant: string,
  q: { payeeId: number; state?: ClaimRow['state'] | undefined; now: Date; page: number; size: number },
): Promise<{ rows: ClaimRow[]; total: number }> {
  const where = `b.merchant_code = $1 AND b.payee_id = $3 AND b.claim_until IS NOT NULL
    AND ($4::text IS NULL OR (CASE WHEN b.state = 'claimable' AND b.claim_until <= $2::timestamptz
                                   THEN 'expired' ELSE b.state END) = $4)`;
  const params = [merchant, q.now.toISOString(), q.payeeId, q.state ?? null];
  const [rows, counted] = await Promise.all([
    queryRows<RawClaim>(
      db,
      `SELECT ${CLAIM_COLUMNS} FROM agent_contract_bills b LEFT JOIN members pr ON pr.id = b.payer_id
        WHERE ${where} ORDER BY b.id DESC LIMIT $5 OFFSET $6`,
      [...params, q.size, (q.page - 1) * q.size],
    ),
    queryRows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM agent_contract_bills b WHERE ${where}`,
      params,
    ),
  ]);
  return { rows: rows.map(toClaim), total: counted[0]?.n ?? 0 };
}

/** One bill to claim by hand, locked (FOR UPDATE), as it stands at `now`; null when none. */
export async function lockClaim(db: Queryable, merchant: string, id: number, now: Date) {
  const rows = await queryRows<RawClaim>(
    db,
    `SELECT ${CLAIM_COLUMNS} FROM agent_contract_bills b LEFT JOIN members pr ON pr.id = b.payer_id
      WHERE b.merchant_code = $1 AND b.id = $3 AND b.claim_until IS NOT NULL FOR UPDATE OF b`,
    [merchant, now.toISOString(), id],
  );
  return rows[0] ? toClaim(rows[0]) : null;
}

/** Records a claim's payment: paid in full, claimed, with its ledger transfer. */
export async function markClaimed(db: Queryable, id: number, transferId: number, at: Date) {
  await queryRows(
    db,
    `UPDATE agent_contract_bills
        SET paid_minor = amount_minor, state = 'claimed', claimed_at = $3,
            transfer_ids = transfer_ids || to_jsonb($2::bigint), updated_at = $3
      WHERE id = $1`,
    [id, transferId, at.toISOString()],
  );
}

export async function rejectClaim(db: Queryable, id: number, reason: string, at: Date) {
  await queryRows(
    db,
    `UPDATE agent_contract_bills SET state = 'rejected', reject_reason = $2, updated_at = $3 WHERE id = $1`,
    [id, reason, at.toISOString()],
  );
}

/** Claimable bills whose window has passed become expired (the job's sweep); returns how many. */
export async function expireClaims(db: Queryable, merchant: string, now: Date): Promise<number> {
  const rows = await queryRows(
    db,
    `UPDATE agent_contract_bills SET state = 'expired', updated_at = $2
      WHERE merchant_code = $1 AND state = 'claimable' AND claim_until <= $2 RETURNING id`,
    [merchant, now.toISOString()],
  );
  return rows.length;
}
