import { minorToDecimal } from '@aurum/contract';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { SqlRunner } from '../../platform/sql.ts';
import { isOk, type Refusal, SeamlessTransportError, type VendorClient } from '../vendor/index.ts';
import { endsSession, refusalError } from './refusals.ts';
import { findStoredRound } from './repository.ts';
import type { PlayedRound } from './rounds.ts';
import type { FairSeeds, SeedOwner, TakenSeed } from './seeds.ts';
import type { PlaySession, PlaySessions } from './sessions.ts';

/** How one kind of bet is played: the service makes one per request. */
export interface BetPlan<D> {
  /** The client's id of the bet: a retry with the same id answers the first round. */
  requestId: string;
  /** Provably fair: the outcome comes from the player's seed pair and the bet's nonce. */
  fair: boolean;
  /** Draws the outcome (a fair bet gets the seed pair and nonce taken for it). */
  play(draw: TakenSeed | null): PlayedRound<D>;
  /** What the round is recorded with; the detail itself unless given. */
  record?(detail: D): unknown;
  /** A recorded round's detail back in full; as stored unless given. */
  restore?(stored: unknown): D;
  /** Whether a recorded round answers this request (a retry must ask for the same bet). */
  sameRequest(detail: D): boolean;
}

/** A settled bet: its detail, the order number the member's records show, the balance after. */
export interface SettledBet<D> {
  detail: D;
  orderNo: string;
  balance: string;
}

/** The wallet's round id (and settle's txId) of a bet: the session and the client's id, hashed. */
export const roundIdOf = (session: PlaySession, requestId: string) =>
  sha256Hex(`${session.idHash}:${requestId}`).slice(0, 40);

/** Whose seed pair a session's fair bets draw from: the player, at the session's vendor. */
export const ownerOf = (session: PlaySession): SeedOwner => ({
  merchant: session.merchant,
  vendor: session.vendor,
  playerId: session.playerId,
});

/** The session and seed stores a bet reads and writes, and the database its record is read from. */
export interface BetsDeps {
  database: Database;
  sessions: PlaySessions;
  seeds: FairSeeds;
}

/**
 * Plays bets through the seamless-wallet protocol, as any vendor would: draw the outcome, then
 * one settle (bet, win, detail and fair proof) whose txId comes from the session and the
 * client's request id. A retry of a request therefore meets its first settle: the wallet
 * refuses the new draw as a duplicate, and the first round is answered from its record, so money
 * moves once and the player sees one outcome.
 */
export class Bets {
  private readonly runner: SqlRunner;

  constructor(private readonly deps: BetsDeps) {
    this.runner = new SqlRunner(deps.database);
  }

  /** Plays one bet of the session, or answers the first round of its request id. */
  async play<D>(session: PlaySession, client: VendorClient, plan: BetPlan<D>): Promise<SettledBet<D>> {
    const roundId = roundIdOf(session, plan.requestId);
    const owner = ownerOf(session);
    let draw: TakenSeed | null = null;
    if (plan.fair) {
      draw = await this.deps.seeds.take(owner, roundId);
      if (!draw) return this.replay(session, roundId, plan);
    }
    const played = plan.play(draw);
    const reply = await this.call(() =>
      client.settle({
        sessionToken: session.vendorSession,
        txId: roundId,
        roundId,
        bet: minorToDecimal(played.betMinor),
        win: minorToDecimal(played.winMinor),
        detail: plan.record ? plan.record(played.detail) : played.detail,
        ...(draw
          ? { fair: { serverSeedHash: draw.serverSeedHash, clientSeed: draw.clientSeed, nonce: draw.nonce } }
          : {}),
      }),
    );
    if (!isOk(reply)) {
      if (reply.code === 'DUPLICATE_TRANSACTION') return this.replay(session, roundId, plan);
      throw await this.refused(session, reply);
    }
    if (draw) await this.deps.seeds.revealIfRotated(owner, draw.seedId, roundId);
    return { detail: played.detail, orderNo: reply.orderNo, balance: reply.balance };
  }

  /** A protocol call: a transport failure is the wallet being unavailable. */
  async call<T extends { code: 'OK' }>(fn: () => Promise<T | Refusal>): Promise<T | Refusal> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof SeamlessTransportError) throw new AppError('play.wallet.unavailable');
      throw e;
    }
  }

  /** The play API's error for a refusal; a refusal that ends the wallet's session ends this one. */
  async refused(session: PlaySession, refusal: Refusal): Promise<AppError> {
    if (endsSession(refusal)) await this.deps.sessions.end(session);
    return refusalError(refusal);
  }

  /** The first round of a request id, if the request asks for the same bet. */
  private async replay<D>(session: PlaySession, roundId: string, plan: BetPlan<D>): Promise<SettledBet<D>> {
    const stored = await findStoredRound(this.runner, this.deps.database.db, {
      merchant: session.merchant,
      vendor: session.vendor,
      roundId,
    });
    if (!stored || stored.playerId !== session.playerId) throw new AppError('play.wallet.unavailable');
    const detail = plan.restore ? plan.restore(stored.detail) : (stored.detail as D);
    if (!plan.sameRequest(detail)) throw new AppError('idempotency.conflict');
    return { detail, orderNo: stored.orderNo, balance: minorToDecimal(stored.balanceAfterMinor) };
  }
}
