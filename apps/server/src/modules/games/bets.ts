import {
  type BetRow,
  type betRecordsQuerySchema,
  type betRecordsSchema,
  type FairProof,
  fairProofSchema,
  type Language,
  minorToDecimal,
  nodeIdOf,
  type Recall,
} from '@aurum/contract';
import { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import { DAY_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { isTrialType } from '../accounts/index.ts';
import { type Catalogue, catalogueOf, gameName } from './catalogue.ts';
import { findBets, findRound, type RoundRow } from './rounds-repository.ts';

type BetRecordsQuery = z.output<typeof betRecordsQuerySchema>;
type BetRecords = z.input<typeof betRecordsSchema>;

/** The longest range one betting-record query covers. */
export const BET_RANGE_MAX_MS = 90 * DAY_MS;
/** The largest time a Date holds (ms); past it a range is not a time. */
const MAX_TIME_MS = 8_640_000_000_000_000;

/** A stored proof as the vendor sent it; the server seed only once the vendor revealed it. */
const storedFairSchema = z.object({
  serverSeedHash: z.string(),
  serverSeed: z.string().nullish(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

/**
 * The member's betting record (personalHistoryCopy) and the recall of one round. Always the
 * signed-in member's own rounds: real-money rounds for members, play-money rounds for trial
 * accounts.
 */
export class BetRecordsService {
  constructor(private readonly database: Database) {}

  /**
   * The rounds opened from startDate to endDate (epoch ms, both included, at most 90 days),
   * newest first, of every category (ALL) or of one (the game's vendor's category, derived
   * categories applied; RNG takes in INHOUSE as the lobby does), with totals of the whole range:
   * bets of rounds not cancelled, valid bets and wins of settled rounds, and their profit and loss.
   */
  async records(
    merchant: MerchantState,
    member: MemberRow,
    query: BetRecordsQuery,
    language: Language,
  ): Promise<BetRecords> {
    const { startDate, endDate, page, size } = query;
    if (startDate > MAX_TIME_MS || endDate > MAX_TIME_MS) {
      throw new AppError('request.invalid', undefined, { endDate: 'not a time' });
    }
    if (endDate < startDate)
      throw new AppError('request.invalid', undefined, { endDate: 'before startDate' });
    if (endDate - startDate > BET_RANGE_MAX_MS) {
      throw new AppError('request.invalid', undefined, { endDate: 'more than 90 days after startDate' });
    }
    const catalogue = catalogueOf(merchant);
    const lang = query.language ?? language;
    const { rows, totals } = await findBets(this.database.db, {
      merchant: merchant.code,
      memberId: member.id,
      mode: isTrialType(merchant, member.type) ? 'play' : 'real',
      from: new Date(startDate),
      to: new Date(endDate),
      vendors: query.accountType === 'ALL' ? null : catalogue.vendorCodes(query.accountType),
      limit: size,
      offset: (page - 1) * size,
    });
    return {
      content: rows.map((r) => presentBet(catalogue, r, lang)),
      pageNum: page,
      totalPages: Math.ceil(totals.rounds / size),
      total: totals.rounds,
      totals: {
        betAmount: minorToDecimal(totals.betMinor),
        validBetAmount: minorToDecimal(totals.validBetMinor),
        winAmount: minorToDecimal(totals.winMinor),
        profitAndLoss: minorToDecimal(totals.winMinor - totals.validBetMinor),
      },
    };
  }

  /** One of the member's own rounds with what was played and its fairness proof. */
  async recall(
    merchant: MerchantState,
    member: MemberRow,
    orderNo: string,
    language: Language,
  ): Promise<Recall> {
    const round = await findRound(this.database.db, merchant.code, member.id, orderNo);
    if (!round) throw new AppError('bet.not.found');
    const catalogue = catalogueOf(merchant);
    const money = (minor: bigint | null) => (minor === null ? null : minorToDecimal(minor));
    return {
      round: presentBet(catalogue, round, language),
      engine: catalogue.gameOf(round.vendor, round.gameCode)?.game.engine ?? null,
      balanceBefore: money(round.balanceBeforeMinor),
      balanceAfter: money(round.balanceAfterMinor),
      detail: round.detail,
      fair: fairProof(round.fair),
    };
  }
}

/**
 * A round as the record shows it. Only a settled round has a valid bet and a profit or loss; a
 * game the catalogue no longer has shows its code as its name, and a vendor the merchant no
 * longer lists counts as RNG.
 */
function presentBet(catalogue: Catalogue, r: RoundRow, language: Language): BetRow {
  const entry = catalogue.gameOf(r.vendor, r.gameCode);
  const settled = r.status === 'settled';
  return {
    orderNo: r.orderNo,
    betTimeInTimestamp: r.openedAt,
    betAmount: minorToDecimal(r.betMinor),
    validBetAmount: minorToDecimal(settled ? r.betMinor : 0n),
    winAmount: minorToDecimal(r.winMinor),
    profitAndLoss: minorToDecimal(settled ? r.winMinor - r.betMinor : 0n),
    gameName: entry ? gameName(entry.game, language) : r.gameCode,
    gameType: catalogue.vendor(r.vendor)?.category ?? 'RNG',
    nodeId: nodeIdOf(r.vendor, r.gameCode),
    status: r.status,
    mode: r.mode,
  };
}

/** The stored proof in the reply's shape, or null when the round has none (or a malformed one). */
function fairProof(stored: unknown): FairProof | null {
  const parsed = storedFairSchema.safeParse(stored);
  if (!parsed.success) return null;
  return fairProofSchema.parse({ ...parsed.data, serverSeed: parsed.data.serverSeed ?? null });
}
