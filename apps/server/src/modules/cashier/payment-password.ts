import { checkPin, parseRuleDate, type paymentPasswordRequestSchema } from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { type RateLimiter, tooManyRequests } from '../../platform/rate-limit.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import { requireRealAccount } from '../accounts/index.ts';

type SetBody = z.output<typeof paymentPasswordRequestSchema>;

/**
 * Wrong payment passwords (or wrong login passwords offered to set the first one) counted per
 * member over this window; at the limit the member is locked out until the window ends. Six
 * digits are a million guesses: five per quarter hour makes guessing take decades.
 */
export const PAYMENT_PASSWORD_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
export const PAYMENT_PASSWORD_LOCK_FAILURES = 5;
/** Counting never refuses by itself; the lock threshold decides (as the login guard does). */
const COUNT_ONLY = Number.MAX_SAFE_INTEGER;

export interface PaymentPasswordDeps {
  database: Database;
  limiter: RateLimiter;
}

/**
 * The withdraw (payment) password: six digits, Argon2-hashed in members.payment_password_hash
 * like the login password. It guards every movement out of the member's hands (withdrawals,
 * bound accounts, transfers to the upline or downlines).
 */
export class PaymentPasswords {
  constructor(private readonly deps: PaymentPasswordDeps) {}

  /**
   * Sets or changes the member's payment password. The first time the login password proves
   * who sets it; after that the current payment password does. Both count toward the lock-out.
   */
  async set(
    merchant: MerchantState,
    member: MemberRow,
    body: SetBody,
  ): Promise<{ hasPaymentPassword: true }> {
    requireRealAccount(merchant, member);
    const current = await this.storedHash(this.deps.database.db, merchant.code, member.id);
    if (current === undefined) throw new AppError('user.or.token.invalid');
    if (current === null) {
      if (!body.loginPassword) {
        throw new AppError('validation.failed', undefined, { loginPassword: 'input_required' });
      }
      await this.check(
        merchant.code,
        member.id,
        member.passwordHash,
        body.loginPassword,
        'password.old.wrong',
      );
    } else {
      if (!body.oldPaymentPassword) {
        throw new AppError('validation.failed', undefined, { oldPaymentPassword: 'input_required' });
      }
      await this.check(
        merchant.code,
        member.id,
        current,
        body.oldPaymentPassword,
        'payment.password.invalid',
      );
    }
    if (body.newPaymentPassword !== body.confirmPaymentPassword)
      throw new AppError('payment.password.mismatch');
    // After the proof of who asks, so the answer tells no stranger the member's birthday.
    const birthday = member.profile.birthday ? parseRuleDate(member.profile.birthday) : null;
    const weak = checkPin(body.newPaymentPassword, birthday);
    if (weak) {
      throw new AppError('payment.password.weak', weak.message, { newPaymentPassword: weak.key });
    }
    const hash = await hashPassword(body.newPaymentPassword);
    // Only over the hash that was checked: a change made meanwhile (another tab) is not
    // overwritten by a request that proved the old one.
    const updated = await queryRows<{ id: unknown }>(
      this.deps.database.db,
      `UPDATE members SET payment_password_hash = $1
       WHERE id = $2 AND merchant_code = $3 AND payment_password_hash IS NOT DISTINCT FROM $4
       RETURNING id`,
      [hash, member.id, merchant.code, current],
    );
    if (!updated.length) {
      throw new AppError('payment.password.invalid', 'The withdraw password was changed meanwhile.');
    }
    return { hasPaymentPassword: true };
  }

  /**
   * Sets a new payment password for a member who proved the second factor or the bound mobile
   * (the caller checks that): the lock-out of wrong tries ends with it.
   */
  async reset(
    merchant: MerchantState,
    member: MemberRow,
    body: { newPaymentPassword: string; confirmPaymentPassword: string },
  ): Promise<{ hasPaymentPassword: true }> {
    requireRealAccount(merchant, member);
    if (body.newPaymentPassword !== body.confirmPaymentPassword)
      throw new AppError('payment.password.mismatch');
    const birthday = member.profile.birthday ? parseRuleDate(member.profile.birthday) : null;
    const weak = checkPin(body.newPaymentPassword, birthday);
    if (weak) {
      throw new AppError('payment.password.weak', weak.message, { newPaymentPassword: weak.key });
    }
    const hash = await hashPassword(body.newPaymentPassword);
    await queryRows(
      this.deps.database.db,
      'UPDATE members SET payment_password_hash = $1 WHERE id = $2 AND merchant_code = $3 RETURNING id',
      [hash, member.id, merchant.code],
    );
    await this.deps.limiter.reset(failureKey(merchant.code, member.id));
    return { hasPaymentPassword: true };
  }

  /** True when the member has set a payment password. */
  async has(q: Queryable, merchantCode: string, memberId: number): Promise<boolean> {
    return Boolean(await this.storedHash(q, merchantCode, memberId));
  }

  /**
   * Refuses unless `password` is the member's payment password: payment.password.required when
   * none is set, payment.password.invalid when wrong, TOO_MANY_REQUESTS while locked out.
   * Call it before opening the transaction that moves the money (the hash check takes time).
   */
  async verify(q: Queryable, merchantCode: string, memberId: number, password: string): Promise<void> {
    const hash = await this.storedHash(q, merchantCode, memberId);
    if (!hash) throw new AppError('payment.password.required');
    await this.check(merchantCode, memberId, hash, password, 'payment.password.invalid');
  }

  /** Checks a password against a hash under the member's failure count. */
  private async check(
    merchantCode: string,
    memberId: number,
    hash: string | null,
    password: string,
    wrong: 'payment.password.invalid' | 'password.old.wrong',
  ): Promise<void> {
    const { limiter } = this.deps;
    const key = failureKey(merchantCode, memberId);
    const failures = await limiter.peek(key);
    if (failures.count >= PAYMENT_PASSWORD_LOCK_FAILURES) throw tooManyRequests(failures.retryAfterMs);
    // A member without a login password (SMS sign-up) spends the same time and fails.
    const good = hash ? await verifyPassword(hash, password) : await verifyAgainstDummy(password);
    if (!good) {
      await limiter.hit(key, COUNT_ONLY, PAYMENT_PASSWORD_FAILURE_WINDOW_MS);
      throw new AppError(wrong);
    }
    if (failures.count > 0) await limiter.reset(key);
  }

  /** The stored hash: null when none is set, undefined when there is no such member. */
  private async storedHash(q: Queryable, merchantCode: string, memberId: number) {
    const [row] = await queryRows<{ hash: string | null }>(
      q,
      'SELECT payment_password_hash AS hash FROM members WHERE id = $1 AND merchant_code = $2',
      [memberId, merchantCode],
    );
    return row ? row.hash : undefined;
  }
}

const failureKey = (merchantCode: string, memberId: number) => `paypw:fail:${merchantCode}:${memberId}`;
