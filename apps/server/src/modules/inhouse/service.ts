import {
  BACCARAT_BETS,
  type BaccaratRound,
  type DiceRound,
  type FairState,
  type GameConfig,
  type InhouseEngine,
  isLanguage,
  minorToDecimal,
  nodeIdOf,
  type PlaySession as PlaySessionReply,
  type PlinkoRound,
  parseMoney,
  type SlotRound,
} from '@aurum/contract';
import type { PlinkoRisk, PlinkoRows, WordSource } from '@aurum/games';
import type { Clock } from '../../platform/clock.ts';
import { TOKEN_PATTERN } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { isOk, type VendorClient, type Vendors } from '../vendor/index.ts';
import { type BetPlan, Bets, ownerOf } from './bets.ts';
import { checkStake, STAKE_LIMITS } from './limits.ts';
import {
  type BaccaratDetail,
  type CompactSlotDetail,
  checkDiceBet,
  type DiceDetail,
  expandSlotDetail,
  type PlayedRound,
  type PlinkoDetail,
  playBaccarat,
  playDice,
  playPlinko,
  playSlot,
  type SlotDetail,
  slotRecord,
} from './rounds.ts';
import { FairSeeds, type RevealedPair } from './seeds.ts';
import { type PlaySession, PlaySessions } from './sessions.ts';

/** The game server's collaborators; the randomness is injected so tests can fix an outcome. */
export interface InhouseDeps {
  database: Database;
  vendors: Vendors;
  clock: Clock;
  /** Where slot and baccarat outcomes come from: the CSPRNG (tests fix it to know an outcome). */
  words: WordSource;
  /** A new server seed, 64 hex characters of the CSPRNG. */
  newServerSeed: () => string;
}

/** The engines whose rounds are provably fair (drawn from the player's seed pair). */
const FAIR_ENGINES: ReadonlySet<InhouseEngine> = new Set(['dice', 'plinko']);

type BaccaratStakes = Partial<Record<(typeof BACCARAT_BETS)[number], bigint>>;

/** The fair state after a bet: the same pair, the next nonce. */
const nextFair = (d: { serverSeedHash: string; clientSeed: string; nonce: number }): FairState => ({
  serverSeedHash: d.serverSeedHash,
  clientSeed: d.clientSeed,
  nonce: d.nonce + 1,
});

/**
 * The in-house vendor's game server: it opens a play session from a launch token, plays the
 * four engines and keeps the players' seed pairs. It is a vendor like any other: every balance
 * and every round goes through the platform's seamless-wallet protocol (the in-process
 * transport, signed as an external vendor's call is).
 */
export class InhouseGames {
  readonly sessions: PlaySessions;
  readonly seeds: FairSeeds;
  private readonly bets: Bets;

  constructor(private readonly deps: InhouseDeps) {
    this.sessions = new PlaySessions(deps.database, deps.clock);
    this.seeds = new FairSeeds(deps.database, deps.clock, deps.newServerSeed);
    this.bets = new Bets({ database: deps.database, sessions: this.sessions, seeds: this.seeds });
  }

  /** Exchanges the launch token of the game URL for a play session of its game. */
  async open(merchant: MerchantState, token: string): Promise<PlaySessionReply> {
    const { vendor, reply } = await this.authenticate(merchant, token);
    const game = gameOf(merchant, vendor, reply.gameCode);
    // A game the operator switched off opens no new play (and an open session plays no new round).
    if (game.disabled) throw new AppError('game.unknown');
    const language = isLanguage(reply.language) ? reply.language : merchant.config.brand.defaultLang;
    const { sessionId, session } = await this.sessions.create({
      merchant: merchant.code,
      vendor,
      playerId: reply.playerId,
      gameCode: reply.gameCode,
      mode: reply.mode,
      language,
      currency: reply.currency,
      vendorSession: reply.sessionToken,
    });
    const { engine } = game;
    const limits = STAKE_LIMITS[engine];
    const { brand } = merchant.config;
    return {
      sessionId,
      game: {
        nodeId: nodeIdOf(vendor, game.gameCode),
        gameCode: game.gameCode,
        engine,
        name: game.names[language] ?? game.names.EN!,
      },
      mode: reply.mode,
      language,
      currency: reply.currency,
      currencySymbol: brand.currency === reply.currency ? brand.currencySymbol : reply.currency,
      balance: reply.balance,
      minStake: minorToDecimal(limits.minMinor),
      maxStake: minorToDecimal(limits.maxMinor),
      fair: FAIR_ENGINES.has(engine) ? await this.seeds.state(ownerOf(session)) : null,
    };
  }

  /**
   * The wallet's authenticate of a launch token. The token names neither its vendor nor its
   * game: each in-house vendor of the merchant asks in turn (a vendor's authenticate consumes
   * only its own tokens), and the answer says which game it opens.
   */
  private async authenticate(merchant: MerchantState, token: string) {
    if (!TOKEN_PATTERN.test(token)) throw new AppError('play.launch.invalid');
    for (const { vassalage, provider } of merchant.config.vendors) {
      if (provider !== 'INHOUSE') continue;
      const client = await this.deps.vendors.clientFor(merchant.code, vassalage);
      const reply = await this.bets.call(() => client.authenticate({ token }));
      if (isOk(reply)) return { vendor: vassalage, reply };
      if (reply.code === 'INVALID_REQUEST') throw new AppError('play.launch.invalid');
      if (reply.code !== 'INVALID_TOKEN') throw new AppError('play.wallet.unavailable');
    }
    throw new AppError('play.launch.invalid');
  }

  /** The balance the session plays from (play money in free play), as the wallet answers it. */
  async balance(merchant: MerchantState, sessionId: unknown): Promise<{ balance: string }> {
    const session = await this.sessions.resolve(merchant.code, sessionId);
    const client = await this.clientOf(session);
    const reply = await this.bets.call(() => client.balance({ sessionToken: session.vendorSession }));
    if (!isOk(reply)) throw await this.bets.refused(session, reply);
    return { balance: reply.balance };
  }

  /** A paid spin and its free spins, from the CSPRNG; stakes in steps of 0.20. */
  async slot(
    merchant: MerchantState,
    sessionId: unknown,
    body: { stake: bigint; requestId: string },
  ): Promise<SlotRound> {
    const session = await this.sessionFor(merchant, sessionId, 'slot');
    checkStake('slot', body.stake);
    const plan = new SlotPlan(body.requestId, body.stake, this.deps.words);
    const settled = await this.bets.play<SlotDetail>(session, await this.clientOf(session), plan);
    return { orderNo: settled.orderNo, ...settled.detail, balance: settled.balance };
  }

  /** One deal from a fresh 8-deck shoe settling every placed bet spot (each within the limits). */
  async baccarat(
    merchant: MerchantState,
    sessionId: unknown,
    body: { bets: BaccaratStakes; requestId: string },
  ): Promise<BaccaratRound> {
    const session = await this.sessionFor(merchant, sessionId, 'baccarat');
    const placed = BACCARAT_BETS.filter((bet) => body.bets[bet] !== undefined);
    for (const bet of placed) checkStake('baccarat', body.bets[bet]!, `bets.${bet}`);
    const asked = placed.map((bet) => `${bet}=${minorToDecimal(body.bets[bet]!)}`).join(',');
    const settled = await this.bets.play<BaccaratDetail>(session, await this.clientOf(session), {
      requestId: body.requestId,
      fair: false,
      play: () => playBaccarat(body.bets, this.deps.words),
      sameRequest: (d) => d.bets.map((b) => `${b.bet}=${b.stake}`).join(',') === asked,
    });
    return { orderNo: settled.orderNo, ...settled.detail, balance: settled.balance };
  }

  /** A provably-fair roll from the player's seed pair and the bet's nonce. */
  async dice(
    merchant: MerchantState,
    sessionId: unknown,
    body: { stake: bigint; target: number; direction: 'over' | 'under'; requestId: string },
  ): Promise<DiceRound> {
    const session = await this.sessionFor(merchant, sessionId, 'dice');
    checkStake('dice', body.stake);
    checkDiceBet(body.target, body.direction);
    const bet = { stakeMinor: body.stake, target: body.target, direction: body.direction };
    const settled = await this.bets.play<DiceDetail>(session, await this.clientOf(session), {
      requestId: body.requestId,
      fair: true,
      play: (draw) => playDice(bet, draw!),
      sameRequest: (d) =>
        d.stake === minorToDecimal(body.stake) && d.target === body.target && d.direction === body.direction,
    });
    return {
      orderNo: settled.orderNo,
      ...settled.detail,
      balance: settled.balance,
      fair: nextFair(settled.detail),
    };
  }

  /** A provably-fair drop, one fair bit per row. */
  async plinko(
    merchant: MerchantState,
    sessionId: unknown,
    body: { stake: bigint; rows: PlinkoRows; risk: PlinkoRisk; requestId: string },
  ): Promise<PlinkoRound> {
    const session = await this.sessionFor(merchant, sessionId, 'plinko');
    checkStake('plinko', body.stake);
    const bet = { stakeMinor: body.stake, rows: body.rows, risk: body.risk };
    const settled = await this.bets.play<PlinkoDetail>(session, await this.clientOf(session), {
      requestId: body.requestId,
      fair: true,
      play: (draw) => playPlinko(bet, draw!),
      sameRequest: (d) =>
        d.stake === minorToDecimal(body.stake) && d.rows === body.rows && d.risk === body.risk,
    });
    return {
      orderNo: settled.orderNo,
      ...settled.detail,
      balance: settled.balance,
      fair: nextFair(settled.detail),
    };
  }

  /** The player's current seed pair: the server seed's hash, the client seed, the next nonce. */
  async fair(merchant: MerchantState, sessionId: unknown): Promise<FairState> {
    const session = await this.fairSession(merchant, sessionId);
    return this.seeds.state(ownerOf(session));
  }

  /** Sets the player's client seed; it applies from the next bet. */
  async clientSeed(merchant: MerchantState, sessionId: unknown, clientSeed: string): Promise<FairState> {
    const session = await this.fairSession(merchant, sessionId);
    return this.seeds.setClientSeed(ownerOf(session), clientSeed);
  }

  /** Reveals the current server seed and commits to a new one (nonce back to 0). */
  async rotate(
    merchant: MerchantState,
    sessionId: unknown,
  ): Promise<{ previous: RevealedPair; current: FairState }> {
    const session = await this.fairSession(merchant, sessionId);
    return this.seeds.rotate(ownerOf(session));
  }

  private clientOf(session: PlaySession): Promise<VendorClient> {
    return this.deps.vendors.clientFor(session.merchant, session.vendor);
  }

  /** The live session, refused when its game is not played by `engine`. */
  private async sessionFor(merchant: MerchantState, sessionId: unknown, engine: InhouseEngine) {
    const session = await this.sessions.resolve(merchant.code, sessionId);
    const game = gameOf(merchant, session.vendor, session.gameCode);
    if (game.engine !== engine) throw new AppError('play.game.mismatch');
    // Switched off by the operator since the session opened: no new round (the rounds played
    // before are settled; the balance still answers).
    if (game.disabled) throw new AppError('play.game.closed');
    return session;
  }

  /** The live session of a provably-fair game (seeds mean nothing to the others). */
  private async fairSession(merchant: MerchantState, sessionId: unknown) {
    const session = await this.sessions.resolve(merchant.code, sessionId);
    const { engine } = gameOf(merchant, session.vendor, session.gameCode);
    if (!engine || !FAIR_ENGINES.has(engine)) throw new AppError('play.game.mismatch');
    return session;
  }
}

/**
 * A slot spin's plan. A class, so that a spin makes no functions: the server runs through tsx,
 * whose output names each function made in a call with a defineProperty (keepNames).
 */
class SlotPlan implements BetPlan<SlotDetail> {
  readonly fair = false;

  constructor(
    readonly requestId: string,
    private readonly stake: bigint,
    private readonly words: WordSource,
  ) {}

  play(): PlayedRound<SlotDetail> {
    return playSlot(this.stake, this.words);
  }

  record(detail: SlotDetail): SlotDetail | CompactSlotDetail {
    return slotRecord(detail);
  }

  restore(stored: unknown): SlotDetail {
    const detail = stored as SlotDetail | CompactSlotDetail;
    return expandSlotDetail(detail, parseMoney(detail.stake) ?? 0n);
  }

  sameRequest(detail: SlotDetail): boolean {
    return detail.stake === minorToDecimal(this.stake);
  }
}

/** The in-house game of the catalogue, with its engine; game.unknown when it is not (any more). */
function gameOf(
  merchant: MerchantState,
  vassalage: string,
  gameCode: string,
): GameConfig & { engine: InhouseEngine } {
  const game = merchant.config.games.find((g) => g.vassalage === vassalage && g.gameCode === gameCode);
  if (!game?.engine) throw new AppError('game.unknown');
  return game as GameConfig & { engine: InhouseEngine };
}
