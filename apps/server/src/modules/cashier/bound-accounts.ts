import {
  type BoundAccount,
  type bindAccountRequestSchema,
  checkRule,
  fallbackRule,
  findRule,
  type removeAccountRequestSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { accountSettings, requireRealAccount } from '../accounts/index.ts';
import {
  type BoundAccountRow,
  insertAccount,
  listLiveAccounts,
  lockMember,
  removeAccount,
} from './bound-accounts-repository.ts';
import type { PaymentPasswords } from './payment-password.ts';
import { withdrawConfig } from './withdraw-config.ts';

type BindBody = z.output<typeof bindAccountRequestSchema>;
type RemoveBody = z.output<typeof removeAccountRequestSchema>;

/** How an account number is kept and compared: no spaces or dashes, upper case. */
export const compactAccountNumber = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/** All but the last 4 characters hidden: what members (and their browsers) ever see. */
export function maskAccountNumber(compact: string): string {
  const shown = Math.min(4, compact.length);
  return '*'.repeat(compact.length - shown) + compact.slice(compact.length - shown);
}

/**
 * Letters and marks of any script, with spaces, apostrophes, dots, dashes and the middle dot
 * between them: what a person's name is made of. Never markup, entities or control characters.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}](?:[\p{L}\p{M}'.·-]| (?=[\p{L}\p{M}]))*$/u;

/**
 * A payee name follows the merchant's real-name rule (the `payeeName` validation rule, which
 * the register form uses too), is always required here, and is always a plain name: a rule that
 * takes any characters (LENGTH) or a rule switched off still refuses markup and control
 * characters. The refusal is validation.failed with details.payeeName = the problem key.
 */
export function checkPayeeName(merchant: MerchantState, payeeName: string): void {
  const rule = findRule(accountSettings(merchant).rules, 'payeeName') ?? fallbackRule('payeeName');
  const problem = rule.enabled ? checkRule({ ...rule, required: true }, payeeName) : null;
  if (problem) throw new AppError('validation.failed', undefined, { payeeName: problem.key });
  if (!NAME_CHARACTERS.test(payeeName)) {
    throw new AppError('validation.failed', undefined, { payeeName: 'not_accepted' });
  }
}

export const presentBoundAccount = (a: BoundAccountRow): BoundAccount => ({
  id: a.id,
  type: a.type,
  provider: a.provider,
  payeeName: a.payeeName,
  accountNumber: maskAccountNumber(a.accountNumber),
  createdAt: a.createdAt,
});

export interface BoundAccountDeps {
  database: Database;
  clock: Clock;
  passwords: PaymentPasswords;
}

/** The bank and e-wallet accounts a member withdraws to; binding and removing take the payment password. */
export class BoundAccounts {
  constructor(private readonly deps: BoundAccountDeps) {}

  async list(merchant: MerchantState, member: MemberRow): Promise<BoundAccount[]> {
    requireRealAccount(merchant, member);
    const rows = await listLiveAccounts(this.deps.database.db, merchant.code, member.id);
    return rows.map(presentBoundAccount);
  }

  async bind(merchant: MerchantState, member: MemberRow, body: BindBody): Promise<BoundAccount> {
    requireRealAccount(merchant, member);
    const config = withdrawConfig(merchant);
    const offered = body.type === 'BANK' ? config.banks : config.ewallets;
    const provider = offered.find((p) => p.toLowerCase() === body.provider.toLowerCase());
    if (!provider) {
      throw new AppError('validation.failed', undefined, { provider: 'not offered by this site' });
    }
    checkPayeeName(merchant, body.payeeName);
    const accountNumber = compactAccountNumber(body.accountNumber);
    if (accountNumber.length < 4) {
      throw new AppError('validation.failed', undefined, { accountNumber: 'at least 4 letters or digits' });
    }
    const { database, clock, passwords } = this.deps;
    await passwords.verify(database.db, merchant.code, member.id, body.paymentPassword);
    const row = await database.db.transaction(async (tx) => {
      // One binding at a time per member, so two at once cannot both pass the limit.
      if (!(await lockMember(tx, merchant.code, member.id))) throw new AppError('user.or.token.invalid');
      const live = await listLiveAccounts(tx, merchant.code, member.id);
      if (
        live.some(
          (a) => a.type === body.type && sameProvider(a, provider) && a.accountNumber === accountNumber,
        )
      ) {
        throw new AppError('cashier.account.exists');
      }
      if (live.length >= config.maxAccounts) throw new AppError('cashier.account.limit');
      const inserted = await insertAccount(tx, {
        merchant: merchant.code,
        memberId: member.id,
        type: body.type,
        provider,
        payeeName: body.payeeName,
        accountNumber,
        createdAt: new Date(clock.now()),
      });
      if (!inserted) throw new AppError('cashier.account.exists');
      return inserted;
    });
    return presentBoundAccount(row);
  }

  async remove(merchant: MerchantState, member: MemberRow, body: RemoveBody): Promise<{ removed: true }> {
    requireRealAccount(merchant, member);
    const { database, clock, passwords } = this.deps;
    await passwords.verify(database.db, merchant.code, member.id, body.paymentPassword);
    const removed = await removeAccount(
      database.db,
      merchant.code,
      member.id,
      body.id,
      new Date(clock.now()),
    );
    if (!removed) throw new AppError('cashier.account.not.found');
    return { removed: true };
  }
}

const sameProvider = (a: BoundAccountRow, provider: string) =>
  a.provider.toLowerCase() === provider.toLowerCase();
