import { randomBytes } from 'node:crypto';
import { TX_TYPE } from '@aurum/contract';
import type { Database } from '../../platform/db.ts';
import { insertMember } from '../accounts/index.ts';
import { HOUSE_ADJUST, memberAccount, systemAccount } from './accounts.ts';
import type { Ledger } from './ledger.ts';

/**
 * Members for ledger tests and the ledger benchmark: no password (they never sign in), each
 * funded from HOUSE:ADJUST when `fundMinor` is given. Returns their ids.
 */
export async function createFundedMembers(
  database: Database,
  ledger: Ledger,
  opts: { merchant: string; count: number; fundMinor?: bigint; type?: number },
): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const ids: number[] = [];
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < opts.count; i++) {
      const m = await insertMember(tx, {
        merchantCode: opts.merchant,
        account: `lt${tag}${i}`,
        userName: `lt${tag}${i}`,
        type: opts.type ?? 0,
        language: 'EN',
        createdAt: new Date(),
      });
      ids.push(m.id);
    }
  });
  if (opts.fundMinor) {
    for (const memberId of ids) {
      await ledger.move({
        merchant: opts.merchant,
        from: systemAccount(HOUSE_ADJUST),
        to: memberAccount(memberId),
        amountMinor: opts.fundMinor,
        kind: TX_TYPE.adjustment,
        idempotencyKey: `fund-${tag}-${memberId}`,
        actor: 'test',
      });
    }
  }
  return ids;
}
