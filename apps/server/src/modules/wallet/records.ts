import {
  type consolidatedFundsSchema,
  type Language,
  minorToDecimal,
  type TransactionRow,
  TX_TYPE,
  TX_TYPE_IDS,
  type transactionsQuerySchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { requireRealAccount } from '../accounts/index.ts';
import type { GameDirectory } from './game-directory.ts';
import { findRecords, type RecordRow, roundTimes } from './records-repository.ts';

type TransactionsQuery = z.output<typeof transactionsQuerySchema>;
type ConsolidatedFunds = z.input<typeof consolidatedFundsSchema>;

/**
 * The member's side of a withdrawal is the money set aside on request (hold) and, when the
 * withdrawal is rejected, the money set back (release): its payout moves the hold, no wallet of
 * the record. So a filter on withdrawals finds them.
 */
function withWithdrawalSide(kinds: number[]): number[] {
  return kinds.includes(TX_TYPE.withdrawal) ? [...new Set([...kinds, TX_TYPE.hold, TX_TYPE.release])] : kinds;
}

/** The largest time a Date holds (ms); past it a range is not a time. */
const MAX_TIME_MS = 8_640_000_000_000_000;

/**
 * What a member reads of its own money: the account record (transactionHistory) and the
 * consolidated contract info. Always the signed-in member's own; nothing names another
 * member's accounts.
 */
/** The pending contract requests of a member, by kind (the agents module answers it). */
export type ContractRequests = (merchant: MerchantState, member: MemberRow) => Promise<ConsolidatedFunds>;

export class AccountRecords {
  private contractRequests: ContractRequests | null = null;

  constructor(
    private readonly database: Database,
    private readonly games: GameDirectory,
  ) {}

  /** Where the consolidated contract info comes from (set once the agents module is installed). */
  useContractRequests(requests: ContractRequests): void {
    this.contractRequests = requests;
  }

  /**
   * The member's movements on its main, hold, agent and game wallets from startTime to
   * endTime (epoch ms, both included), newest first: each entry's signed amount, the wallet's
   * balance after it, the transaction type and the transfer's memo as the remark.
   */
  async transactions(
    merchant: MerchantState,
    member: MemberRow,
    query: TransactionsQuery,
    language: Language = 'EN',
  ) {
    requireRealAccount(merchant, member);
    const { startTime, endTime, page, size } = query;
    if (startTime > MAX_TIME_MS || endTime > MAX_TIME_MS) {
      throw new AppError('request.invalid', undefined, { endTime: 'not a time' });
    }
    if (endTime < startTime) {
      throw new AppError('request.invalid', undefined, { endTime: 'before startTime' });
    }
    const kinds = query.txTypeIds ? [...new Set(query.txTypeIds.split(',').map(Number))] : null;
    if (kinds?.some((k) => !TX_TYPE_IDS.has(k))) {
      throw new AppError('request.invalid', undefined, { txTypeIds: 'unknown transaction type' });
    }
    const { rows, total } = await findRecords(this.database.db, {
      merchant: merchant.code,
      memberId: member.id,
      from: new Date(startTime),
      to: new Date(endTime),
      kinds: kinds && withWithdrawalSide(kinds),
      limit: size,
      offset: (page - 1) * size,
    });
    const args = await this.remarkArgs(merchant, member.id, rows, language);
    return {
      content: rows.map(
        (r, i): TransactionRow => ({
          transferId: r.transferId,
          txTimeInTimestamp: r.createdAt.getTime(),
          amount: minorToDecimal(r.amountMinor),
          balanceAfter: minorToDecimal(r.balanceAfterMinor),
          txTypeId: r.kind,
          wallet: r.wallet,
          remark: r.memo,
          ...(args[i] ? { remarkArgs: args[i] } : {}),
        }),
      ),
      pageNum: page,
      totalPages: Math.ceil(total / size),
      total,
    };
  }

  /**
   * What each row's sentence names: a bet or win its game (by name) and the time its round
   * settled, never the round's id; a game-wallet transfer the vendor's wallet by name.
   */
  private async remarkArgs(
    merchant: MerchantState,
    memberId: number,
    rows: readonly RecordRow[],
    language: Language,
  ): Promise<(Record<string, string | number> | null)[]> {
    // The seamless wallet's memo: "<vendor> <game code> <round id>".
    const rounds = rows.map((r) => {
      if (r.kind !== TX_TYPE.bet && r.kind !== TX_TYPE.win) return null;
      const [vendor, gameCode, roundId] = (r.memo ?? '').split(' ');
      return vendor && gameCode && roundId ? { vendor, gameCode, roundId } : null;
    });
    const times = await roundTimes(
      this.database.db,
      merchant.code,
      memberId,
      rounds.filter((x) => x !== null),
    );
    const vendorName = (code: string) => this.games.vendorName(merchant, code) ?? code;
    return rows.map((r, i): Record<string, string | number> | null => {
      const round = rounds[i];
      if (round) {
        return {
          game: this.games.gameName(merchant, round.vendor, round.gameCode, language) ?? round.gameCode,
          time: times.get(`${round.vendor} ${round.roundId}`) ?? r.createdAt.getTime(),
        };
      }
      if (r.kind === TX_TYPE.transferToGame || r.kind === TX_TYPE.transferFromGame) {
        const vendor = r.wallet.startsWith('VENDOR:')
          ? r.wallet.slice('VENDOR:'.length)
          : ((r.memo ?? '').split(' → ').find((w) => w !== 'MAIN') ?? '');
        return { wallet: vendorName(vendor) };
      }
      return null;
    });
  }

  /**
   * The member's pending contract requests by kind (offers to it, terminations asked of it): an
   * agent's from its contracts, empty lists for anyone else.
   */
  async consolidatedFunds(merchant: MerchantState, member: MemberRow): Promise<ConsolidatedFunds> {
    requireRealAccount(merchant, member);
    if (this.contractRequests) return this.contractRequests(merchant, member);
    return { dailysalreqtype: [], divtypereq: [], contracthoursalreqs: [], realtimesalreqtype: [] };
  }
}
