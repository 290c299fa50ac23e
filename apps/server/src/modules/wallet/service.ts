import { TX_TYPE, type WalletBalance } from '@aurum/contract';
import type { MemberRow } from '../../db/schema.ts';
import type { Database } from '../../platform/db.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { isTrialType } from '../accounts/index.ts';
import { HOUSE_PLAY, memberAccount, PLAY, systemAccount } from './accounts.ts';
import type { Ledger } from './ledger.ts';
import { presentBalance } from './presenter.ts';

/** The play money a trial account starts with: 2,000.00. */
export const PLAY_MONEY_GRANT_MINOR = 200_000n;

/** What members see of their wallet. Money moves only through the Ledger. */
export class WalletService {
  constructor(
    private readonly database: Database,
    private readonly ledger: Ledger,
  ) {}

  /** The member's own balance. A trial account gets its play money on first look. */
  async balance(merchant: MerchantState, member: MemberRow): Promise<WalletBalance> {
    const { db } = this.database;
    const trial = isTrialType(merchant, member.type);
    let accounts = await this.ledger.balances(db, merchant.code, member.id);
    if (trial) {
      const play = accounts.find((a) => a.code === PLAY);
      if (!play || play.version === 0n) {
        await this.grantPlayMoney(merchant.code, member.id);
        accounts = await this.ledger.balances(db, merchant.code, member.id);
      }
    }
    return presentBalance(merchant, accounts, trial);
  }

  /** Once per trial account (the key says so): play money from the house's play account. */
  private grantPlayMoney(merchant: string, memberId: number) {
    return this.ledger.move({
      merchant,
      from: systemAccount(HOUSE_PLAY),
      to: memberAccount(memberId, PLAY),
      amountMinor: PLAY_MONEY_GRANT_MINOR,
      kind: TX_TYPE.playMoney,
      idempotencyKey: `play-grant:${memberId}`,
      memo: 'play money for a trial account',
      actor: 'wallet',
    });
  }
}
