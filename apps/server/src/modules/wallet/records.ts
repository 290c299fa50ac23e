import {
  type consolidatedFundsSchema,
  minorToDecimal,
  type TransactionRow,
  TX_TYPE_IDS,
  type transactionsQuerySchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { requireRealAccount } from '../security/settings.ts';
import { findRecords } from './records-repository.ts';

type TransactionsQuery = z.output<typeof transactionsQuerySchema>;
type ConsolidatedFunds = z.input<typeof consolidatedFundsSchema>;

/** The largest time a Date holds (ms); past it a range is not a time. */
const MAX_TIME_MS = 8_640_000_000_000_000;

/**
 * What a member reads of its own money: the account record (transactionHistory) and the
 * consolidated contract info. Always the signed-in member's own; nothing names another
 * member's accounts.
 */
export class AccountRecords {
  constructor(private readonly database: Database) {}

  /**
   * The member's movements on its main, hold, agent and game wallets from startTime to
   * endTime (epoch ms, both included), newest first: each entry's signed amount, the wallet's
   * balance after it, the transaction type and the transfer's memo as the remark.
   */
  async transactions(merchant: MerchantState, member: MemberRow, query: TransactionsQuery) {
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
      kinds,
      limit: size,
      offset: (page - 1) * size,
    });
    return {
      content: rows.map(
        (r): TransactionRow => ({
          transferId: r.transferId,
          txTimeInTimestamp: r.createdAt.getTime(),
          amount: minorToDecimal(r.amountMinor),
          balanceAfter: minorToDecimal(r.balanceAfterMinor),
          txTypeId: r.kind,
          wallet: r.wallet,
          remark: r.memo,
        }),
      ),
      pageNum: page,
      totalPages: Math.ceil(total / size),
      total,
    };
  }

  /** The member's contracts by kind; there are no contracts yet, so every list is empty. */
  consolidatedFunds(merchant: MerchantState, member: MemberRow): ConsolidatedFunds {
    requireRealAccount(merchant, member);
    return { dailysalreqtype: [], divtypereq: [], contracthoursalreqs: [], realtimesalreqtype: [] };
  }
}
