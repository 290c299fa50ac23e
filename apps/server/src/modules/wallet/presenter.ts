import { ACCOUNT_TYPE, minorToDecimal, type WalletBalance } from '@aurum/contract';
import type { MerchantState } from '../../platform/merchants.ts';
import { PLAY } from './accounts.ts';
import type { Posting, TransferResult } from './ledger.ts';
import type { AccountBalance } from './repository.ts';

const VENDOR_PREFIX = 'VENDOR:';

/**
 * The balance reply: the main wallet (always listed, zero before any money moved) and each game
 * wallet; the sum is what the member can play with. A trial account's main-wallet line is its
 * play money, flagged so the site can say no real money is at stake.
 */
export function presentBalance(
  merchant: MerchantState,
  accounts: AccountBalance[],
  trial: boolean,
): WalletBalance {
  const { currency, currencySymbol } = merchant.config.brand;
  const balanceOf = (code: string) => accounts.find((a) => a.code === code)?.balanceMinor ?? 0n;
  const lines: WalletBalance['balance'] = [];
  let sum = 0n;
  const main = balanceOf(trial ? PLAY : 'MAIN');
  lines.push({ accountTypeId: ACCOUNT_TYPE.main, availBalance: minorToDecimal(main) });
  sum += main;
  if (!trial) {
    for (const a of accounts) {
      if (!a.code.startsWith(VENDOR_PREFIX)) continue;
      lines.push({
        accountTypeId: ACCOUNT_TYPE.game,
        availBalance: minorToDecimal(a.balanceMinor),
        vendor: a.code.slice(VENDOR_PREFIX.length),
      });
      sum += a.balanceMinor;
    }
  }
  return { sumBalance: minorToDecimal(sum), balance: lines, currency, currencySymbol, playMoney: trial };
}

const presentPosting = (p: Posting) => ({
  accountId: p.accountId,
  memberId: p.memberId,
  amount: minorToDecimal(p.amountMinor),
  balanceBefore: minorToDecimal(p.balanceBeforeMinor),
  balanceAfter: minorToDecimal(p.balanceAfterMinor),
  version: p.version.toString(),
});

/** A transfer for the operator endpoints: amounts as decimal strings, as everywhere on the wire. */
export function presentTransfer(t: TransferResult) {
  return {
    transferId: t.transferId,
    kind: t.kind,
    amount: minorToDecimal(t.amountMinor),
    memo: t.memo,
    from: presentPosting(t.from),
    to: presentPosting(t.to),
    reversesTransferId: t.reversesTransferId,
    createdAt: t.createdAt.toISOString(),
    createdBy: t.createdBy,
    replayed: t.replayed,
  };
}
