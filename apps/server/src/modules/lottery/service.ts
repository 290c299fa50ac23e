import { createHash } from 'node:crypto';
import {
  LOTTERY_ACCOUNT_TYPE_NAME,
  LOTTERY_MAX_CHASE_ISSUES,
  LOTTERY_VENDOR,
  type LotteryBetReply,
  type LotteryChase,
  type LotteryChaseCancelReply,
  type LotteryChaseDetail,
  type LotteryChaseReply,
  type LotteryChaseRequest,
  type LotteryGameMenu,
  type LotteryOpened,
  type LotteryResults,
  type LotteryTicket,
  type LotteryTicketRequest,
  minorToDecimal,
  TX_TYPE,
} from '@aurum/contract';
import {
  betType,
  drawOfIssue,
  type LotteryBet,
  LotteryBetError,
  type LotteryConfig,
  type LotteryDraw,
  type LotteryGame,
  lotteryGame,
  lotteryMaxMultiples,
  type PrizeMode,
  parseLotteryConfig,
  placedPriceText,
  quoteBet,
  type StakeKind,
  settleBet,
} from '@aurum/games';
import type { Clock } from '../../platform/clock.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import { big, type Queryable, queryRows } from '../../platform/sql.ts';
import { findByAccount } from '../accounts/index.ts';
import { isOk, type Refusal, type VendorClient, type Vendors } from '../vendor/index.ts';
import { HOUSE_PLAY, type Ledger, memberAccount, PLAY, systemAccount } from '../wallet/index.ts';
import type { IssueEventStatus, LotteryNotifier } from './fanout.ts';
import {
  type CancelReason,
  findIssue,
  ISSUE_COLUMNS,
  type IssueRow,
  issueById,
  issueOf,
  markPaid,
  moveTicket,
  type PaidTicket,
  TICKET_COLUMNS,
  type TicketRow,
  ticketOf,
  ticketsOfIssue,
} from './repository.ts';
import { type IssueSlot, nextSlot, slotAt } from './schedule.ts';

/** A ticket still 'placing' after this long lost its process: its debit is rolled back. */
export const PLACING_TIMEOUT_MS = MINUTE_MS;
const BATCH = 500;
/** Vendor sessions held for placing; past this the map starts over. */
const MAX_HELD_SESSIONS = 100_000;
/** Tickets read, credited (one `credits` call) and marked at a time by the settlement. */
const SETTLE_CHUNK = 1_000;
/** Chunks of an issue paid at once (each takes a connection of the pool while it pays). */
const SETTLE_WIDTH = 2;

export interface LotteryDeps {
  database: Database;
  /** Pays the prize-group rebates. */
  ledger: Ledger;
  store: MerchantStore;
  vendors: Vendors;
  clock: Clock;
  /** 64 hex characters of fresh CSPRNG output per issue. */
  newServerSeed: () => string;
  /** Told when an issue is drawn, settled or cancelled (the sockets of the merchant). */
  notifier?: LotteryNotifier;
}

/** Ledger-facing ids of a ticket: its round and the vendor transactions of its stake, win and refund. */
export const roundIdOf = (ticketId: number) => `lt-${ticketId}`;
export const betTxOf = (ticketId: number) => `lt-${ticketId}-bet`;
export const winTxOf = (ticketId: number) => `lt-${ticketId}-win`;
export const refundTxOf = (ticketId: number) => `lt-${ticketId}-ref`;
/** The ledger key of a ticket's prize-group rebate. */
export const rebateKeyOf = (ticketId: number) => `lottery:rebate:${ticketId}`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();
/** A selection's identity for the liability limit: its fields in a fixed order. */
const selectionKey = (s: LotteryTicketRequest['selection']) =>
  JSON.stringify([s.at ?? null, s.option ?? null, s.numbers ?? null, s.positions ?? null]);
const UNIT_DIVISORS = { '1': 1, '0.1': 10, '0.01': 100 } as const;

/** A ticket request checked and priced, not stored yet. */
interface Draft {
  request: LotteryTicketRequest;
  bet: LotteryBet;
  quote: ReturnType<typeof quoteBet>;
  maxPayout: bigint;
  key: string;
  memberGroup: number;
}

/** The member a bet is placed for: a trial account plays with play money; their own prize group. */
export interface LotteryMember {
  id: number;
  trial: boolean;
  /** The member's own prize group; null: the merchant's default. */
  prizeGroup: number | null;
}

/**
 * The prize group a member plays at: their own within the merchant's range (the nearest end of
 * it when the range was narrowed since), the merchant's default when they have none.
 */
export function memberGroupOf(config: LotteryConfig, own: number | null): number {
  const { min, max } = config.prizeGroups;
  if (own === null) return config.prizeGroups.default;
  return Math.min(max, Math.max(min, own));
}

/** An issue that takes bets now. */
const onSale = (i: IssueRow | null, now: number): i is IssueRow =>
  i?.status === 'open' && i.saleCloseAt > now && i.saleOpenAt <= now;

/**
 * A chase's ticket for an issue with its multiplier: it multiplies the ticket's multiplier, or
 * its amount or points for the bet types staked that way.
 */
function scaled(t: LotteryTicketRequest, stake: StakeKind | undefined, m: number): LotteryTicketRequest {
  if (stake === 'amount' && t.amount !== undefined) return { ...t, amount: t.amount * BigInt(m) };
  if (stake === 'points' && t.points !== undefined) return { ...t, points: t.points * m };
  return { ...t, multiplier: (t.multiplier ?? 1) * m };
}

interface ParsedConfig {
  version: number;
  config: LotteryConfig;
  maxMultiples: Map<string, { num: bigint; den: bigint }>;
}

/** The engine's bet of a stored ticket. */
function betOf(t: TicketRow): LotteryBet {
  return {
    game: t.gameCode,
    type: t.betType,
    selection: t.selection,
    ...(t.unitDivisor === null ? {} : { unitDivisor: t.unitDivisor }),
    ...(t.multiplier === null ? {} : { multiplier: t.multiplier }),
    ...(t.prizeGroup === null ? {} : { prizeGroup: t.prizeGroup }),
    ...(t.memberGroup === null ? {} : { memberGroup: t.memberGroup }),
    ...(t.amountMinor === null ? {} : { amountMinor: t.amountMinor }),
    ...(t.points === null ? {} : { points: t.points }),
    ...(t.board === null ? {} : { board: t.board }),
  };
}

/**
 * The in-house lottery: issues made ahead with a committed seed, tickets placed through the
 * seamless wallet (a debit per ticket, its own round), draws from the committed seeds and
 * settlement exactly once per ticket (the credit that closes its round writes the record of
 * play), cancellation with refunds (the rollback of each debit).
 */
export class LotteryService {
  private readonly configs = new Map<string, ParsedConfig>();
  /** Issues this process knows exist, so a run does not try to insert them again every second. */
  private readonly known = new Set<string>();
  /** Members' sessions at the lottery vendor this process opened, by merchant, member, mode and game. */
  private readonly sessions = new Map<string, string>();

  constructor(private readonly deps: LotteryDeps) {}

  /** The merchant's lottery configuration, parsed once per merchant version; null: no lottery. */
  configOf(merchant: MerchantState): ParsedConfig | null {
    const raw = merchant.config.lottery;
    if (raw === undefined) return null;
    const hit = this.configs.get(merchant.code);
    if (hit && hit.version === merchant.version) return hit;
    const config = parseLotteryConfig(raw);
    const parsed = { version: merchant.version, config, maxMultiples: lotteryMaxMultiples(config) };
    this.configs.set(merchant.code, parsed);
    return parsed;
  }

  private async merchant(code: string): Promise<MerchantState> {
    const merchant = await this.deps.store.get(code);
    if (!merchant) throw new Error(`merchant ${code} vanished`);
    return merchant;
  }

  private client(merchant: string): Promise<VendorClient> {
    return this.deps.vendors.clientFor(merchant, LOTTERY_VENDOR);
  }

  private tell(merchant: string, gameCode: string, issueNo: string, status: IssueEventStatus) {
    this.deps.notifier?.issueChanged(merchant, gameCode, issueNo, status);
  }

  // ——— the scheduler ———

  /** One run of the scheduler: make issues, close sales, draw, settle, refund, sweep. */
  async tick(now: number): Promise<number> {
    let done = 0;
    const codes = await queryRows<{ code: string }>(
      this.deps.database.db,
      `SELECT code FROM merchants WHERE config ? 'lottery' ORDER BY code`,
      [],
    );
    for (const { code } of codes) done += await this.ensureIssues(await this.merchant(code), now);
    done += await this.closeSales(now);
    done += await this.drawDue(now);
    done += await this.settleDrawn();
    done += await this.stopChases();
    done += await this.refundCancelled();
    done += await this.sweepPlacing(now);
    return done;
  }

  /**
   * Makes the issue on sale now and the next one of every game, each with a fresh seed whose
   * hash is stored with it before its sale opens. Several processes may try: one insert wins.
   */
  async ensureIssues(merchant: MerchantState, now: number): Promise<number> {
    const parsed = this.configOf(merchant);
    if (!parsed) return 0;
    let made = 0;
    for (const game of parsed.config.games) {
      const current = slotAt(game, now);
      for (const slot of [current, nextSlot(game, current)])
        made += await this.ensureSlot(merchant.code, game, slot, now);
    }
    return made;
  }

  /** Makes one issue of a game's schedule with a fresh committed seed unless it exists: 1 if made. */
  private async ensureSlot(
    merchant: string,
    game: LotteryGame,
    slot: IssueSlot,
    now: number,
  ): Promise<number> {
    const key = `${merchant} ${game.code} ${slot.issueNo}`;
    if (this.known.has(key)) return 0;
    const seed = this.deps.newServerSeed();
    const rows = await queryRows(
      this.deps.database.db,
      `INSERT INTO lottery_issues (merchant, game_code, issue_no, sale_open_at, sale_close_at, draw_at, seed,
         seed_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (merchant, game_code, issue_no) DO NOTHING RETURNING 1`,
      [
        merchant,
        game.code,
        slot.issueNo,
        iso(slot.saleOpenAt),
        iso(slot.saleCloseAt),
        iso(slot.drawAt),
        seed,
        sha256(seed),
        iso(now),
      ],
    );
    if (this.known.size >= 10_000) this.known.clear();
    this.known.add(key);
    return rows.length;
  }

  /** Issues whose sale close has passed stop taking bets. */
  async closeSales(now: number): Promise<number> {
    const rows = await queryRows(
      this.deps.database.db,
      `UPDATE lottery_issues SET status = 'closed' WHERE status = 'open' AND sale_close_at <= $1 RETURNING 1`,
      [iso(now)],
    );
    return rows.length;
  }

  /**
   * Draws every issue whose draw time has come (late ones too) from its committed seed. Each
   * batch locks its issues SKIP LOCKED, so two processes draw different issues, and the update
   * is conditional on the issue not being drawn or cancelled yet.
   */
  async drawDue(now: number): Promise<number> {
    let drawn = 0;
    // Merchants are read before the transaction: on PGlite (one connection) a read outside it
    // while it is open would wait for it forever.
    const merchants = new Map<string, MerchantState>();
    const codes = await queryRows<{ merchant: string }>(
      this.deps.database.db,
      `SELECT DISTINCT merchant FROM lottery_issues WHERE status IN ('open', 'closed') AND draw_at <= $1`,
      [iso(now)],
    );
    for (const { merchant } of codes) merchants.set(merchant, await this.merchant(merchant));
    for (;;) {
      const batch = await this.deps.database.db.transaction(async (tx) => {
        const due = await queryRows<Record<string, unknown>>(
          tx,
          `SELECT id, merchant, game_code, issue_no, seed, ${'(extract(epoch FROM draw_at) * 1000)::bigint'} AS draw_ms
           FROM lottery_issues WHERE status IN ('open', 'closed') AND draw_at <= $1
           ORDER BY draw_at LIMIT 50 FOR UPDATE SKIP LOCKED`,
          [iso(now)],
        );
        const done: { merchant: string; game: string; issueNo: string }[] = [];
        for (const row of due) {
          const merchant = merchants.get(String(row.merchant));
          const game = merchant ? this.gameOrNull(merchant, String(row.game_code)) : null;
          if (!game) continue;
          const draw = drawOfIssue(game, String(row.seed), String(row.issue_no), Number(row.draw_ms));
          const moved = await queryRows(
            tx,
            `UPDATE lottery_issues SET status = 'drawn', result = $2::jsonb, drawn_at = $3
             WHERE id = $1 AND status IN ('open', 'closed') RETURNING 1`,
            [row.id, JSON.stringify(draw), iso(now)],
          );
          if (moved.length)
            done.push({ merchant: String(row.merchant), game: game.code, issueNo: String(row.issue_no) });
        }
        return { seen: due.length, done };
      });
      // Told once the draws are committed, so a page that reads the result finds it.
      for (const d of batch.done) this.tell(d.merchant, d.game, d.issueNo, 'drawn');
      drawn += batch.done.length;
      if (batch.seen < 50 || batch.done.length === 0) return drawn;
    }
  }

  private gameOrNull(merchant: MerchantState, code: string): LotteryGame | null {
    const parsed = this.configOf(merchant);
    return parsed ? (lotteryGame(parsed.config, code) ?? null) : null;
  }

  /** Settles every drawn issue; an issue is settled when none of its tickets is left pending. */
  async settleDrawn(): Promise<number> {
    const issues = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT ${ISSUE_COLUMNS} FROM lottery_issues WHERE status = 'drawn' ORDER BY draw_at LIMIT 20`,
      [],
    );
    let done = 0;
    for (const row of issues) done += await this.settleIssue(issueOf(row));
    return done;
  }

  /**
   * Pays the issue's pending tickets, at most `limit` of them (a test stops half way as a crash
   * would). Each ticket is paid by the credit that closes its round, keyed by the ticket
   * (lt-<id>-win): a second process or a resumed run that credits it again gets the first
   * answer and moves nothing. Tickets still being placed hold the settlement back until they
   * are pending or swept.
   *
   * A chunk of tickets is paid by one `credits` call of the seamless wallet (each ticket still
   * its own credit, transaction id and round; the wallet makes the usual ones in one database
   * transaction), then the chunk's ticket rows move in one statement. A crash between the two
   * leaves tickets pending that are paid: the next run credits them again, which answers as the
   * first time and pays nothing twice.
   */
  async settleIssue(issue: IssueRow, limit = Number.POSITIVE_INFINITY): Promise<number> {
    if (issue.status !== 'drawn' || issue.result === null) return 0;
    const merchant = await this.merchant(issue.merchant);
    const parsed = this.configOf(merchant);
    if (!parsed) return 0;
    const db = this.deps.database.db;
    if ((await ticketsOfIssue(db, issue.id, ['placing'], 1)).length > 0) return 0;
    const client = await this.client(merchant.code);
    // SETTLE_WIDTH chunks are paid at once; they are read one after the other, oldest first.
    let after = 0;
    let taken = 0;
    let exhausted = false;
    let failure: unknown = null;
    let reading: Promise<unknown> = Promise.resolve();
    const take = (): Promise<TicketRow[]> => {
      const next = reading.then(async () => {
        if (exhausted || failure !== null) return [];
        const tickets = await ticketsOfIssue(db, issue.id, ['pending'], SETTLE_CHUNK, after);
        const chunk = tickets.slice(0, Math.max(0, Math.min(tickets.length, limit - taken)));
        taken += chunk.length;
        after = chunk.at(-1)?.id ?? after;
        if (tickets.length < SETTLE_CHUNK || taken >= limit) exhausted = true;
        return chunk;
      });
      reading = next.catch(() => undefined);
      return next;
    };
    let paid = 0;
    await Promise.all(
      Array.from({ length: SETTLE_WIDTH }, async () => {
        try {
          for (let chunk = await take(); chunk.length > 0; chunk = await take()) {
            await this.payChunk(client, parsed.config, issue, chunk);
            paid += chunk.length;
          }
        } catch (e) {
          failure ??= e;
        }
      }),
    );
    if (failure !== null) throw failure;
    if (taken >= limit) return paid;
    const settled = await queryRows(
      db,
      `UPDATE lottery_issues SET status = 'settled', settled_at = $2 WHERE id = $1 AND status = 'drawn'
         AND NOT EXISTS (SELECT 1 FROM lottery_tickets WHERE issue_id = $1 AND status IN ('pending', 'placing'))
       RETURNING 1`,
      [issue.id, iso(this.deps.clock.now())],
    );
    if (settled.length) this.tell(issue.merchant, issue.gameCode, issue.issueNo, 'settled');
    return paid;
  }

  /**
   * Pays a chunk of tickets with one `credits` call (each ticket its own credit, keyed by the
   * ticket, closing its round), then the rebates there are, then moves the rows of those paid
   * in one statement, also when one of them failed (that error is thrown afterwards).
   */
  private async payChunk(client: VendorClient, config: LotteryConfig, issue: IssueRow, tickets: TicketRow[]) {
    if (tickets.length === 0) return;
    const draw = issue.result as LotteryDraw;
    const settled = tickets.map((t) => ({ t, s: settleBet(config, betOf(t), draw, t.placedPrice) }));
    const reply = await client.credits({
      credits: settled.map(({ t, s }) => this.creditOf(issue, t, s)),
    });
    if (!isOk(reply))
      throw new Error(`the credits of issue ${issue.id} were refused: ${reply.code} ${reply.message}`);
    const paid: PaidTicket[] = [];
    let failure: unknown = null;
    for (const [i, { t, s }] of settled.entries()) {
      const answer = reply.results[i];
      if (!answer || !isOk(answer)) {
        failure ??= new Error(
          `the credit of ticket ${t.id} was refused: ${answer?.code} ${answer && 'message' in answer ? answer.message : ''}`,
        );
        continue;
      }
      try {
        paid.push(await this.paidOf(issue, t, s));
      } catch (e) {
        failure ??= e;
      }
    }
    await markPaid(this.deps.database.db, paid, this.deps.clock.now());
    if (failure !== null) throw failure;
  }

  /** The credit that closes a ticket's round with its payout, and what was drawn (the record of play). */
  private creditOf(issue: IssueRow, t: TicketRow, s: ReturnType<typeof settleBet>) {
    return {
      txId: winTxOf(t.id),
      roundId: roundIdOf(t.id),
      amount: minorToDecimal(s.payoutMinor),
      closeRound: true,
      playerId: String(t.memberId),
      detail: {
        lottery: t.gameCode,
        issueNo: issue.issueNo,
        betType: t.betType,
        selection: t.selection,
        bets: t.bets,
        result: issue.result,
        outcome: s.outcome,
      },
    };
  }

  /**
   * A ticket whose credit is made: its rebate moves when it has one (once, by its key), and how
   * its row moves from pending (the caller writes it).
   */
  private async paidOf(issue: IssueRow, t: TicketRow, s: ReturnType<typeof settleBet>): Promise<PaidTicket> {
    const status = s.outcome === 'push' ? 'refunded' : s.outcome;
    // The rebate of a bet below the member's prize group, once per ticket by its key; a push
    // pays none (its stake came back whole).
    const rebate = s.outcome === 'push' ? 0n : s.rebateMinor;
    if (rebate > 0n) {
      const play = t.mode === 'play';
      await this.deps.ledger.move({
        merchant: t.merchant,
        from: systemAccount(play ? HOUSE_PLAY : `HOUSE:${LOTTERY_VENDOR}`),
        to: memberAccount(t.memberId, play ? PLAY : 'MAIN'),
        amountMinor: rebate,
        kind: TX_TYPE.rebate,
        idempotencyKey: rebateKeyOf(t.id),
        memo: `lottery rebate ${t.gameCode} ${issue.issueNo}`,
        actor: 'lottery',
      });
    }
    return {
      id: t.id,
      status,
      payoutMinor: s.payoutMinor,
      settleTx: winTxOf(t.id),
      rebateMinor: rebate,
      rebateTx: rebate > 0n ? rebateKeyOf(t.id) : null,
    };
  }

  /**
   * Cancels an issue before its draw and refunds every ticket once (the rollback of its debit,
   * keyed lt-<id>-ref). An issue drawn already cannot be cancelled.
   */
  async cancel(merchantCode: string, gameCode: string, issueNo: string): Promise<{ refunded: number }> {
    const rows = await queryRows<{ id: unknown }>(
      this.deps.database.db,
      `UPDATE lottery_issues SET status = 'cancelled', cancelled_at = $4
       WHERE merchant = $1 AND game_code = $2 AND issue_no = $3 AND status IN ('open', 'closed') RETURNING id`,
      [merchantCode, gameCode, issueNo, iso(this.deps.clock.now())],
    );
    let id = rows[0] ? Number(rows[0].id) : null;
    if (id === null) {
      const issue = await findIssue(this.deps.database.db, merchantCode, gameCode, issueNo);
      if (!issue) throw new AppError('ops.invalid', `there is no issue ${gameCode} ${issueNo}`);
      if (issue.status !== 'cancelled')
        throw new AppError(
          'ops.invalid',
          `the issue is ${issue.status}: only an issue not drawn yet can be cancelled`,
        );
      id = issue.id;
    }
    const refunded = await this.refundIssue(id);
    // Told after the refunds (also when a repeated cancel finished them), so the pages read them.
    this.tell(merchantCode, gameCode, issueNo, 'cancelled');
    return { refunded };
  }

  /**
   * Voids one ticket of an issue not drawn yet (an operator's correction; the reason goes to the
   * audit): its stake refunded once through the seamless wallet and the ticket cancelled by the
   * operator, as a cancelled issue's tickets are. A ticket already settled or cancelled, or of an
   * issue drawn, settled or cancelled, is refused and nothing changes.
   */
  async voidTicket(
    merchantCode: string,
    ticketId: number,
  ): Promise<{
    ticketId: string;
    memberId: number;
    game: string;
    issueNo: string;
    stake: string;
    status: 'cancelled';
  }> {
    const db = this.deps.database.db;
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      `SELECT ${TICKET_COLUMNS} FROM lottery_tickets WHERE id = $1 AND merchant = $2`,
      [ticketId, merchantCode],
    );
    if (!row) throw new AppError('ops.invalid', `there is no ticket ${ticketId}`);
    const ticket = ticketOf(row);
    const issue = await issueById(db, ticket.issueId);
    if (ticket.status !== 'pending' && ticket.status !== 'placing')
      throw new AppError(
        'ops.invalid',
        `the ticket is ${ticket.status}: only a ticket not settled can be voided`,
      );
    if (!issue || (issue.status !== 'open' && issue.status !== 'closed'))
      throw new AppError(
        'ops.invalid',
        `its issue is ${issue?.status ?? 'gone'}: only a ticket of an issue not drawn yet can be voided`,
      );
    await this.rollbackTicket(await this.client(merchantCode), ticket, 'operator');
    return {
      ticketId: String(ticket.id),
      memberId: ticket.memberId,
      game: ticket.gameCode,
      issueNo: issue.issueNo,
      stake: minorToDecimal(ticket.stakeMinor),
      status: 'cancelled',
    };
  }

  /** Refunds the tickets of a cancelled issue not refunded yet. */
  async refundIssue(issueId: number): Promise<number> {
    const issue = await issueById(this.deps.database.db, issueId);
    if (issue?.status !== 'cancelled') return 0;
    const client = await this.client(issue.merchant);
    let refunded = 0;
    for (;;) {
      const tickets = await ticketsOfIssue(this.deps.database.db, issueId, ['pending', 'placing'], BATCH);
      for (const t of tickets) {
        await this.rollbackTicket(client, t, 'operator');
        refunded++;
      }
      if (tickets.length < BATCH) return refunded;
    }
  }

  /** Undoes a ticket's debit (a tombstone if it never arrived) and marks it cancelled, saying why. */
  private async rollbackTicket(client: VendorClient, t: TicketRow, reason: CancelReason): Promise<void> {
    const reply = await client.rollback({
      txId: refundTxOf(t.id),
      originalTxId: betTxOf(t.id),
      playerId: String(t.memberId),
      roundId: roundIdOf(t.id),
    });
    if (!isOk(reply))
      throw new Error(`the refund of ticket ${t.id} was refused: ${reply.code} ${reply.message}`);
    await moveTicket(this.deps.database.db, t.id, ['pending', 'placing'], {
      status: 'cancelled',
      cancelReason: reason,
      refundTx: refundTxOf(t.id),
      at: this.deps.clock.now(),
    });
  }

  /** Resumes the refunds of cancelled issues (an operator's cancel that stopped half way). */
  async refundCancelled(): Promise<number> {
    const rows = await queryRows<{ id: unknown }>(
      this.deps.database.db,
      `SELECT DISTINCT i.id FROM lottery_issues i JOIN lottery_tickets t ON t.issue_id = i.id
       WHERE i.status = 'cancelled' AND t.status IN ('pending', 'placing') LIMIT 20`,
      [],
    );
    let n = 0;
    for (const r of rows) n += await this.refundIssue(Number(r.id));
    return n;
  }

  /** Tickets left 'placing' by a process that stopped: their debit is rolled back. */
  async sweepPlacing(now: number): Promise<number> {
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT ${TICKET_COLUMNS} FROM lottery_tickets WHERE status = 'placing' AND placed_at < $1 ORDER BY id LIMIT 200`,
      [iso(now - PLACING_TIMEOUT_MS)],
    );
    for (const row of rows) {
      const t = ticketOf(row);
      await this.rollbackTicket(await this.client(t.merchant), t, 'system');
    }
    return rows.length;
  }

  // ——— members ———

  /**
   * The games of a prize mode (all without one) with the issue on sale now, the mode's odds
   * board and the server's time for the countdowns. `only`: these games, in this order (the
   * member's recent ones).
   */
  async gameMenu(
    merchant: MerchantState,
    language: string,
    prizeMode?: PrizeMode,
    only?: readonly string[],
  ): Promise<LotteryGameMenu> {
    const parsed = this.configOf(merchant);
    const now = this.deps.clock.now();
    if (!parsed)
      return {
        accountTypeName: LOTTERY_ACCOUNT_TYPE_NAME,
        serverTime: iso(now),
        prizeMode: prizeMode ?? null,
        board: { code: '', version: 0 },
        games: [],
      };
    const mode = parsed.config.prizeModes.get(prizeMode ?? 'LOTT')!;
    const board = parsed.config.oddsBoards.find((b) => b.code === mode.board)!;
    const offered = prizeMode
      ? parsed.config.games.filter((g) => mode.families.includes(g.family))
      : parsed.config.games;
    const games = only ? only.flatMap((code) => offered.filter((g) => g.code === code)) : offered;
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT DISTINCT ON (game_code) ${ISSUE_COLUMNS} FROM lottery_issues
       WHERE merchant = $1 AND status = 'open' AND sale_open_at <= $2 AND sale_close_at > $2
       ORDER BY game_code, draw_at`,
      [merchant.code, iso(now)],
    );
    const current = new Map(rows.map((r) => [String(r.game_code), issueOf(r)]));
    return {
      accountTypeName: LOTTERY_ACCOUNT_TYPE_NAME,
      serverTime: iso(now),
      prizeMode: prizeMode ?? null,
      board: { code: board.code, version: board.version },
      games: games.map((g) => {
        const issue = current.get(g.code);
        return {
          gameCode: g.code,
          family: g.family,
          layout: g.layout ?? null,
          name: g.names[language] ?? g.names.EN ?? g.code,
          current: issue ? issueReply(issue) : null,
        };
      }),
    };
  }

  /** The lottery games the member bet on lately, the latest first (at most 8), as the menu shows them. */
  async recentGames(merchant: MerchantState, memberId: number, language: string, prizeMode?: PrizeMode) {
    const rows = await queryRows<{ game_code: string }>(
      this.deps.database.db,
      `SELECT game_code FROM lottery_tickets WHERE merchant = $1 AND member_id = $2 AND status <> 'placing'
       GROUP BY game_code ORDER BY max(id) DESC LIMIT 8`,
      [merchant.code, memberId],
    );
    return this.gameMenu(
      merchant,
      language,
      prizeMode,
      rows.map((r) => String(r.game_code)),
    );
  }

  /**
   * The opened numeros: the newest drawn issue of every game of a prize mode (of every game
   * without one), in the menu's order, each with its result and revealed seed.
   */
  async opened(merchant: MerchantState, prizeMode?: PrizeMode): Promise<LotteryOpened> {
    const parsed = this.configOf(merchant);
    if (!parsed) return { prizeMode: prizeMode ?? null, results: [] };
    const mode = parsed.config.prizeModes.get(prizeMode ?? 'LOTT')!;
    const games = prizeMode
      ? parsed.config.games.filter((g) => mode.families.includes(g.family))
      : parsed.config.games;
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT DISTINCT ON (game_code) ${ISSUE_COLUMNS}, seed FROM lottery_issues
       WHERE merchant = $1 AND status IN ('drawn', 'settled')
       ORDER BY game_code, draw_at DESC`,
      [merchant.code],
    );
    const newest = new Map(rows.map((r) => [String(r.game_code), r]));
    return {
      prizeMode: prizeMode ?? null,
      results: games.flatMap((g) => {
        const row = newest.get(g.code);
        if (!row) return [];
        const issue = issueOf(row);
        return [
          {
            gameCode: g.code,
            ...issueReply(issue),
            drawnAt: issue.drawnAt === null ? null : iso(issue.drawnAt),
            seed: String(row.seed),
            result: issue.result,
          },
        ];
      }),
    };
  }

  /** The last drawn issues of a game with their results and revealed seeds. */
  async results(merchant: MerchantState, gameCode: string, size: number): Promise<LotteryResults> {
    this.gameOf(merchant, gameCode);
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT ${ISSUE_COLUMNS}, seed FROM lottery_issues
       WHERE merchant = $1 AND game_code = $2 AND status IN ('drawn', 'settled')
       ORDER BY draw_at DESC LIMIT ${size}`,
      [merchant.code, gameCode],
    );
    return {
      gameCode,
      results: rows.map((r) => {
        const issue = issueOf(r);
        return {
          ...issueReply(issue),
          drawnAt: issue.drawnAt === null ? null : iso(issue.drawnAt),
          seed: String(r.seed),
          result: issue.result,
        };
      }),
    };
  }

  /**
   * The draw history of a game: its drawn issues, newest first, a page at a time, each with its
   * revealed seed and result (`issueNo`: that issue only, for the verifier). Undrawn, closed and
   * cancelled issues are never listed.
   */
  async draws(
    merchant: MerchantState,
    q: { gameCode: string; issueNo?: string | undefined; page: number; size: number },
  ) {
    this.gameOf(merchant, q.gameCode);
    const where = `merchant = $1 AND game_code = $2 AND status IN ('drawn', 'settled')
      AND ($3::text IS NULL OR issue_no = $3)`;
    const params = [merchant.code, q.gameCode, q.issueNo ?? null];
    const [count] = await queryRows<{ n: unknown }>(
      this.deps.database.db,
      `SELECT count(*) AS n FROM lottery_issues WHERE ${where}`,
      params,
    );
    const total = Number(count?.n ?? 0);
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT ${ISSUE_COLUMNS}, seed FROM lottery_issues WHERE ${where}
       ORDER BY draw_at DESC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
      params,
    );
    return {
      content: rows.map((r) => {
        const issue = issueOf(r);
        return {
          ...issueReply(issue),
          drawnAt: issue.drawnAt === null ? null : iso(issue.drawnAt),
          seed: String(r.seed),
          result: issue.result,
        };
      }),
      pageNum: q.page,
      totalPages: Math.ceil(total / q.size),
      total,
    };
  }

  private gameOf(merchant: MerchantState, gameCode: string): { parsed: ParsedConfig; game: LotteryGame } {
    const parsed = this.configOf(merchant);
    const game = parsed ? lotteryGame(parsed.config, gameCode) : undefined;
    if (!parsed || !game) throw new AppError('lottery.game.unknown');
    return { parsed, game };
  }

  /**
   * Places the tickets of one bet on an open issue: every ticket is checked and priced by the
   * engine and the limits first (nothing stored or moved on a refusal), stored as 'placing'
   * under a lock of the issue row (so the limits see every ticket before them), then debited
   * through the seamless wallet one round per ticket. A refused debit rolls back the ones made.
   */
  async place(
    merchant: MerchantState,
    member: LotteryMember,
    body: { gameCode: string; issueNo: string; tickets: LotteryTicketRequest[] },
  ): Promise<LotteryBetReply> {
    const { parsed, game } = this.gameOf(merchant, body.gameCode);
    const now = this.deps.clock.now();
    const issue = await findIssue(this.deps.database.db, merchant.code, game.code, body.issueNo);
    if (!onSale(issue, now)) throw new AppError('lottery.issue.closed');
    const group = memberGroupOf(parsed.config, member.prizeGroup);
    const drafts = body.tickets.map((t, index) => this.draftOf(parsed, game, t, index, group));
    const mode = member.trial ? 'play' : 'real';
    const ids = await this.deps.database.db.transaction(async (tx) => {
      await this.lockOnSale(tx, issue.id);
      await this.checkLimits(tx, parsed.config, issue.id, member.id, drafts);
      return this.insertTickets(tx, merchant.code, member.id, mode, issue.id, game.code, drafts, now, null);
    });
    return this.debit(
      merchant,
      member.id,
      mode,
      game.code,
      ids.map((id, i) => ({ id, stakeMinor: drafts[i]!.quote.stakeMinor })),
    );
  }

  /**
   * Places a chase: the ticket on each issue with its multiplier, every ticket checked, priced
   * and limited like a single bet, stored under the locks of all its issues and debited up front
   * (each its own round). Issues not made yet are made now, each with its committed seed.
   */
  async chase(
    merchant: MerchantState,
    member: LotteryMember,
    body: LotteryChaseRequest,
  ): Promise<LotteryChaseReply> {
    const { parsed, game } = this.gameOf(merchant, body.gameCode);
    const now = this.deps.clock.now();
    // The issues a chase may name: the one on sale now, then the coming ones.
    let slot = slotAt(game, now);
    if (slot.saleCloseAt <= now) slot = nextSlot(game, slot);
    const coming = new Map<string, { slot: IssueSlot; order: number }>();
    for (let i = 0; i < LOTTERY_MAX_CHASE_ISSUES; i++, slot = nextSlot(game, slot))
      coming.set(slot.issueNo, { slot, order: i });
    let last = -1;
    for (const { issueNo } of body.issues) {
      const found = coming.get(issueNo);
      if (!found) throw new AppError('lottery.issue.closed', undefined, { issueNo });
      if (found.order <= last)
        throw new AppError('lottery.bet.invalid', undefined, {
          issueNo,
          reason: 'issues must be distinct and in draw order',
        });
      last = found.order;
    }
    const type = betType(body.ticket.betType);
    const group = memberGroupOf(parsed.config, member.prizeGroup);
    const drafts = body.issues.map(({ multiplier }, index) =>
      this.draftOf(parsed, game, scaled(body.ticket, type?.stake, multiplier), index, group),
    );
    for (const { issueNo } of body.issues)
      await this.ensureSlot(merchant.code, game, coming.get(issueNo)!.slot, now);
    const mode = member.trial ? 'play' : 'real';
    const made = await this.deps.database.db.transaction(async (tx) => {
      const [chase] = await queryRows<{ id: unknown }>(
        tx,
        `INSERT INTO lottery_chases (merchant, member_id, game_code, bet_type, selection, stop_on_win, created_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
        [
          merchant.code,
          member.id,
          game.code,
          drafts[0]!.quote.type.code,
          JSON.stringify(body.ticket.selection),
          body.stopOnWin,
          iso(now),
        ],
      );
      const chaseId = Number(chase!.id);
      const issues = await queryRows<{ id: unknown; issue_no: string }>(
        tx,
        `SELECT id, issue_no FROM lottery_issues WHERE merchant = $1 AND game_code = $2 AND issue_no = ANY($3::text[])
         ORDER BY id`,
        [merchant.code, game.code, `{${body.issues.map((i) => i.issueNo).join(',')}}`],
      );
      const idOf = new Map(issues.map((r) => [r.issue_no, Number(r.id)]));
      const ids: { id: number; stakeMinor: bigint }[] = [];
      // Locked in id order, as every placement does, so two chases never wait on each other in a cycle.
      for (const issueId of [...idOf.values()].sort((a, b) => a - b)) await this.lockOnSale(tx, issueId);
      for (const [index, { issueNo }] of body.issues.entries()) {
        const issueId = idOf.get(issueNo);
        if (issueId === undefined) throw new AppError('lottery.issue.closed', undefined, { issueNo });
        const draft = drafts[index]!;
        await this.checkLimits(tx, parsed.config, issueId, member.id, [draft]);
        const [id] = await this.insertTickets(
          tx,
          merchant.code,
          member.id,
          mode,
          issueId,
          game.code,
          [draft],
          now,
          chaseId,
        );
        ids.push({ id: id!, stakeMinor: draft.quote.stakeMinor });
      }
      return { chaseId, ids };
    });
    let balance: string;
    try {
      balance = (await this.debit(merchant, member.id, mode, game.code, made.ids)).balance;
    } catch (e) {
      await queryRows(
        this.deps.database.db,
        `DELETE FROM lottery_chases c WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM lottery_tickets t WHERE t.chase_id = c.id)`,
        [made.chaseId],
      );
      throw e;
    }
    return { chase: await this.chaseDetail(merchant.code, member.id, String(made.chaseId)), balance };
  }

  /**
   * The member cancels one issue of a chase, or every issue whose sale is still open: each such
   * ticket is refunded once (the rollback of its debit). Repeating it refunds nothing more.
   */
  async cancelChase(
    merchant: MerchantState,
    memberId: number,
    body: { chaseId: string; issueNo?: string | undefined },
  ): Promise<LotteryChaseCancelReply> {
    const db = this.deps.database.db;
    await this.chaseDetail(merchant.code, memberId, body.chaseId);
    const now = this.deps.clock.now();
    const rows = await queryRows<Record<string, unknown>>(
      db,
      `SELECT ${TICKET_COLUMNS} FROM lottery_tickets
       WHERE chase_id = $1 AND status = 'pending' AND issue_id IN (
         SELECT id FROM lottery_issues WHERE status = 'open' AND sale_close_at > $2
           AND ($3::text IS NULL OR issue_no = $3))
       ORDER BY id`,
      [body.chaseId, iso(now), body.issueNo ?? null],
    );
    if (body.issueNo !== undefined && rows.length === 0) throw new AppError('lottery.issue.closed');
    const client = await this.client(merchant.code);
    for (const row of rows) await this.rollbackTicket(client, ticketOf(row), 'member');
    if (body.issueNo === undefined)
      await queryRows(
        db,
        'UPDATE lottery_chases SET cancelled_at = $2 WHERE id = $1 AND cancelled_at IS NULL',
        [body.chaseId, iso(now)],
      );
    return { chase: await this.chaseDetail(merchant.code, memberId, body.chaseId), refunded: rows.length };
  }

  /**
   * Stops the chases that won: a chase set to stop on a win takes the settlement time of its
   * first winning ticket as its stop (also after a crash between the two), and the tickets of its
   * issues whose sale was still open then, not drawn yet, are refunded once.
   */
  async stopChases(): Promise<number> {
    const db = this.deps.database.db;
    await queryRows(
      db,
      `UPDATE lottery_chases c SET stopped_at = (
         SELECT min(t.settled_at) FROM lottery_tickets t WHERE t.chase_id = c.id AND t.status = 'won')
       WHERE c.stop_on_win AND c.stopped_at IS NULL AND c.cancelled_at IS NULL
         AND EXISTS (SELECT 1 FROM lottery_tickets t WHERE t.chase_id = c.id AND t.status = 'won')`,
      [],
    );
    const due = await queryRows<{ id: unknown }>(
      db,
      `SELECT t.id FROM lottery_tickets t JOIN lottery_chases c ON c.id = t.chase_id JOIN lottery_issues i ON i.id = t.issue_id
       WHERE t.chase_id IS NOT NULL AND t.status = 'pending' AND c.stopped_at IS NOT NULL
         AND i.sale_close_at > c.stopped_at AND i.status IN ('open', 'closed')
       ORDER BY t.id LIMIT 200`,
      [],
    );
    if (!due.length) return 0;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      `SELECT ${TICKET_COLUMNS} FROM lottery_tickets WHERE id = ANY($1::bigint[]) AND status = 'pending' ORDER BY id`,
      [`{${due.map((r) => String(r.id)).join(',')}}`],
    );
    for (const row of rows) {
      const t = ticketOf(row);
      await this.rollbackTicket(await this.client(t.merchant), t, 'stopped');
    }
    return rows.length;
  }

  /** One of the member's chases with its tickets; another member's is unknown to them. */
  async chaseDetail(merchantCode: string, memberId: number, chaseId: string): Promise<LotteryChaseDetail> {
    const [chase] = await this.chaseRows(merchantCode, memberId, { chaseId, size: 1, offset: 0 });
    if (!chase) throw new AppError('lottery.chase.unknown');
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT t.*, i.issue_no, ${TICKET_SELECT_TIMES} FROM lottery_tickets t JOIN lottery_issues i ON i.id = t.issue_id
       WHERE t.chase_id = $1 AND t.status <> 'placing' ORDER BY i.draw_at`,
      [chaseId],
    );
    return { ...chase, tickets: rows.map(ticketReply) };
  }

  /** The member's chases, newest first. */
  async chases(merchantCode: string, memberId: number, q: { page: number; size: number }) {
    const [count] = await queryRows<{ n: unknown }>(
      this.deps.database.db,
      'SELECT count(*) AS n FROM lottery_chases WHERE merchant = $1 AND member_id = $2',
      [merchantCode, memberId],
    );
    const total = Number(count?.n ?? 0);
    const content = await this.chaseRows(merchantCode, memberId, {
      size: q.size,
      offset: (q.page - 1) * q.size,
    });
    return { content, pageNum: q.page, totalPages: Math.ceil(total / q.size), total };
  }

  private async chaseRows(
    merchantCode: string,
    memberId: number,
    q: { chaseId?: string; size: number; offset: number },
  ): Promise<LotteryChase[]> {
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT c.id, c.game_code, c.bet_type, c.selection, c.stop_on_win, c.stopped_at, c.cancelled_at,
         (extract(epoch FROM c.created_at) * 1000)::bigint AS created_ms,
         count(t.id) AS issues, coalesce(sum(t.stake_minor), 0) AS stake, coalesce(sum(t.payout_minor), 0) AS payout,
         coalesce(sum(t.stake_minor) FILTER (WHERE t.status = 'cancelled'), 0) AS refunded,
         count(t.id) FILTER (WHERE t.status IN ('pending', 'placing')) AS waiting,
         count(t.id) FILTER (WHERE t.status IN ('won', 'lost', 'refunded')) AS played,
         count(t.id) FILTER (WHERE t.status = 'won') AS won,
         count(t.id) FILTER (WHERE t.status = 'cancelled') AS refunded_issues,
         count(t.id) FILTER (WHERE t.status = 'pending' AND i.status = 'open' AND i.sale_close_at > $4)
           AS cancellable
       FROM lottery_chases c LEFT JOIN lottery_tickets t ON t.chase_id = c.id
         LEFT JOIN lottery_issues i ON i.id = t.issue_id
       WHERE c.merchant = $1 AND c.member_id = $2 AND ($3::bigint IS NULL OR c.id = $3)
       GROUP BY c.id ORDER BY c.id DESC LIMIT ${q.size} OFFSET ${q.offset}`,
      [merchantCode, memberId, q.chaseId ?? null, iso(this.deps.clock.now())],
    );
    return rows.map((r) => ({
      chaseId: String(r.id),
      gameCode: String(r.game_code),
      betType: String(r.bet_type),
      selection: typeof r.selection === 'string' ? JSON.parse(r.selection) : r.selection,
      stopOnWin: r.stop_on_win === true || r.stop_on_win === 't',
      status:
        Number(r.waiting) > 0
          ? 'active'
          : r.stopped_at
            ? 'stopped'
            : r.cancelled_at
              ? 'cancelled'
              : 'finished',
      issues: Number(r.issues),
      stake: minorToDecimal(big(r.stake)),
      payout: minorToDecimal(big(r.payout)),
      refunded: minorToDecimal(big(r.refunded)),
      counts: {
        played: Number(r.played),
        won: Number(r.won),
        refunded: Number(r.refunded_issues),
        cancellable: Number(r.cancellable),
      },
      createdAt: iso(Number(r.created_ms)),
    }));
  }

  /** A ticket request checked and priced by the engine (nothing stored); refusals name the ticket. */
  private draftOf(
    parsed: ParsedConfig,
    game: LotteryGame,
    t: LotteryTicketRequest,
    index: number,
    memberGroup: number,
  ): Draft {
    const { config } = parsed;
    const bet: LotteryBet = {
      game: game.code,
      type: t.betType,
      selection: t.selection,
      ...(t.unit === undefined ? {} : { unitDivisor: UNIT_DIVISORS[t.unit] }),
      ...(t.multiplier === undefined ? {} : { multiplier: t.multiplier }),
      prizeGroup: t.prizeGroup ?? memberGroup,
      memberGroup,
      ...(t.amount === undefined ? {} : { amountMinor: t.amount }),
      ...(t.points === undefined ? {} : { points: t.points }),
      ...(t.board === undefined ? {} : { board: t.board }),
    };
    if (t.board !== undefined) {
      const board = config.oddsBoards.find((b) => b.code === t.board);
      if (!board)
        throw new AppError('lottery.bet.invalid', undefined, {
          ticket: String(index),
          reason: 'unknown odds board',
        });
      if (t.boardVersion !== undefined && t.boardVersion !== board.version)
        throw new AppError('lottery.board.changed', undefined, {
          board: board.code,
          version: String(board.version),
        });
    }
    try {
      const quote = quoteBet(config, {
        ...bet,
        ...(t.boardVersion === undefined ? {} : { boardVersion: t.boardVersion }),
      });
      const multiple = parsed.maxMultiples.get(quote.type.code);
      const maxPayout = multiple ? (quote.stakeMinor * multiple.num) / multiple.den : 0n;
      return { request: t, bet, quote, maxPayout, key: selectionKey(t.selection), memberGroup };
    } catch (e) {
      if (e instanceof LotteryBetError)
        throw new AppError('lottery.bet.invalid', undefined, { ticket: String(index), reason: e.message });
      throw e;
    }
  }

  /**
   * Holds an issue on sale for the placement's transaction (a share lock of its row: placements
   * do not wait on each other, but closing or cancelling the issue waits for them, and a
   * placement after that sees it closed) and checks it is still on sale.
   */
  private async lockOnSale(tx: Queryable, issueId: number): Promise<void> {
    const [locked] = await queryRows<{ status: string; close_ms: unknown }>(
      tx,
      `SELECT status, (extract(epoch FROM sale_close_at) * 1000)::bigint AS close_ms FROM lottery_issues
       WHERE id = $1 FOR SHARE`,
      [issueId],
    );
    if (locked?.status !== 'open' || Number(locked.close_ms) <= this.deps.clock.now())
      throw new AppError('lottery.issue.closed');
  }

  /** Stores priced tickets as 'placing' (their debits come next), in one statement; their ids in order. */
  private async insertTickets(
    tx: Queryable,
    merchant: string,
    memberId: number,
    mode: 'real' | 'play',
    issueId: number,
    gameCode: string,
    drafts: Draft[],
    now: number,
    chaseId: number | null,
  ): Promise<number[]> {
    const params: unknown[] = [merchant, memberId, issueId, gameCode, mode, iso(now), chaseId];
    const values = drafts.map((d, n) => {
      const prizeGroup = d.quote.type.pricing === 'prizeGroup';
      const first = params.length;
      params.push(
        n,
        d.quote.type.code,
        JSON.stringify(d.request.selection),
        d.key,
        d.bet.unitDivisor ?? null,
        d.bet.multiplier ?? null,
        prizeGroup ? (d.bet.prizeGroup ?? null) : null,
        prizeGroup ? d.memberGroup : null,
        d.bet.amountMinor === undefined ? null : String(d.bet.amountMinor),
        d.bet.points ?? null,
        d.bet.board ?? null,
        d.request.boardVersion ?? null,
        d.quote.bets,
        String(d.quote.stakeMinor),
        String(d.maxPayout),
        placedPriceText(d.quote),
      );
      const p = (i: number) => `$${first + i}`;
      return `(${p(1)}::integer, ${p(2)}::text, ${p(3)}::jsonb, ${p(4)}::text, ${p(5)}::integer, ${p(6)}::integer,
        ${p(7)}::integer, ${p(8)}::integer, ${p(9)}::bigint, ${p(10)}::integer, ${p(11)}::text, ${p(12)}::integer,
        ${p(13)}::integer, ${p(14)}::bigint, ${p(15)}::bigint, ${p(16)}::jsonb)`;
    });
    const rows = await queryRows<{ id: unknown }>(
      tx,
      `INSERT INTO lottery_tickets (merchant, member_id, issue_id, game_code, mode, bet_type, selection, selection_key,
         unit_divisor, multiplier, prize_group, member_group, amount_minor, points, board, board_version, bets,
         stake_minor, max_payout_minor, placed_at, chase_id, placed_price)
       SELECT $1, $2, $3, $4, $5, v.bet_type, v.selection, v.selection_key, v.unit_divisor, v.multiplier,
         v.prize_group, v.member_group, v.amount_minor, v.points, v.board, v.board_version, v.bets, v.stake_minor,
         v.max_payout_minor, $6::timestamptz, $7::bigint, v.placed_price
       FROM (VALUES ${values.join(', ')}) AS v(n, bet_type, selection, selection_key, unit_divisor, multiplier,
         prize_group, member_group, amount_minor, points, board, board_version, bets, stake_minor, max_payout_minor,
         placed_price)
       ORDER BY v.n
       RETURNING id`,
      params,
    );
    // Ids come from the sequence in the order the rows went in, the drafts' order.
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  /**
   * The issue's limits per member and per selection, with the new tickets added. Placements on
   * one issue run side by side; what they must not do at once is each count the other's
   * tickets out: so the member's and each selection's lock of the issue (transaction advisory
   * locks, taken in one order) are held until the tickets are stored and committed.
   */
  private async checkLimits(
    tx: Queryable,
    config: LotteryConfig,
    issueId: number,
    memberId: number,
    drafts: { quote: { stakeMinor: bigint; type: { code: string } }; maxPayout: bigint; key: string }[],
  ): Promise<void> {
    const bySelection = new Map<string, { type: string; key: string; payout: bigint }>();
    for (const d of drafts) {
      const k = `${d.quote.type.code} ${d.key}`;
      const entry = bySelection.get(k) ?? { type: d.quote.type.code, key: d.key, payout: 0n };
      entry.payout += d.maxPayout;
      bySelection.set(k, entry);
    }
    const locks = [
      `lottery:${issueId}:member:${memberId}`,
      ...[...bySelection.keys()].map((k) => `lottery:${issueId}:${k}`),
    ];
    // A statement of its own: the sums below must be read after the locks are held.
    await queryRows(
      tx,
      `SELECT pg_advisory_xact_lock(k) FROM (
         SELECT DISTINCT hashtextextended(x, 0) AS k FROM jsonb_array_elements_text($1::jsonb) x ORDER BY 1) l`,
      [JSON.stringify(locks)],
    );
    const selections = [...bySelection.values()];
    const rows = await queryRows<{ n: number; stake: unknown; payout: unknown }>(
      tx,
      `SELECT -1 AS n, coalesce(sum(stake_minor), 0) AS stake, coalesce(sum(max_payout_minor), 0) AS payout
       FROM lottery_tickets WHERE issue_id = $1 AND member_id = $2 AND status IN ('placing', 'pending')
       UNION ALL
       SELECT s.n, 0, (SELECT coalesce(sum(max_payout_minor), 0) FROM lottery_tickets
         WHERE issue_id = $1 AND bet_type = s.type AND selection_key = s.key AND status IN ('placing', 'pending'))
       FROM jsonb_to_recordset($3::jsonb) AS s(n integer, type text, key text)`,
      [issueId, memberId, JSON.stringify(selections.map((x, n) => ({ n, type: x.type, key: x.key })))],
    );
    const mine = rows.find((r) => Number(r.n) === -1);
    const stake = drafts.reduce((s, d) => s + d.quote.stakeMinor, big(mine?.stake ?? 0));
    const payout = drafts.reduce((s, d) => s + d.maxPayout, big(mine?.payout ?? 0));
    if (stake > config.limits.maxStakePerIssueMinor)
      throw new AppError('lottery.limit.exceeded', undefined, { limit: 'stakePerIssue' });
    if (payout > config.limits.maxPayoutPerIssuePerMemberMinor)
      throw new AppError('lottery.limit.exceeded', undefined, { limit: 'payoutPerIssue' });
    for (const r of rows) {
      const n = Number(r.n);
      if (n < 0) continue;
      if (big(r.payout ?? 0) + selections[n]!.payout > config.limits.liabilityPerSelectionMinor)
        throw new AppError('lottery.limit.exceeded', undefined, { limit: 'selection', reason: 'sold out' });
    }
  }

  /**
   * The member's session at the lottery vendor for a game and mode: the one this process opened
   * before while it lasts, else a new one (a launch token exchanged by authenticate). `fresh`
   * forgets the one held (it was refused: expired, or ended by a sign-out).
   */
  private async sessionOf(
    client: VendorClient,
    merchant: string,
    memberId: number,
    mode: 'real' | 'play',
    gameCode: string,
    fresh = false,
  ): Promise<string | Refusal> {
    const key = `${merchant}\u0000${memberId}\u0000${mode}\u0000${gameCode}`;
    const held = fresh ? undefined : this.sessions.get(key);
    if (held) return held;
    this.sessions.delete(key);
    const token = await this.deps.vendors.issueLaunchToken({
      merchant,
      memberId,
      vassalage: LOTTERY_VENDOR,
      gameCode,
      mode,
      language: 'EN',
    });
    const session = await client.authenticate({ token });
    if (!isOk(session)) return session;
    if (this.sessions.size >= MAX_HELD_SESSIONS) this.sessions.clear();
    this.sessions.set(key, session.sessionToken);
    return session.sessionToken;
  }

  /**
   * Debits each placed ticket (its own round) in the member's session, then moves them to
   * pending in one statement; on a refusal every ticket of the bet is undone.
   */
  private async debit(
    merchant: MerchantState,
    memberId: number,
    mode: 'real' | 'play',
    gameCode: string,
    placed: { id: number; stakeMinor: bigint }[],
  ): Promise<LotteryBetReply> {
    const db = this.deps.database.db;
    const ids = placed.map((p) => p.id);
    const client = await this.client(merchant.code);
    const undo = async (refusal: Refusal | null) => {
      for (const id of ids) {
        await client.rollback({
          txId: refundTxOf(id),
          originalTxId: betTxOf(id),
          playerId: String(memberId),
          roundId: roundIdOf(id),
        });
        await queryRows(db, `DELETE FROM lottery_tickets WHERE id = $1 AND status = 'placing'`, [id]);
      }
      if (refusal?.code === 'INSUFFICIENT_FUNDS') throw new AppError('lottery.balance.not.enough');
      if (refusal?.code === 'INVALID_REQUEST') throw new AppError('request.invalid', refusal.message);
      throw new AppError('play.wallet.unavailable');
    };
    let balance = '0.00';
    const orders: { id: number; orderNo: string }[] = [];
    try {
      let session = await this.sessionOf(client, merchant.code, memberId, mode, gameCode);
      if (typeof session !== 'string') return await undo(session);
      for (const { id, stakeMinor } of placed) {
        const debit = (sessionToken: string) =>
          client.debit({
            sessionToken,
            txId: betTxOf(id),
            roundId: roundIdOf(id),
            amount: minorToDecimal(stakeMinor),
          });
        let reply = await debit(session);
        if (reply.code === 'INVALID_TOKEN' || reply.code === 'SESSION_EXPIRED') {
          // The session held has ended: nothing was recorded, so the debit goes again in a new one.
          session = await this.sessionOf(client, merchant.code, memberId, mode, gameCode, true);
          if (typeof session !== 'string') return await undo(session);
          reply = await debit(session);
        }
        if (!isOk(reply)) return await undo(reply);
        balance = reply.balance;
        orders.push({ id, orderNo: reply.orderNo });
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      return await undo(null);
    }
    const params: unknown[] = [];
    const values = orders.map((o) => {
      params.push(String(o.id), betTxOf(o.id), o.orderNo);
      const n = params.length;
      return `($${n - 2}::bigint, $${n - 1}::text, $${n}::text)`;
    });
    const rows = await queryRows<Record<string, unknown>>(
      db,
      `WITH t AS (
         UPDATE lottery_tickets t SET status = 'pending', bet_tx = v.bet_tx, order_no = v.order_no
         FROM (VALUES ${values.join(', ')}) AS v(id, bet_tx, order_no)
         WHERE t.id = v.id AND t.status = 'placing'
         RETURNING t.*
       )
       SELECT t.*, i.issue_no, ${TICKET_SELECT_TIMES} FROM t JOIN lottery_issues i ON i.id = t.issue_id ORDER BY t.id`,
      params,
    );
    return { tickets: rows.map(ticketReply), balance };
  }

  /** The member's tickets, newest first. */
  async tickets(
    merchantCode: string,
    memberId: number,
    q: { page: number; size: number; gameCode?: string | undefined; status?: string | undefined },
  ) {
    const where = `t.merchant = $1 AND t.member_id = $2 AND t.status <> 'placing'
      AND ($3::text IS NULL OR t.game_code = $3) AND ($4::text IS NULL OR t.status = $4)`;
    const params = [merchantCode, memberId, q.gameCode ?? null, q.status ?? null];
    const [count] = await queryRows<{ n: unknown }>(
      this.deps.database.db,
      `SELECT count(*) AS n FROM lottery_tickets t WHERE ${where}`,
      params,
    );
    const total = Number(count?.n ?? 0);
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT t.*, i.issue_no, ${TICKET_SELECT_TIMES} FROM lottery_tickets t JOIN lottery_issues i ON i.id = t.issue_id
       WHERE ${where} ORDER BY t.id DESC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
      params,
    );
    return {
      content: rows.map(ticketReply),
      pageNum: q.page,
      totalPages: Math.ceil(total / q.size),
      total,
    };
  }

  /** One of the member's tickets; another member's is unknown to them. */
  async ticket(merchantCode: string, memberId: number, ticketId: string): Promise<LotteryTicket> {
    const [row] = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT t.*, i.issue_no, ${TICKET_SELECT_TIMES} FROM lottery_tickets t JOIN lottery_issues i ON i.id = t.issue_id
       WHERE t.merchant = $1 AND t.member_id = $2 AND t.id = $3 AND t.status <> 'placing'`,
      [merchantCode, memberId, ticketId],
    );
    if (!row) throw new AppError('lottery.ticket.unknown');
    return ticketReply(row);
  }

  /**
   * The merchant's lottery configuration as the web reads it: for a signed-in member with their
   * own prize group, prizeGroups.default is that group (the one their slip prices and rebates at).
   */
  configFor(merchant: MerchantState, member: { lotteryPrizeGroup: number | null } | null) {
    const raw = merchant.config.lottery;
    const parsed = this.configOf(merchant);
    if (raw === undefined || !parsed) return { version: merchant.version, config: null };
    if (member?.lotteryPrizeGroup == null) return { version: merchant.version, config: raw };
    const groups = (raw as { prizeGroups?: object }).prizeGroups ?? {};
    const own = memberGroupOf(parsed.config, member.lotteryPrizeGroup);
    return {
      version: merchant.version,
      config: { ...(raw as object), prizeGroups: { ...groups, default: own } },
    };
  }

  // ——— operator ———

  /**
   * Sets a member's own prize group (null: back to the merchant's default); a group outside the
   * merchant's range is refused. Returns the group before and after.
   */
  async setPrizeGroup(merchantCode: string, account: string, group: number | null) {
    const merchant = await this.merchant(merchantCode);
    const parsed = this.configOf(merchant);
    if (!parsed) throw new AppError('ops.invalid', 'the merchant has no lottery');
    const { min, max } = parsed.config.prizeGroups;
    if (group !== null && (group < min || group > max))
      throw new AppError('ops.invalid', `the prize group is ${min} to ${max}`);
    const row = await findByAccount(this.deps.database.db, merchant.code, account);
    if (!row) throw new AppError('ops.invalid', `there is no member ${account}`);
    await queryRows(this.deps.database.db, 'UPDATE members SET lottery_prize_group = $2 WHERE id = $1', [
      row.id,
      group,
    ]);
    return {
      account: row.account,
      before: row.lotteryPrizeGroup,
      prizeGroup: group,
      playsAt: memberGroupOf(parsed.config, group),
    };
  }

  /** Issues of the merchant, newest draw first; the seed only of drawn ones. */
  async issuesForOps(
    merchantCode: string,
    q: { game?: string | undefined; status?: string | undefined; limit: number },
  ) {
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT ${ISSUE_COLUMNS}, CASE WHEN status IN ('drawn', 'settled') THEN seed END AS seed,
         (SELECT count(*) FROM lottery_tickets t WHERE t.issue_id = i.id AND t.status <> 'placing') AS tickets
       FROM lottery_issues i WHERE merchant = $1 AND ($2::text IS NULL OR game_code = $2)
         AND ($3::text IS NULL OR status = $3)
       ORDER BY draw_at DESC LIMIT ${q.limit}`,
      [merchantCode, q.game ?? null, q.status ?? null],
    );
    return rows.map((r) => ({
      gameCode: String(r.game_code),
      ...issueReply(issueOf(r)),
      tickets: Number(r.tickets),
      ...(r.seed ? { seed: String(r.seed), result: issueOf(r).result } : {}),
    }));
  }

  /** An issue's exposure: total stake and worst-case payout per selection, largest first. */
  async exposure(merchantCode: string, gameCode: string, issueNo: string) {
    const issue = await findIssue(this.deps.database.db, merchantCode, gameCode, issueNo);
    if (!issue) throw new AppError('ops.invalid', `there is no issue ${gameCode} ${issueNo}`);
    const rows = await queryRows<Record<string, unknown>>(
      this.deps.database.db,
      `SELECT bet_type, selection_key, count(*) AS tickets, sum(stake_minor) AS stake, sum(max_payout_minor) AS worst
       FROM lottery_tickets WHERE issue_id = $1 AND status IN ('placing', 'pending', 'won', 'lost', 'refunded')
       GROUP BY bet_type, selection_key ORDER BY sum(max_payout_minor) DESC, bet_type, selection_key`,
      [issue.id],
    );
    const selections = rows.map((r) => ({
      betType: String(r.bet_type),
      selection: String(r.selection_key),
      tickets: Number(r.tickets),
      stake: minorToDecimal(big(r.stake)),
      worstCasePayout: minorToDecimal(big(r.worst)),
    }));
    const total = rows.reduce((s, r) => s + big(r.stake), 0n);
    return { gameCode, issueNo, status: issue.status, totalStake: minorToDecimal(total), selections };
  }
}

const TICKET_SELECT_TIMES = `(extract(epoch FROM t.placed_at) * 1000)::bigint AS placed_ms,
  (extract(epoch FROM t.settled_at) * 1000)::bigint AS settled_ms`;

function issueReply(i: IssueRow) {
  return {
    issueNo: i.issueNo,
    saleOpenAt: iso(i.saleOpenAt),
    saleCloseAt: iso(i.saleCloseAt),
    drawAt: iso(i.drawAt),
    status: i.status,
    seedHash: i.seedHash,
  };
}

function ticketReply(r: Record<string, unknown>): LotteryTicket {
  const t = ticketOf(r);
  return {
    ticketId: String(t.id),
    gameCode: t.gameCode,
    issueNo: String(r.issue_no),
    betType: t.betType,
    selection: t.selection,
    bets: t.bets,
    stake: minorToDecimal(t.stakeMinor),
    payout: minorToDecimal(t.payoutMinor),
    rebate: minorToDecimal(t.rebateMinor),
    status: t.status === 'placing' ? 'pending' : t.status,
    cancelReason: t.cancelReason,
    chaseId: t.chaseId === null ? null : String(t.chaseId),
    placedAt: iso(t.placedAt),
    settledAt: t.settledAt === null ? null : iso(t.settledAt),
  };
}
