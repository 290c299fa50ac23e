import { createHash } from 'node:crypto';
import { idempotencyKeySchema, MAX_AMOUNT_MINOR, TX_TYPE, TX_TYPE_IDS } from '@aurum/contract';
import { type Clock, systemClock } from '../../platform/clock.ts';
import type { Database, Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  constraintOf,
  isTransient,
  type Queryable,
  type Sql,
  SqlRunner,
  sqlState,
  tableOf,
} from '../../platform/sql.ts';
import {
  type AccountRef,
  formatRef,
  isValidRef,
  type MemberAccountCode,
  memberAccount,
  PLAY,
  playMoneyRuleHolds,
  sameRef,
} from './accounts.ts';
import {
  type AccountBalance,
  balancesOf,
  createMemberAccount,
  createShards,
  findMemberAccountId,
  findMemberKind,
  findShardIds,
  findTransferById,
  findTransferByKey,
  insertBetAndWin,
  insertTransfer,
  insertTransfers,
  type MovedSide,
  memberBalances,
  type NewTransfer,
  type StatementHook,
  type StoredTransfer,
  systemBalance,
} from './repository.ts';

export type { Queryable } from '../../platform/sql.ts';
export type { StatementHook } from './repository.ts';

/** A transaction of the database, as `db.transaction` hands it to its callback. */
export type LedgerTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Shards of every system account: enough that 50 concurrent movements rarely meet on one row. */
export const SYSTEM_SHARDS = 32;
const MAX_ATTEMPTS = 8;
const MAX_MEMO = 255;
const MAX_ACTOR = 64;
/** Known account ids kept in memory; past this the cache starts over. */
const MAX_CACHED_ACCOUNTS = 100_000;

export interface TransferRequest {
  merchant: string;
  from: AccountRef;
  to: AccountRef;
  amountMinor: bigint;
  /** A TX_TYPE id: what the member's records show. */
  kind: number;
  /** Made by the caller before the first attempt; the same key with the same request is a retry. */
  idempotencyKey: string;
  memo?: string | null;
  /** Who moves the money: a module ("games"), an operator ("ops:alice"), a member ("member:12"). */
  actor: string;
  /**
   * Which shard a system side uses (taken modulo the shard count) instead of a random one.
   * Several transfers of one transaction that pass the same value lock one shard, not several,
   * so two such transactions can never wait on each other's shards in a cycle.
   */
  shard?: number;
}

export interface ReverseRequest {
  merchant: string;
  transferId: number;
  idempotencyKey: string;
  actor: string;
  memo?: string | null;
}

export interface HoldRequest {
  merchant: string;
  memberId: number;
  amountMinor: bigint;
  idempotencyKey: string;
  memo?: string | null;
  actor: string;
}

/**
 * A bet and its win (an instant round): the member's wallet pays the bet to the house, the house
 * pays the win (none when 0) back. Each leg is a transfer with its own key, checked as
 * `transfer` checks one; both lock one shard of the house.
 */
export interface BetAndWinRequest {
  merchant: string;
  /** The member's account that plays. */
  wallet: AccountRef;
  house: AccountRef;
  betMinor: bigint;
  /** 0 for a lost round. */
  winMinor: bigint;
  keys: { bet: string; win: string };
  memo?: string | null;
  actor: string;
  shard?: number;
}

/** Both legs, or null when the hook refused and nothing moved. */
export interface BetAndWinResult {
  bet: TransferResult;
  /** Null when the round won nothing. */
  win: TransferResult | null;
}

/** One side of a transfer as its entry recorded it. */
export type Posting = MovedSide;

export interface TransferResult {
  transferId: number;
  merchant: string;
  kind: number;
  amountMinor: bigint;
  memo: string | null;
  /** The side that paid (its entry is negative) and the side that received. */
  from: Posting;
  to: Posting;
  reversesTransferId: number | null;
  createdAt: Date;
  createdBy: string;
  /** True when this answers a retry: the first request's result, nothing moved again. */
  replayed: boolean;
}

export interface LedgerDeps {
  database: Database;
  clock?: Clock;
  shards?: number;
  /** Called after a commit that changed members' balances (the real-time layer listens). */
  onBalanceChanged?: (merchant: string, memberIds: number[]) => void;
}

/** An account id that a rolled-back transaction created and the cache still held. */
class StaleAccountError extends Error {}

const isRetryable = (e: unknown) => isTransient(e) || e instanceof StaleAccountError;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/**
 * The one way money moves. Every method takes the caller's database handle: a transaction of
 * `run` (the caller's other writes go in it too, and members' balance events go out after its
 * commit), or the database itself, where a transfer is one statement that commits on its own.
 * A member's money moved in any other transaction is refused: its balance event would be lost.
 * Amounts are bigint minor units.
 */
export class Ledger {
  private readonly clock: Clock;
  private readonly shards: number;
  private readonly ids = new Map<string, number[]>();
  private readonly runner: SqlRunner;
  /** Members whose balance changed, per open transaction of `run`, reported after commit. */
  private readonly pending = new WeakMap<object, Map<string, Set<number>>>();
  /**
   * Account ids resolved inside an open transaction of `run`, cached only after its commit: an
   * id another transaction created and has not committed yet is invisible to everyone else, so
   * a statement that used it would lock one side only.
   */
  private readonly uncommitted = new WeakMap<object, Map<string, number[]>>();

  constructor(private readonly deps: LedgerDeps) {
    this.clock = deps.clock ?? systemClock;
    this.shards = deps.shards ?? SYSTEM_SHARDS;
    this.runner = new SqlRunner(deps.database);
  }

  /**
   * Runs fn in a new transaction. A deadlock or serialization failure runs it again (so fn must
   * be safe to repeat: its transfers are, by their keys); balance changes are reported after
   * the commit. Not from inside another transaction: pass that transaction to `transfer`.
   */
  async run<T>(fn: (tx: LedgerTx) => Promise<T>): Promise<T> {
    return this.retrying(async () => {
      const changed = new Map<string, Set<number>>();
      const resolved = new Map<string, number[]>();
      const result = await this.deps.database.db.transaction(async (tx) => {
        this.pending.set(tx, changed);
        this.uncommitted.set(tx, resolved);
        try {
          return await fn(tx);
        } finally {
          this.pending.delete(tx);
          this.uncommitted.delete(tx);
        }
      });
      for (const [key, ids] of resolved) this.remember(key, ids);
      for (const [merchant, members] of changed) this.emit(merchant, [...members]);
      return result;
    });
  }

  /** One transfer on its own: a single statement, retried on deadlock (not inside a transaction). */
  move(req: TransferRequest): Promise<TransferResult> {
    return this.retrying(() => this.transfer(this.deps.database.db, req));
  }

  /**
   * Moves amountMinor from one account to another. Refuses (AppError) an overdraft of a member
   * account (wallet.insufficient.funds), play money meeting real money, an unknown account, and
   * a key used before for another request (idempotency.conflict). The same key with the same
   * request returns the first result and moves nothing. A refused transfer leaves no trace, so
   * its key may be tried again.
   */
  async transfer(q: Queryable, req: TransferRequest): Promise<TransferResult> {
    checkTransfer(req);
    const sql = this.runner.on(q);
    const [fromIds, toIds] = await Promise.all([
      this.resolve(q, sql, req.merchant, req.from),
      this.resolve(q, sql, req.merchant, req.to),
    ]);
    const memo = req.memo ?? null;
    // The request is what moves money; who sends it (actor) may differ between retries.
    return this.apply(q, sql, {
      merchant: req.merchant,
      idempotencyKey: req.idempotencyKey,
      requestHash: requestHashOf(req),
      kind: req.kind,
      fromAccountId: pick(fromIds, req.shard),
      toAccountId: pick(toIds, req.shard),
      amountMinor: req.amountMinor,
      memo,
      reversesTransferId: null,
      createdAt: new Date(this.clock.now()),
      createdBy: req.actor,
    });
  }

  /**
   * Many transfers in one statement inside the caller's transaction of `run` (a batch of
   * wins): each checked as `transfer` checks it, keyed by its own idempotency key. A key used
   * before moves nothing and answers null in its place, whether or not the request is the same
   * (the caller, who knows why it repeats, looks it up). The system side of every transfer of
   * the batch takes the shard `shard` (one row, not many, is locked by the batch). Results are
   * in the requests' order.
   */
  async transferMany(
    q: Queryable,
    merchant: string,
    reqs: TransferRequest[],
    actor: string,
    shard: number,
  ): Promise<(TransferResult | null)[]> {
    if (q === (this.deps.database.db as Queryable) || !this.pending.get(q))
      throw new Error('Ledger: transferMany runs inside ledger.run()');
    const keys = new Set<string>();
    for (const req of reqs) {
      checkTransfer({ ...req, actor });
      if (req.merchant !== merchant) throw new AppError('request.invalid', 'One merchant per batch.');
      if (keys.has(req.idempotencyKey)) throw new AppError('request.invalid', 'A key twice in one batch.');
      keys.add(req.idempotencyKey);
    }
    const sql = this.runner.on(q);
    const ids = await Promise.all(
      reqs.map(async (req) => {
        const [from, to] = await Promise.all([
          this.resolve(q, sql, merchant, req.from),
          this.resolve(q, sql, merchant, req.to),
        ]);
        return { from: pick(from, shard), to: pick(to, shard) };
      }),
    );
    const createdAt = new Date(this.clock.now());
    let applied: Awaited<ReturnType<typeof insertTransfers>>;
    try {
      applied = await insertTransfers(
        sql,
        merchant,
        reqs.map((req, i) => ({
          idempotencyKey: req.idempotencyKey,
          requestHash: requestHashOf(req),
          kind: req.kind,
          fromAccountId: ids[i]!.from,
          toAccountId: ids[i]!.to,
          amountMinor: req.amountMinor,
          memo: req.memo ?? null,
        })),
        createdAt,
        actor,
      );
    } catch (e) {
      throw this.mapError(e);
    }
    const members: (number | null)[] = [];
    const results = reqs.map((req, i): TransferResult | null => {
      const moved = applied.get(req.idempotencyKey);
      if (!moved) return null;
      const from = moved.sides.find((s) => s.accountId === ids[i]!.from);
      const to = moved.sides.find((s) => s.accountId === ids[i]!.to);
      if (!from || !to || moved.sides.length !== 2) throw new Error('a transfer moved other than two sides');
      members.push(from.memberId, to.memberId);
      return {
        transferId: moved.transferId,
        merchant,
        kind: req.kind,
        amountMinor: req.amountMinor,
        memo: req.memo ?? null,
        from,
        to,
        reversesTransferId: null,
        createdAt,
        createdBy: actor,
        replayed: false,
      };
    });
    this.changed(q, merchant, members);
    return results;
  }

  /** The balances of many members' accounts of one code (a member without one is absent). */
  balancesOf(q: Queryable, merchant: string, code: AccountRef['code'], memberIds: number[]) {
    return balancesOf(this.runner.on(q), merchant, code, memberIds);
  }

  /** A bet and its win on their own: one statement, retried on deadlock (not inside a transaction). */
  moveBetAndWin(
    req: BetAndWinRequest,
    hook?: StatementHook,
  ): Promise<{ result: BetAndWinResult | null; row: Record<string, unknown> }> {
    return this.retrying(() => this.betAndWin(this.deps.database.db, req, hook));
  }

  /**
   * A bet and its win in one statement (one round trip when q is the database): the two
   * transfers `transfer` would make in turn, with the same checks, entries and refusals. The
   * wallet must cover the bet before the win (wallet.insufficient.funds, nothing moves); the
   * same keys again move nothing and answer the first result (a key used for another request:
   * idempotency.conflict). A hook's writes (another module's record of the round) join the
   * statement and decide whether money moves: when they say no, the result is null and the
   * hook's columns tell why. Without a hook the result is never null.
   */
  async betAndWin(
    q: Queryable,
    req: BetAndWinRequest,
    hook?: StatementHook,
  ): Promise<{ result: BetAndWinResult | null; row: Record<string, unknown> }> {
    const common = { merchant: req.merchant, memo: req.memo, actor: req.actor, shard: req.shard };
    const bet: TransferRequest = {
      ...common,
      from: req.wallet,
      to: req.house,
      amountMinor: req.betMinor,
      kind: TX_TYPE.bet,
      idempotencyKey: req.keys.bet,
    };
    const win: TransferRequest = {
      ...common,
      from: req.house,
      to: req.wallet,
      amountMinor: req.winMinor,
      kind: TX_TYPE.win,
      idempotencyKey: req.keys.win,
    };
    checkTransfer(bet);
    if (req.winMinor !== 0n) checkTransfer(win);
    if (req.keys.bet === req.keys.win) throw new AppError('request.invalid', 'The legs need two keys.');
    const sql = this.runner.on(q);
    const [walletIds, houseIds] = await Promise.all([
      this.resolve(q, sql, req.merchant, req.wallet),
      this.resolve(q, sql, req.merchant, req.house),
    ]);
    const walletId = pick(walletIds, req.shard);
    const houseId = pick(houseIds, req.shard);
    const createdAt = new Date(this.clock.now());
    const memo = req.memo ?? null;
    const betT: NewTransfer = {
      merchant: req.merchant,
      idempotencyKey: bet.idempotencyKey,
      requestHash: requestHashOf(bet),
      kind: bet.kind,
      fromAccountId: walletId,
      toAccountId: houseId,
      amountMinor: req.betMinor,
      memo,
      reversesTransferId: null,
      createdAt,
      createdBy: req.actor,
    };
    const winHash = requestHashOf(win);
    let applied: Awaited<ReturnType<typeof insertBetAndWin>>;
    try {
      applied = await insertBetAndWin(
        sql,
        {
          merchant: req.merchant,
          bet: betT,
          win: {
            idempotencyKey: win.idempotencyKey,
            requestHash: winHash,
            kind: win.kind,
            amountMinor: req.winMinor,
          },
        },
        hook,
      );
    } catch (e) {
      // The statement refuses a partial write (one key used before without the other, or a
      // hook's race): a key found means a reuse, else it may simply run again.
      if (sqlState(e) !== '22012') throw this.mapError(e);
      const found = await Promise.all(
        [bet, win].map((l) => findTransferByKey(sql, req.merchant, l.idempotencyKey)),
      );
      if (found.some(Boolean)) throw new AppError('idempotency.conflict');
      throw new StaleAccountError('a concurrent write got in the way');
    }
    const { found, moved, row } = applied;
    if (!found) {
      this.ids.clear();
      throw new StaleAccountError('an account of the round is not in the database');
    }
    if (!moved) {
      if (hook) return { result: null, row };
      return { result: await this.replayBetAndWin(sql, betT, win, winHash), row };
    }
    this.changed(q, req.merchant, [moved.bet[0]!.memberId]);
    const resultOfLeg = (t: TransferRequest, transferId: number, sides: MovedSide[]): TransferResult => ({
      transferId,
      merchant: req.merchant,
      kind: t.kind,
      amountMinor: t.amountMinor,
      memo,
      from: sides[0]!,
      to: sides[1]!,
      reversesTransferId: null,
      createdAt,
      createdBy: req.actor,
      replayed: false,
    });
    return {
      result: {
        bet: resultOfLeg(bet, moved.betTransferId, moved.bet),
        win: moved.winTransferId === null ? null : resultOfLeg(win, moved.winTransferId, moved.win),
      },
      row,
    };
  }

  /**
   * Undoes a transfer with a new transfer of the same amount between the same accounts the
   * other way (nothing is edited). A transfer is reversed at most once
   * (wallet.transfer.reversed); a reversal itself is not reversed: move the money again instead.
   */
  async reverse(q: Queryable, req: ReverseRequest): Promise<TransferResult> {
    checkKeyAndActor(req.idempotencyKey, req.actor, req.memo);
    const sql = this.runner.on(q);
    const original = await findTransferById(sql, req.merchant, req.transferId);
    if (!original) throw new AppError('wallet.transfer.not.found');
    if (original.reversesTransferId !== null) {
      throw new AppError('wallet.transfer.forbidden', 'A reversal cannot be reversed.');
    }
    return this.apply(q, sql, {
      merchant: req.merchant,
      idempotencyKey: req.idempotencyKey,
      requestHash: hashOf(['reverse', original.transferId, req.memo ?? null]),
      kind: TX_TYPE.reversal,
      fromAccountId: original.toAccountId,
      toAccountId: original.fromAccountId,
      amountMinor: original.amountMinor,
      memo: req.memo ?? null,
      reversesTransferId: original.transferId,
      createdAt: new Date(this.clock.now()),
      createdBy: req.actor,
    });
  }

  /** Sets money of the main wallet aside (e.g. a withdrawal in progress). */
  hold(q: Queryable, req: HoldRequest): Promise<TransferResult> {
    const { memberId, ...rest } = req;
    return this.transfer(q, {
      ...rest,
      from: memberAccount(memberId, 'MAIN'),
      to: memberAccount(memberId, 'HOLD'),
      kind: TX_TYPE.hold,
    });
  }

  /** Returns money set aside to the main wallet. */
  release(q: Queryable, req: HoldRequest): Promise<TransferResult> {
    const { memberId, ...rest } = req;
    return this.transfer(q, {
      ...rest,
      from: memberAccount(memberId, 'HOLD'),
      to: memberAccount(memberId, 'MAIN'),
      kind: TX_TYPE.release,
    });
  }

  /** The member's accounts that exist, with balances and versions (none yet: empty). */
  balances(q: Queryable, merchant: string, memberId: number): Promise<AccountBalance[]> {
    return memberBalances(this.runner.on(q), merchant, memberId);
  }

  /** A system account's balance: the sum of its shards. */
  systemBalance(q: Queryable, merchant: string, code: AccountRef['code']): Promise<bigint> {
    return systemBalance(this.runner.on(q), merchant, code);
  }

  /**
   * The member's account of `code`, created on first use. A trial member has only PLAY; any
   * other member never has PLAY.
   */
  async accountFor(
    q: Queryable,
    merchant: string,
    memberId: number,
    code: MemberAccountCode,
  ): Promise<AccountBalance> {
    const ref = memberAccount(memberId, code);
    if (!isValidRef(ref)) throw new AppError('wallet.account.invalid');
    const sql = this.runner.on(q);
    const [accountId] = await this.resolve(q, sql, merchant, ref);
    const found = (await memberBalances(sql, merchant, memberId)).find((a) => a.accountId === accountId);
    if (!found) throw new StaleAccountError('the account is gone');
    return found;
  }

  /** A stored transfer of the merchant, or null. */
  async findTransfer(q: Queryable, merchant: string, transferId: number): Promise<TransferResult | null> {
    const stored = await findTransferById(this.runner.on(q), merchant, transferId);
    return stored ? resultOf(stored, false) : null;
  }

  private async apply(q: Queryable, sql: Sql, t: NewTransfer): Promise<TransferResult> {
    let applied: Awaited<ReturnType<typeof insertTransfer>>;
    try {
      applied = await insertTransfer(sql, t);
    } catch (e) {
      throw this.mapError(e);
    }
    if (!applied) return this.replay(sql, t);
    const from = applied.sides.find((s) => s.accountId === t.fromAccountId);
    const to = applied.sides.find((s) => s.accountId === t.toAccountId);
    if (!from || !to || applied.sides.length !== 2) throw new Error('a transfer moved other than two sides');
    this.changed(q, t.merchant, [from.memberId, to.memberId]);
    return {
      transferId: applied.transferId,
      merchant: t.merchant,
      kind: t.kind,
      amountMinor: t.amountMinor,
      memo: t.memo,
      from,
      to,
      reversesTransferId: t.reversesTransferId,
      createdAt: t.createdAt,
      createdBy: t.createdBy,
      replayed: false,
    };
  }

  /** The bet's key exists: both legs' first results when the request is the same, else a refusal. */
  private async replayBetAndWin(
    sql: Sql,
    bet: NewTransfer,
    win: TransferRequest,
    winHash: string,
  ): Promise<BetAndWinResult> {
    const storedBet = await findTransferByKey(sql, bet.merchant, bet.idempotencyKey);
    // Committed rows are never removed, so this only happens to a caller on REPEATABLE READ.
    if (!storedBet) throw new StaleAccountError('the conflicting transfer is not visible');
    if (storedBet.requestHash !== bet.requestHash) throw new AppError('idempotency.conflict');
    const stored = await findTransferByKey(sql, bet.merchant, win.idempotencyKey);
    if (win.amountMinor === 0n) {
      if (stored) throw new AppError('idempotency.conflict');
      return { bet: resultOf(storedBet, true), win: null };
    }
    if (!stored) throw new AppError('idempotency.conflict');
    if (stored.requestHash !== winHash) throw new AppError('idempotency.conflict');
    return { bet: resultOf(storedBet, true), win: resultOf(stored, true) };
  }

  /** The key exists: the first result when the request is the same, else a refusal. */
  private async replay(sql: Sql, t: NewTransfer): Promise<TransferResult> {
    const stored = await findTransferByKey(sql, t.merchant, t.idempotencyKey);
    // Committed rows are never removed, so this only happens to a caller on REPEATABLE READ.
    if (!stored) throw new StaleAccountError('the conflicting transfer is not visible');
    if (stored.requestHash !== t.requestHash) throw new AppError('idempotency.conflict');
    return resultOf(stored, true);
  }

  private mapError(e: unknown): unknown {
    const state = sqlState(e);
    const constraint = constraintOf(e);
    if (state === '23514' && constraint === 'ledger_accounts_non_negative') {
      return new AppError('wallet.insufficient.funds');
    }
    if (state === '23505' && constraint === 'ledger_transfers_reverses_idx') {
      return new AppError('wallet.transfer.reversed');
    }
    if (state === '23503' && tableOf(e) === 'ledger_transfers') {
      this.ids.clear();
      return new StaleAccountError('an account id is not in the database');
    }
    if (state === '22003') return new AppError('wallet.amount.invalid', 'The balance would be out of range.');
    return e;
  }

  /**
   * The account ids of a reference: one for a member account, the shards of a system one. Ids
   * are cached for every caller only once they are committed: at once on the database itself
   * (each statement commits), after the commit inside `run`, never inside a caller's own
   * transaction (it may roll back, or be slow to commit, the accounts it created).
   */
  private async resolve(q: Queryable, sql: Sql, merchant: string, ref: AccountRef): Promise<number[]> {
    const key = `${merchant}\u0000${ref.memberId ?? ''}\u0000${ref.code}`;
    const open = this.uncommitted.get(q);
    const hit = this.ids.get(key) ?? open?.get(key);
    if (hit) return hit;
    const ids =
      ref.memberId === null
        ? await this.ensureShards(sql, merchant, ref.code)
        : [await this.ensureMemberAccount(sql, merchant, ref.memberId, ref.code)];
    if (q === (this.deps.database.db as Queryable)) this.remember(key, ids);
    else open?.set(key, ids);
    return ids;
  }

  private remember(key: string, ids: number[]) {
    if (this.ids.size >= MAX_CACHED_ACCOUNTS) this.ids.clear();
    this.ids.set(key, ids);
  }

  private async ensureShards(sql: Sql, merchant: string, code: string): Promise<number[]> {
    let ids = await findShardIds(sql, merchant, code);
    if (ids.length < this.shards) {
      await createShards(sql, merchant, code, this.shards);
      ids = await findShardIds(sql, merchant, code);
    }
    if (!ids.length) throw new AppError('wallet.account.invalid');
    return ids;
  }

  private async ensureMemberAccount(sql: Sql, merchant: string, memberId: number, code: string) {
    const existing = await findMemberAccountId(sql, merchant, memberId, code);
    if (existing !== null) return existing;
    const kind = await findMemberKind(sql, merchant, memberId);
    if (kind === null) throw new AppError('wallet.account.invalid');
    const { trial } = kind;
    if (trial && code !== PLAY) throw new AppError('trial.forbidden');
    if (!trial && code === PLAY) {
      throw new AppError('wallet.transfer.forbidden', 'Play money is for trial accounts only.');
    }
    await createMemberAccount(sql, merchant, memberId, code);
    const created = await findMemberAccountId(sql, merchant, memberId, code);
    if (created === null) throw new StaleAccountError('the account was not created');
    return created;
  }

  private changed(q: Queryable, merchant: string, memberIds: (number | null)[]) {
    const members = memberIds.filter((m): m is number => m !== null);
    if (!members.length) return;
    const own = q === (this.deps.database.db as Queryable);
    const pending = own ? undefined : this.pending.get(q);
    // A member's money moved in a transaction whose commit the ledger cannot see: its balance
    // event would be lost, so the transfer is refused (and the caller's transaction rolls back).
    if (!own && !pending)
      throw new Error('Ledger: move money in ledger.run(), not in a transaction of its own');
    if (!this.deps.onBalanceChanged) return;
    if (own) {
      this.emit(merchant, members);
      return;
    }
    if (!pending) return;
    let set = pending.get(merchant);
    if (!set) {
      set = new Set();
      pending.set(merchant, set);
    }
    for (const m of members) set.add(m);
  }

  private emit(merchant: string, memberIds: number[]) {
    if (!memberIds.length) return;
    try {
      this.deps.onBalanceChanged?.(merchant, memberIds);
    } catch {
      // A listener's failure never undoes or fails a committed transfer.
    }
  }

  private async retrying<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (e) {
        if (!isRetryable(e)) throw e;
        if (attempt >= MAX_ATTEMPTS) throw new AppError('wallet.busy');
        await sleep(Math.random() * 2 ** attempt * 5);
      }
    }
  }
}

/** What a transfer's key stands for; who sends it (actor) may differ between retries. */
function requestHashOf(req: TransferRequest): string {
  return hashOf([
    'transfer',
    formatRef(req.from),
    formatRef(req.to),
    `${req.amountMinor}`,
    req.kind,
    req.memo ?? null,
  ]);
}

function pick(ids: number[], shard?: number): number {
  if (ids.length === 1) return ids[0]!;
  const i = Number.isSafeInteger(shard)
    ? Math.abs(shard!) % ids.length
    : Math.floor(Math.random() * ids.length);
  return ids[i]!;
}

function checkKeyAndActor(key: string, actor: string, memo: string | null | undefined) {
  if (!idempotencyKeySchema.safeParse(key).success) {
    throw new AppError('request.invalid', 'The idempotency key is not valid.');
  }
  if (typeof actor !== 'string' || !actor || actor.length > MAX_ACTOR) {
    throw new AppError('request.invalid', 'The actor is not valid.');
  }
  if (memo != null && (typeof memo !== 'string' || memo.length > MAX_MEMO)) {
    throw new AppError('request.invalid', 'The memo is too long.');
  }
}

/** Everything that can be refused without reading the database. */
function checkTransfer(req: TransferRequest) {
  checkKeyAndActor(req.idempotencyKey, req.actor, req.memo);
  if (typeof req.amountMinor !== 'bigint' || req.amountMinor <= 0n || req.amountMinor > MAX_AMOUNT_MINOR) {
    throw new AppError('wallet.amount.invalid');
  }
  if (!TX_TYPE_IDS.has(req.kind)) throw new AppError('request.invalid', 'Unknown transaction type.');
  if (!isValidRef(req.from) || !isValidRef(req.to)) throw new AppError('wallet.account.invalid');
  if (sameRef(req.from, req.to)) {
    throw new AppError('wallet.transfer.forbidden', 'An account cannot pay itself.');
  }
  if (!playMoneyRuleHolds(req.from, req.to)) {
    throw new AppError(
      'wallet.transfer.forbidden',
      'Play money moves only between play accounts and the house.',
    );
  }
}

function resultOf(stored: StoredTransfer, replayed: boolean): TransferResult {
  const from = stored.sides.find((s) => s.accountId === stored.fromAccountId);
  const to = stored.sides.find((s) => s.accountId === stored.toAccountId);
  if (!from || !to) throw new Error(`transfer ${stored.transferId} has no entries`);
  return {
    transferId: stored.transferId,
    merchant: stored.merchant,
    kind: stored.kind,
    amountMinor: stored.amountMinor,
    memo: stored.memo,
    from,
    to,
    reversesTransferId: stored.reversesTransferId,
    createdAt: stored.createdAt,
    createdBy: stored.createdBy,
    replayed,
  };
}
