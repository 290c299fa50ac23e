import type { Database } from '../../platform/db.ts';
import type { EventLoader } from '../../platform/events.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findById } from '../accounts/index.ts';
import { type Ledger, WalletService } from '../wallet/index.ts';

export const BALANCE_EVENT = 'balance';

/** The balance event: the same reply as GET /wps/v2/wallets/balance, read where it is delivered. */
export function balanceLoader(database: Database, store: MerchantStore, ledger: Ledger): EventLoader {
  const wallet = new WalletService(database, ledger);
  return async (merchantCode, memberId) => {
    const merchant = await store.get(merchantCode);
    const member = merchant ? await findById(database.db, merchantCode, memberId) : null;
    if (!merchant || !member) return null;
    return { type: BALANCE_EVENT, balance: await wallet.balance(merchant, member) };
  };
}
