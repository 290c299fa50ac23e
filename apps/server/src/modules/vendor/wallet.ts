import { createHash, randomInt } from 'node:crypto';
import { minorToDecimal, TX_TYPE } from '@aurum/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { type Queryable, type Sql, SqlRunner } from '../../platform/sql.ts';
import {
  type AccountRef,
  HOUSE_PLAY,
  type Ledger,
  type LedgerTx,
  memberAccount,
  PLAY,
  systemAccount,
  transferSettings,
} from '../wallet/index.ts';
import {
  type AuthenticateReply,
  type authenticateSchema,
  type BalanceReply,
  type balanceSchema,
  type CreditsReply,
  type creditSchema,
  type creditsSchema,
  type debitSchema,
  detailJson,
  PENDING_REVIEW,
  type Refusal,
  type RollbackReply,
  type RoundReply,
  type rollbackSchema,
  SeamlessRefusal,
  type settleSchema,
} from './protocol.ts';
import {
  type CreditDone,
  completeCredits,
  findRound,
  findTransaction,
  type HoldDraft,
  type Mode,
  markRolledBack,
  memberExists,
  type RollbackRecord,
  type RoundRow,
  readRounds,
  recordCredit,
  recordCredits,
  recordDebit,
  recordHeldCredit,
  recordHeldSettle,
  recordRollback,
  recordTombstone,
  removeDebitFromRound,
  type SettleDraft,
  type StoredTx,
  settleHook,
  typedStakes,
} from './repository.ts';
import { type LimitRule, type TypedStake, type WinLimits, winLimitsOf } from './risk-limits.ts';
import type { VendorSession, VendorSessions } from './sessions.ts';

/** Who is calling: a vendor the merchant lists, whose signature has been checked. */
export interface Caller {
  merchant: MerchantState;
  vendor: string;
}

export interface SeamlessWalletDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  sessions: VendorSessions;
}

type In<S extends z.ZodType> = z.output<S>;

const hashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
const jsonOrNull = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
/** A request's detail as JSON text (written once, when the request was validated), or null. */
const detailOrNull = (value: unknown) => (value === undefined ? null : detailJson(value));
/** The ledger key of a vendor's transaction (and of one leg of a settle). */
export const ledgerKey = (vendor: string, txId: string, leg?: 'bet' | 'win') =>
  `vendor:${vendor}:${txId}${leg ? `:${leg}` : ''}`;
const actorOf = (vendor: string) => `vendor:${vendor}`;
/** The remark of the member's account record. */
export const memoOf = (vendor: string, gameCode: string, roundId: string) =>
  `${vendor} ${gameCode} ${roundId}`;

/**
 * The wallet a member plays a vendor's games from: play money in play; for real money the
 * vendor's own game wallet when the merchant runs it in transfer mode, else the main wallet.
 */
export function walletOf(merchant: MerchantState, mode: Mode, memberId: number, vendor: string): AccountRef {
  if (mode === 'play') return memberAccount(memberId, PLAY);
  return memberAccount(
    memberId,
    transferSettings(merchant).vendors.includes(vendor) ? `VENDOR:${vendor}` : 'MAIN',
  );
}

/** Real money moves between the playing wallet and the vendor's house account, play money only in play. */
export function accountsOf(
  merchant: MerchantState,
  mode: Mode,
  memberId: number,
  vendor: string,
): { wallet: AccountRef; house: AccountRef } {
  return {
    wallet: walletOf(merchant, mode, memberId, vendor),
    house: systemAccount(mode === 'play' ? HOUSE_PLAY : `HOUSE:${vendor}`),
  };
}

/** The ledger's refusals in the protocol's words; anything else stays an error. */
function refusalOf(e: unknown): unknown {
  if (!(e instanceof AppError)) return e;
  switch (e.code) {
    case 'wallet.insufficient.funds':
      return new SeamlessRefusal('INSUFFICIENT_FUNDS', 'The balance is too low for this debit.');
    case 'idempotency.conflict':
      return new SeamlessRefusal('DUPLICATE_TRANSACTION', 'The transaction id was used for another request.');
    case 'wallet.transfer.forbidden':
    case 'wallet.account.invalid':
    case 'wallet.amount.invalid':
    case 'trial.forbidden':
      return new SeamlessRefusal('INVALID_REQUEST', e.message);
    default:
      return e;
  }
}

/**
 * The platform's side of the seamless wallet: every call of the protocol once its caller is
 * trusted and its body parsed. Each money call is one database transaction: the ledger
 * transfer(s) first, then one statement that records the vendor's transaction and opens, grows
 * or closes its round (a settle is all of that in one statement). The vendor's transaction id
 * makes a repeat return the first answer; a refusal found after money moved (a closed round, a
 * tombstone) rolls the whole transaction back.
 */
export class SeamlessWallet {
  private readonly runner: SqlRunner;

  constructor(private readonly deps: SeamlessWalletDeps) {
    this.runner = new SqlRunner(deps.database);
  }

  /** Exchanges a launch token for a session; answers the player and their balance. */
  async authenticate(c: Caller, req: In<typeof authenticateSchema>): Promise<AuthenticateReply> {
    const { session, sessionToken } = await this.deps.sessions.open(c.merchant.code, c.vendor, req.token);
    const balance = await this.walletBalance(
      this.deps.database.db,
      c.merchant.code,
      walletOf(c.merchant, session.mode, session.memberId, c.vendor),
    );
    return {
      code: 'OK',
      playerId: String(session.memberId),
      sessionToken,
      currency: c.merchant.config.brand.currency,
      balance: minorToDecimal(balance),
      mode: session.mode,
      gameCode: session.gameCode,
      language: session.language,
    };
  }

  async balance(c: Caller, req: In<typeof balanceSchema>): Promise<BalanceReply> {
    const session = await this.deps.sessions.resolve(c.merchant.code, c.vendor, req.sessionToken);
    const balance = await this.walletBalance(
      this.deps.database.db,
      c.merchant.code,
      walletOf(c.merchant, session.mode, session.memberId, c.vendor),
    );
    return { code: 'OK', balance: minorToDecimal(balance), currency: c.merchant.config.brand.currency };
  }

  /** A bet: opens the round, or adds to it while it is open. */
  async debit(c: Caller, req: In<typeof debitSchema>): Promise<RoundReply> {
    const session = await this.deps.sessions.resolve(c.merchant.code, c.vendor, req.sessionToken);
    const merchant = c.merchant.code;
    const { wallet, house } = accountsOf(c.merchant, session.mode, session.memberId, c.vendor);
    const requestHash = hashOf(['debit', session.memberId, req.roundId, `${req.amount}`, ...typeOf(req)]);
    return this.run(wallet, merchant, async (tx, sql) => {
      const bet = await this.deps.ledger.transfer(tx, {
        merchant,
        from: wallet,
        to: house,
        amountMinor: req.amount,
        kind: TX_TYPE.bet,
        idempotencyKey: ledgerKey(c.vendor, req.txId),
        memo: memoOf(c.vendor, session.gameCode, req.roundId),
        actor: actorOf(c.vendor),
      });
      const recorded = await recordDebit(sql, {
        merchant,
        vendor: c.vendor,
        txId: req.txId,
        requestHash,
        roundId: req.roundId,
        memberId: session.memberId,
        amountMinor: req.amount,
        transferId: bet.transferId,
        balanceMinor: bet.from.balanceAfterMinor,
        balanceBeforeMinor: bet.from.balanceBeforeMinor,
        gameCode: session.gameCode,
        mode: session.mode,
        betType: req.betType ?? null,
        at: new Date(this.deps.clock.now()),
      });
      if (!recorded.recorded) return this.replay(sql, c, 'debit', req.txId, requestHash);
      if (recorded.orderNo === null) throw await this.roundRefusal(sql, c, req.roundId);
      return roundReply(req, recorded.orderNo, bet.from.balanceAfterMinor);
    });
  }

  /**
   * A win (zero: none) for an open round; closes it unless closeRound is false. A win that
   * would take the round above its risk limit is held for review instead (PENDING_REVIEW).
   */
  async credit(c: Caller, req: In<typeof creditSchema>): Promise<RoundReply> {
    const merchant = c.merchant.code;
    const detail = detailOrNull(req.detail);
    const fair = jsonOrNull(req.fair);
    const requestHash = hashOf(['credit', req.roundId, `${req.amount}`, req.closeRound, detail, fair]);
    return this.deps.ledger.run(async (tx) => {
      const sql = this.runner.on(tx);
      // Locked: the round's wins so far decide whether this one is within its limit.
      const round = await findRound(sql, merchant, c.vendor, req.roundId, true);
      if (round?.status !== 'open' || round.held) {
        // A repeat of the credit that closed (or held) the round answers as the first time.
        const stored = await findTransaction(sql, merchant, c.vendor, req.txId);
        if (stored) return replayOf(stored, 'credit', req.txId, requestHash);
        throw round
          ? closedRefusal(round)
          : new SeamlessRefusal('UNKNOWN_TRANSACTION', 'The round has no debit.');
      }
      if (req.playerId !== undefined && req.playerId !== String(round.memberId)) {
        throw new SeamlessRefusal('INVALID_REQUEST', 'The round is not this player’s.');
      }
      const limits = winLimitsOf(c.merchant, c.vendor, round.gameCode);
      const over = await this.overLimit(sql, c, req.roundId, round, limits, null, req.amount);
      if (over) {
        const balance = await this.walletBalance(
          tx,
          merchant,
          walletOf(c.merchant, round.mode, round.memberId, c.vendor),
        );
        const held = await recordHeldCredit(sql, {
          merchant,
          vendor: c.vendor,
          txId: req.txId,
          requestHash,
          roundId: req.roundId,
          memberId: round.memberId,
          amountMinor: req.amount,
          balanceMinor: balance,
          roundPk: round.pk,
          at: new Date(this.deps.clock.now()),
          hold: holdDraft(over, round, req.amount, req.closeRound, detail, fair),
        });
        if (!held.recorded) return this.replay(sql, c, 'credit', req.txId, requestHash);
        if (held.orderNo === null) throw new SeamlessRefusal('ROUND_CLOSED', 'The round has closed.');
        return { ...roundReply(req, held.orderNo, balance), status: PENDING_REVIEW };
      }
      const { wallet, house } = accountsOf(c.merchant, round.mode, round.memberId, c.vendor);
      const win =
        req.amount > 0n
          ? await this.deps.ledger
              .transfer(tx, {
                merchant,
                from: house,
                to: wallet,
                amountMinor: req.amount,
                kind: TX_TYPE.win,
                idempotencyKey: ledgerKey(c.vendor, req.txId),
                memo: memoOf(c.vendor, round.gameCode, req.roundId),
                actor: actorOf(c.vendor),
              })
              .catch((e) => Promise.reject(refusalOf(e)))
          : null;
      const balance = win ? win.to.balanceAfterMinor : await this.walletBalance(tx, merchant, wallet);
      const recorded = await recordCredit(sql, {
        merchant,
        vendor: c.vendor,
        txId: req.txId,
        requestHash,
        roundId: req.roundId,
        memberId: round.memberId,
        amountMinor: req.amount,
        transferId: win?.transferId ?? null,
        balanceMinor: balance,
        closeRound: req.closeRound,
        roundPk: round.pk,
        detail,
        fair,
        at: new Date(this.deps.clock.now()),
      });
      if (!recorded.recorded) return this.replay(sql, c, 'credit', req.txId, requestHash);
      if (recorded.orderNo === null) throw new SeamlessRefusal('ROUND_CLOSED', 'The round has closed.');
      return roundReply(req, recorded.orderNo, balance);
    });
  }

  /**
   * Many credits in one call, each answered as `credit` answers it. The usual ones (their round
   * open, not held, the player's, and the win within the round's limit) are made together in
   * one transaction: the rounds read, the transactions recorded, the wins moved by one ledger
   * statement (each its own transfer and key), the rounds closed by one update conditional on
   * each round being as read (else nothing of the batch stands). Any other credit (a repeat,
   * a closed or unknown round, a win to hold) is made on its own afterwards, as is every one
   * when the batch as a whole fails, so each gets exactly the answer it would have alone.
   */
  async credits(c: Caller, req: In<typeof creditsSchema>): Promise<CreditsReply> {
    const items = req.credits.map((r) => {
      const detail = detailOrNull(r.detail);
      const fair = jsonOrNull(r.fair);
      return {
        req: r,
        detail,
        fair,
        requestHash: hashOf(['credit', r.roundId, `${r.amount}`, r.closeRound, detail, fair]),
      };
    });
    let answers: (RoundReply | undefined)[];
    try {
      answers = await this.deps.ledger.run((tx) => this.creditBatch(tx, c, items));
    } catch {
      // Nothing of the batch stands: each credit is made on its own below.
      answers = [];
    }
    const results: (RoundReply | Refusal)[] = [];
    for (const [i, item] of items.entries()) {
      const done = answers[i];
      if (done) {
        results.push(done);
        continue;
      }
      try {
        results.push(await this.credit(c, item.req));
      } catch (e) {
        if (!(e instanceof SeamlessRefusal)) throw e;
        results.push(e.toReply());
      }
    }
    return { code: 'OK', results };
  }

  /** The batch of `credits` in the caller's transaction: the answers of those it made, in order. */
  private async creditBatch(
    tx: LedgerTx,
    c: Caller,
    items: {
      req: In<typeof creditSchema>;
      detail: string | null;
      fair: string | null;
      requestHash: string;
    }[],
  ): Promise<(RoundReply | undefined)[]> {
    const merchant = c.merchant.code;
    const sql = this.runner.on(tx);
    const at = new Date(this.deps.clock.now());
    const rounds = await readRounds(
      sql,
      merchant,
      c.vendor,
      items.map((i) => i.req.roundId),
    );
    const usual = items.filter(({ req }) => {
      const round = rounds.get(req.roundId);
      if (round?.status !== 'open' || round.held) return false;
      if (req.playerId !== undefined && req.playerId !== String(round.memberId)) return false;
      if (req.amount === 0n) return true;
      const limits = winLimitsOf(c.merchant, c.vendor, round.gameCode);
      if (limits.typed) return false;
      const stakes = [{ betType: null, stakeMinor: round.betMinor }];
      return limits.exceeded(stakes, round.winMinor + req.amount, req.amount) === null;
    });
    const recorded = await recordCredits(
      sql,
      merchant,
      c.vendor,
      usual.map(({ req, requestHash }) => ({
        txId: req.txId,
        requestHash,
        roundId: req.roundId,
        memberId: rounds.get(req.roundId)!.memberId,
        amountMinor: req.amount,
      })),
      at,
    );
    const fresh = usual.filter(({ req }) => recorded.has(req.txId));
    const accounts = (roundId: string) => {
      const round = rounds.get(roundId)!;
      return accountsOf(c.merchant, round.mode, round.memberId, c.vendor);
    };
    const wins = fresh.filter(({ req }) => req.amount > 0n);
    const moved = await this.deps.ledger
      .transferMany(
        tx,
        merchant,
        wins.map(({ req }) => {
          const { wallet, house } = accounts(req.roundId);
          return {
            merchant,
            from: house,
            to: wallet,
            amountMinor: req.amount,
            kind: TX_TYPE.win,
            idempotencyKey: ledgerKey(c.vendor, req.txId),
            memo: memoOf(c.vendor, rounds.get(req.roundId)!.gameCode, req.roundId),
            actor: actorOf(c.vendor),
          };
        }),
        actorOf(c.vendor),
        randomInt(2 ** 30),
      )
      .catch((e) => Promise.reject(refusalOf(e)));
    const paid = new Map<string, { transferId: number; balanceMinor: bigint }>();
    for (const [i, { req }] of wins.entries()) {
      const t = moved[i];
      // A win's ledger key without its transaction: the batch stops and each is made alone.
      if (!t) throw new Error(`the win of ${req.txId} was moved before`);
      paid.set(req.txId, { transferId: t.transferId, balanceMinor: t.to.balanceAfterMinor });
    }
    // The balance a zero credit answers: its wallet's after the batch's wins.
    const byCode = new Map<AccountRef['code'], number[]>();
    for (const { req } of fresh) {
      if (req.amount > 0n) continue;
      const { wallet } = accounts(req.roundId);
      byCode.set(wallet.code, [...(byCode.get(wallet.code) ?? []), wallet.memberId!]);
    }
    const balances = new Map<string, Map<number, bigint>>();
    for (const [code, members] of byCode)
      balances.set(code, await this.deps.ledger.balancesOf(tx, merchant, code, members));
    const done: CreditDone[] = fresh.map(({ req, detail, fair }) => {
      const { wallet } = accounts(req.roundId);
      const win = paid.get(req.txId);
      return {
        txId: req.txId,
        transferId: win?.transferId ?? null,
        balanceMinor: win?.balanceMinor ?? balances.get(wallet.code)?.get(wallet.memberId!) ?? 0n,
        roundPk: rounds.get(req.roundId)!.pk,
        winsBeforeMinor: rounds.get(req.roundId)!.winMinor,
        amountMinor: req.amount,
        closeRound: req.closeRound,
        detail,
        fair,
      };
    });
    const orderNos = await completeCredits(sql, merchant, c.vendor, done, at);
    const answers = new Map<string, RoundReply>();
    for (const d of done) {
      const orderNo = orderNos.get(d.txId);
      // A round closed, held or paid meanwhile: the batch stops and each is made alone.
      if (orderNo === undefined) throw new Error(`the round of ${d.txId} changed during the batch`);
      answers.set(d.txId, roundReply({ txId: d.txId, roundId: '' }, orderNo, d.balanceMinor));
    }
    return items.map(({ req }) => {
      const a = answers.get(req.txId);
      return a && { ...a, roundId: req.roundId };
    });
  }

  /**
   * A bet and its win in one call (instant games): one auto-committed statement moves both legs
   * on one shard of the house account and records the transaction and the settled round, so a
   * round costs one round trip. When nothing moved, the transaction id was seen before (the
   * first answer, or why not) or the round refused it.
   */
  async settle(c: Caller, req: In<typeof settleSchema>): Promise<RoundReply> {
    const session = await this.deps.sessions.resolve(c.merchant.code, c.vendor, req.sessionToken);
    const merchant = c.merchant.code;
    const { wallet } = accountsOf(c.merchant, session.mode, session.memberId, c.vendor);
    const detail = detailOrNull(req.detail);
    const fair = jsonOrNull(req.fair);
    const requestHash = hashOf([
      'settle',
      session.memberId,
      req.roundId,
      `${req.bet}`,
      `${req.win}`,
      detail,
      fair,
      ...typeOf(req),
    ]);
    const draft: Omit<SettleDraft, 'freshRoundOnly'> = {
      merchant,
      vendor: c.vendor,
      txId: req.txId,
      requestHash,
      roundId: req.roundId,
      memberId: session.memberId,
      amountMinor: req.bet,
      winMinor: req.win,
      gameCode: session.gameCode,
      mode: session.mode,
      detail,
      fair,
      betType: req.betType ?? null,
      at: new Date(this.deps.clock.now()),
    };
    // The usual round is new: its limit needs no read, this bet being all its stakes. A round
    // that exists already, or a win above that limit, is settled by settleChecked instead.
    const limits = winLimitsOf(c.merchant, c.vendor, session.gameCode);
    const own: TypedStake = { betType: draft.betType, stakeMinor: req.bet };
    if (limits.exceeded([own], req.win, req.win)) return this.settleChecked(c, session, draft, limits);
    const freshRoundOnly = req.win > 0n && limits.any;
    const { result, row } = await this.refusing(wallet, merchant, () =>
      this.deps.ledger.moveBetAndWin(
        this.betAndWin(c, session, draft),
        settleHook({ ...draft, freshRoundOnly }),
      ),
    );
    const sql = this.runner.on(this.deps.database.db);
    if (!result) {
      const stored = await findTransaction(sql, merchant, c.vendor, req.txId);
      if (stored) return replayOf(stored, 'settle', req.txId, requestHash);
      if (freshRoundOnly) return this.settleChecked(c, session, draft, limits);
      throw await this.roundRefusal(sql, c, req.roundId);
    }
    const balance = result.win ? result.win.to.balanceAfterMinor : result.bet.from.balanceAfterMinor;
    return roundReply(req, String(row.order_no), balance);
  }

  /** A settle's two legs as the ledger moves them. */
  private betAndWin(c: Caller, session: VendorSession, d: Omit<SettleDraft, 'freshRoundOnly'>) {
    const { wallet, house } = accountsOf(c.merchant, session.mode, session.memberId, c.vendor);
    return {
      merchant: d.merchant,
      wallet,
      house,
      betMinor: d.amountMinor,
      winMinor: d.winMinor,
      keys: { bet: ledgerKey(c.vendor, d.txId, 'bet'), win: ledgerKey(c.vendor, d.txId, 'win') },
      memo: memoOf(c.vendor, session.gameCode, d.roundId),
      actor: actorOf(c.vendor),
      shard: randomInt(2 ** 30),
    };
  }

  /**
   * A settle checked against its round's risk limit in full (the round locked: its stakes and
   * wins so far count): within it, settled as usual in this transaction; above it, the bet is
   * taken and the win held for review, the round left open (PENDING_REVIEW).
   */
  private async settleChecked(
    c: Caller,
    session: VendorSession,
    d: Omit<SettleDraft, 'freshRoundOnly'>,
    limits: WinLimits,
  ): Promise<RoundReply> {
    const req = { txId: d.txId, roundId: d.roundId };
    const { wallet, house } = accountsOf(c.merchant, session.mode, session.memberId, c.vendor);
    return this.run(wallet, d.merchant, async (tx, sql) => {
      const stored = await findTransaction(sql, d.merchant, c.vendor, d.txId);
      if (stored) return replayOf(stored, 'settle', d.txId, d.requestHash);
      const round = await findRound(sql, d.merchant, c.vendor, d.roundId, true);
      if (round && (round.status !== 'open' || round.held)) throw closedRefusal(round);
      if (round && (round.memberId !== session.memberId || round.mode !== session.mode)) {
        throw new SeamlessRefusal('INVALID_REQUEST', 'The round is another player’s or of another mode.');
      }
      const own: TypedStake = { betType: d.betType, stakeMinor: d.amountMinor };
      const over = await this.overLimit(sql, c, d.roundId, round, limits, own, d.winMinor);
      if (!over) {
        const settled = await this.deps.ledger.betAndWin(
          tx,
          this.betAndWin(c, session, d),
          settleHook({ ...d, freshRoundOnly: false }),
        );
        if (!settled.result) throw await this.roundRefusal(sql, c, d.roundId);
        const { bet, win } = settled.result;
        return roundReply(
          req,
          String(settled.row.order_no),
          win ? win.to.balanceAfterMinor : bet.from.balanceAfterMinor,
        );
      }
      const bet = await this.deps.ledger.transfer(tx, {
        merchant: d.merchant,
        from: wallet,
        to: house,
        amountMinor: d.amountMinor,
        kind: TX_TYPE.bet,
        idempotencyKey: ledgerKey(c.vendor, d.txId, 'bet'),
        memo: memoOf(c.vendor, session.gameCode, d.roundId),
        actor: actorOf(c.vendor),
      });
      const stakes = { betMinor: (round?.betMinor ?? 0n) + d.amountMinor, winMinor: round?.winMinor ?? 0n };
      const held = await recordHeldSettle(sql, {
        ...d,
        transferId: bet.transferId,
        balanceMinor: bet.from.balanceAfterMinor,
        balanceBeforeMinor: bet.from.balanceBeforeMinor,
        hold: holdDraft(over, stakes, d.winMinor, true, d.detail, d.fair),
      });
      if (!held.recorded) return this.replay(sql, c, 'settle', d.txId, d.requestHash);
      if (held.orderNo === null) throw await this.roundRefusal(sql, c, d.roundId);
      return { ...roundReply(req, held.orderNo, bet.from.balanceAfterMinor), status: PENDING_REVIEW };
    });
  }

  /**
   * The limit a win passes, or null when it may be paid: the round's wins with this one
   * against the lower of the vendor's cap and its stakes (with `own`, a settle's bet) times
   * their multiples. Stakes by bet type are read only for a game whose limits name bet types.
   */
  private async overLimit(
    sql: Sql,
    c: Caller,
    roundId: string,
    round: RoundRow | null,
    limits: WinLimits,
    own: TypedStake | null,
    winMinor: bigint,
  ): Promise<{ limitMinor: bigint; rule: LimitRule } | null> {
    if (winMinor <= 0n || !limits.any) return null;
    const stakes: TypedStake[] = own ? [own] : [];
    if (round) {
      const typed = limits.typed ? await typedStakes(sql, c.merchant.code, c.vendor, roundId) : [];
      const untyped = typed.reduce((rest, t) => rest - t.stakeMinor, round.betMinor);
      stakes.push(...typed, { betType: null, stakeMinor: untyped });
    }
    return limits.exceeded(stakes, (round?.winMinor ?? 0n) + winMinor, winMinor);
  }

  /**
   * Undoes a debit while its round is open (the round is cancelled when no stake is left). A
   * debit never seen leaves a tombstone: the answer is OK, nothing moved, and the debit is
   * refused if it comes later. A debit undone already, or a tombstone, answers OK again.
   */
  async rollback(c: Caller, req: In<typeof rollbackSchema>): Promise<RollbackReply> {
    const merchant = c.merchant.code;
    const memberId = Number(req.playerId);
    const requestHash = hashOf(['rollback', req.originalTxId, req.playerId, req.roundId ?? null]);
    return this.deps.ledger.run(async (tx) => {
      const sql = this.runner.on(tx);
      const own = await findTransaction(sql, merchant, c.vendor, req.txId);
      if (own) return rollbackReplayOf(own, req.txId, requestHash);
      const record: RollbackRecord = {
        merchant,
        vendor: c.vendor,
        txId: req.txId,
        requestHash,
        originalTxId: req.originalTxId,
        roundId: req.roundId ?? null,
        memberId,
        transferId: null,
        balanceMinor: 0n,
        at: new Date(this.deps.clock.now()),
      };
      const original = await this.originalOrTombstone(sql, record);
      if (original) checkUndoable(original, req);
      if (original?.kind === 'debit' && original.rolledBackBy === null) {
        return this.undoDebit(tx, sql, original, { ...record, roundId: original.roundId });
      }
      // A tombstone (just made or found) or a debit undone already: nothing moves.
      const balance = await this.memberBalance(tx, c, memberId);
      return this.recordRollback(sql, {
        ...record,
        roundId: original?.roundId ?? record.roundId,
        balanceMinor: balance,
      });
    });
  }

  /**
   * The transaction a rollback names, locked; null when it was never seen, in which case a
   * tombstone now stands in its place.
   */
  private async originalOrTombstone(sql: Sql, r: RollbackRecord): Promise<StoredTx | null> {
    const original = await findTransaction(sql, r.merchant, r.vendor, r.originalTxId, true);
    if (original) return original;
    if (!(await memberExists(sql, r.merchant, r.memberId))) {
      throw new SeamlessRefusal('INVALID_REQUEST', 'There is no such player.');
    }
    const tombstone = { ...r, txId: r.originalTxId, rollbackTxId: r.txId };
    if (await recordTombstone(sql, tombstone)) return null;
    // The debit was recorded meanwhile: undo it like any other.
    const arrived = await findTransaction(sql, r.merchant, r.vendor, r.originalTxId, true);
    if (!arrived) throw new Error('a transaction vanished during its rollback');
    return arrived;
  }

  /** Reverses a live debit of an open round and takes its stake off the round. */
  private async undoDebit(tx: LedgerTx, sql: Sql, debit: StoredTx, record: RollbackRecord) {
    const round = await findRound(sql, record.merchant, record.vendor, debit.roundId ?? '', true);
    if (round?.held) throw closedRefusal(round);
    if (round?.status !== 'open') {
      throw new SeamlessRefusal('ROUND_CLOSED', 'A debit can be rolled back only while its round is open.');
    }
    const reversal = await this.deps.ledger
      .reverse(tx, {
        merchant: record.merchant,
        transferId: debit.transferId!,
        idempotencyKey: ledgerKey(record.vendor, record.txId),
        actor: actorOf(record.vendor),
        memo: `${record.vendor} rollback ${debit.txId}`,
      })
      .catch((e) => Promise.reject(refusalOf(e)));
    const balance = reversal.to.balanceAfterMinor;
    await markRolledBack(sql, record.merchant, record.vendor, debit.txId, record.txId);
    await removeDebitFromRound(sql, round.pk, debit.amountMinor!, balance, record.at);
    return this.recordRollback(sql, { ...record, transferId: reversal.transferId, balanceMinor: balance });
  }

  /** Runs a debit in one transaction, with the ledger's refusals in the protocol's words. */
  private run<T>(
    wallet: AccountRef,
    merchant: string,
    fn: (tx: LedgerTx, sql: Sql) => Promise<T>,
  ): Promise<T> {
    return this.refusing(wallet, merchant, () => this.deps.ledger.run((tx) => fn(tx, this.runner.on(tx))));
  }

  /** The ledger's refusals become the protocol's; INSUFFICIENT_FUNDS tells the balance there is. */
  private async refusing<T>(wallet: AccountRef, merchant: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const refusal = refusalOf(e);
      if (
        refusal instanceof SeamlessRefusal &&
        refusal.code === 'INSUFFICIENT_FUNDS' &&
        wallet.memberId !== null
      ) {
        const balance = await this.walletBalance(this.deps.database.db, merchant, wallet);
        throw new SeamlessRefusal(refusal.code, refusal.message, minorToDecimal(balance));
      }
      throw refusal;
    }
  }

  /** The first answer to a transaction id, or why this request may not have it. */
  private async replay(sql: Sql, c: Caller, kind: 'debit' | 'credit' | 'settle', txId: string, hash: string) {
    const stored = await findTransaction(sql, c.merchant.code, c.vendor, txId);
    if (!stored) throw new Error(`the transaction ${txId} is neither new nor stored`);
    return replayOf(stored, kind, txId, hash);
  }

  /** Why a round refused a debit or settle: it has closed, or it is another player's. */
  private async roundRefusal(sql: Sql, c: Caller, roundId: string): Promise<SeamlessRefusal> {
    const round = await findRound(sql, c.merchant.code, c.vendor, roundId);
    return round && (round.status !== 'open' || round.held)
      ? closedRefusal(round)
      : new SeamlessRefusal('INVALID_REQUEST', 'The round is another player’s or of another mode.');
  }

  private async recordRollback(sql: Sql, record: RollbackRecord): Promise<RollbackReply> {
    if (await recordRollback(sql, record)) {
      return { code: 'OK', balance: minorToDecimal(record.balanceMinor), txId: record.txId, replayed: false };
    }
    const stored = await findTransaction(sql, record.merchant, record.vendor, record.txId);
    if (!stored) throw new Error(`the rollback ${record.txId} is neither new nor stored`);
    return rollbackReplayOf(stored, record.txId, record.requestHash);
  }

  /** The balance of a member's wallet (0 before its first money). */
  private async walletBalance(q: Queryable, merchant: string, wallet: AccountRef): Promise<bigint> {
    if (wallet.memberId === null) return 0n;
    const accounts = await this.deps.ledger.balances(q, merchant, wallet.memberId);
    return accounts.find((a) => a.code === wallet.code)?.balanceMinor ?? 0n;
  }

  /** The balance of the member's playing wallet: play money for a trial account, else the real one. */
  private async memberBalance(q: Queryable, c: Caller, memberId: number): Promise<bigint> {
    const accounts = await this.deps.ledger.balances(q, c.merchant.code, memberId);
    const real = walletOf(c.merchant, 'real', memberId, c.vendor).code;
    return (
      (accounts.find((a) => a.code === PLAY) ?? accounts.find((a) => a.code === real))?.balanceMinor ?? 0n
    );
  }
}

/** Why a round takes no more calls: it has closed, or a win of it is held for review. */
function closedRefusal(round: RoundRow): SeamlessRefusal {
  return round.held && round.status === 'open'
    ? new SeamlessRefusal('ROUND_CLOSED', 'A win of the round is held for review.')
    : new SeamlessRefusal('ROUND_CLOSED', `The round is ${round.status}.`);
}

/** The bet type as it joins a request's hash: nothing when none was named (hashes stay as they were). */
const typeOf = (req: { betType?: string | undefined }) => (req.betType === undefined ? [] : [req.betType]);

/** What a hold keeps: the limit the win passed and the round as it stood. */
function holdDraft(
  over: { limitMinor: bigint; rule: LimitRule },
  round: { betMinor: bigint; winMinor: bigint },
  winMinor: bigint,
  closeRound: boolean,
  detail: string | null,
  fair: string | null,
): HoldDraft {
  return {
    winMinor,
    limitMinor: over.limitMinor,
    rule: over.rule,
    stakesMinor: round.betMinor,
    winsMinor: round.winMinor,
    closeRound,
    detail,
    fair,
  };
}

function roundReply(
  req: { txId: string; roundId: string },
  orderNo: string,
  balanceMinor: bigint,
): RoundReply {
  return {
    code: 'OK',
    balance: minorToDecimal(balanceMinor),
    txId: req.txId,
    roundId: req.roundId,
    orderNo,
    replayed: false,
  };
}

/** A repeat of a debit, credit or settle: the first answer, unless the id means something else now. */
function replayOf(
  stored: StoredTx,
  kind: 'debit' | 'credit' | 'settle',
  txId: string,
  hash: string,
): RoundReply {
  if (stored.kind === 'tombstone' && kind !== 'credit') {
    throw new SeamlessRefusal(
      'TRANSACTION_ROLLED_BACK',
      'The transaction was rolled back before it arrived.',
    );
  }
  if (stored.kind !== kind || stored.requestHash !== hash) {
    throw new SeamlessRefusal('DUPLICATE_TRANSACTION', 'The transaction id was used for another request.');
  }
  if (stored.rolledBackBy !== null) {
    throw new SeamlessRefusal(
      'TRANSACTION_ROLLED_BACK',
      `The transaction was rolled back by ${stored.rolledBackBy}.`,
    );
  }
  return {
    code: 'OK',
    balance: minorToDecimal(stored.balanceMinor ?? 0n),
    txId,
    roundId: stored.roundId ?? '',
    orderNo: stored.orderNo ?? '',
    replayed: true,
    ...(stored.held ? { status: PENDING_REVIEW } : {}),
  };
}

/** Refuses a rollback of another player's transaction, of a settle, credit or rollback, or of another round. */
function checkUndoable(original: StoredTx, req: { playerId: string; roundId?: string | undefined }) {
  if (String(original.memberId) !== req.playerId) {
    throw new SeamlessRefusal('INVALID_REQUEST', 'The transaction is not this player’s.');
  }
  if (original.kind === 'settle') {
    throw new SeamlessRefusal('ROUND_CLOSED', 'A settled round cannot be rolled back.');
  }
  if (original.kind !== 'debit' && original.kind !== 'tombstone') {
    throw new SeamlessRefusal('INVALID_REQUEST', 'Only a debit can be rolled back.');
  }
  if (original.kind === 'debit' && req.roundId !== undefined && req.roundId !== original.roundId) {
    throw new SeamlessRefusal('INVALID_REQUEST', 'The debit is of another round.');
  }
}

function rollbackReplayOf(stored: StoredTx, txId: string, hash: string): RollbackReply {
  if (stored.kind !== 'rollback' || stored.requestHash !== hash) {
    throw new SeamlessRefusal('DUPLICATE_TRANSACTION', 'The transaction id was used for another request.');
  }
  return { code: 'OK', balance: minorToDecimal(stored.balanceMinor ?? 0n), txId, replayed: true };
}
