import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_TICKET_SECONDS,
  TWO_FACTOR_TICKET_TRIES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@aurum/contract';
import type { MemberRow } from '../../../../db/schema.ts';
import { type Clock, MINUTE_MS, SECOND_MS } from '../../../../platform/clock.ts';
import { randomToken, type SecretBox, sha256Hex, TOKEN_PATTERN } from '../../../../platform/crypto.ts';
import type { Database } from '../../../../platform/db.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { MerchantState } from '../../../../platform/merchants.ts';
import { enforceLimit, type RateLimiter } from '../../../../platform/rate-limit.ts';
import {
  isTotpCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  totpUri,
} from '../../../../platform/totp.ts';
import { checkCurrentPassword } from '../../member/password.ts';
import { findById, type Queryable } from '../../member/repository.ts';
import type { SecurityEvent, SecurityEventKind, SecurityEvents } from '../security-events.ts';
import { accountSettings, requireRealAccount } from '../settings.ts';
import {
  deleteTwoFactor,
  failChallenge,
  findChallenge,
  findTwoFactor,
  insertChallenge,
  isBound,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  savePending,
  spendChallenge,
  takeStep,
  useRecoveryCode,
} from './repository.ts';

/** The actions a merchant may guard with the second factor. */
export type SecondFactorAction = 'withdraw' | 'paymentPassword' | 'loginPassword';

/** Code checks (sign-in, unbind, new recovery codes) per member and per client in this window. */
const CODE_WINDOW_MS = 15 * MINUTE_MS;
const CODES_PER_MEMBER = 10;
const CODES_PER_CLIENT = 30;
const TICKET_TTL_MS = TWO_FACTOR_TICKET_SECONDS * SECOND_MS;

export interface TwoFactorDeps {
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  secrets: SecretBox;
  events: SecurityEvents;
}

/** What the first step of a sign-in decided, carried to the session the second step starts. */
export interface FirstStep {
  ip: string;
  deviceId?: string | undefined;
  remember?: boolean | undefined;
  /** A password was typed, and whether it was the default one (the login value's forced change). */
  typed?: { isDefault: boolean } | undefined;
}

/** The second step answered: whose session to start and what the first step decided. */
export interface SecondStep {
  member: MemberRow;
  first: FirstStep;
}

/** The sealed key is bound to its member: a value copied to another row does not open. */
const keyContext = (memberId: number) => `totp:${memberId}`;
const recoveryHash = (memberId: number, code: string) =>
  sha256Hex(`${memberId}:${normaliseRecoveryCode(code)}`);

/**
 * Two-factor sign-in with an authenticator app: binding (a key, then its first code and the login
 * password), the recovery codes, unbinding, and the sign-in's second step (a ticket answered with
 * a code). Each code of the app works once; each recovery code once.
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** Whether a sign-in of the member needs the second step. */
  isOn(memberId: number): Promise<boolean> {
    return isBound(this.db, memberId);
  }

  async status(member: MemberRow): Promise<TwoFactorStatus> {
    const row = await findTwoFactor(this.db, member.id);
    const bound = Boolean(row?.confirmedAt);
    return {
      bound,
      boundAt: bound ? row!.confirmedAt!.getTime() : null,
      recoveryCodesLeft: bound ? await recoveryCodesLeft(this.db, member.id) : 0,
      hasPassword: member.passwordHash !== null,
    };
  }

  /** A new key, waiting for its first code; a second start replaces it. */
  async setup(merchant: MerchantState, member: MemberRow): Promise<TwoFactorSetup> {
    requireRealAccount(merchant, member);
    if (!member.passwordHash) throw new AppError('two.factor.password.required');
    const secret = newTotpSecret();
    const saved = await savePending(this.db, {
      memberId: member.id,
      merchantCode: merchant.code,
      secretSealed: this.deps.secrets.seal(secret, keyContext(member.id)),
      createdAt: new Date(this.now()),
    });
    if (!saved) throw new AppError('two.factor.already.bound');
    const issuer = merchant.config.brand.name;
    return { uri: totpUri(secret, issuer, member.account), secret, issuer, account: member.account };
  }

  /** The waiting key's first code and the login password bind it; the recovery codes, once. */
  async confirm(
    merchant: MerchantState,
    member: MemberRow,
    body: { code: string; password: string },
    ip: string,
  ): Promise<{ recoveryCodes: string[] }> {
    requireRealAccount(merchant, member);
    if (!member.passwordHash) throw new AppError('two.factor.password.required');
    const row = await findTwoFactor(this.db, member.id);
    if (row?.confirmedAt) throw new AppError('two.factor.already.bound');
    if (!row) throw new AppError('two.factor.not.started');
    await checkCurrentPassword(this.deps.limiter, member, body.password);
    await this.limitCodes(member.id, ip);
    const step = matchingStep(this.keyOf(row), body.code, this.now());
    if (step === null) throw new AppError('two.factor.code.invalid');
    const at = new Date(this.now());
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const event: SecurityEvent = { kind: 'two_factor.bound', ip, at };
    const bound = await this.db.transaction(async (tx) => {
      if (!(await takeStep(tx, member.id, step, at))) return false;
      await replaceRecoveryCodes(
        tx,
        member.id,
        codes.map((c) => recoveryHash(member.id, c)),
        at,
      );
      await this.deps.events.record(tx, member, event);
      return true;
    });
    // Another request bound it (or started again) in between.
    if (!bound) throw new AppError('two.factor.not.started');
    await this.deps.events.announce(merchant, member, event);
    return { recoveryCodes: codes };
  }

  /** A code (or a recovery code) and the login password unbind it; the recovery codes go too. */
  async unbind(
    merchant: MerchantState,
    member: MemberRow,
    body: { code: string; password: string },
    ip: string,
  ): Promise<{ bound: false }> {
    const row = await this.boundRow(member);
    await checkCurrentPassword(this.deps.limiter, member, body.password);
    await this.limitCodes(member.id, ip);
    await this.checkCode(merchant, member, row, body.code, ip);
    const event: SecurityEvent = { kind: 'two_factor.unbound', ip, at: new Date(this.now()) };
    const done = await this.db.transaction(async (tx) => {
      if (!(await deleteTwoFactor(tx, member.id))) return false;
      await this.deps.events.record(tx, member, event);
      return true;
    });
    if (!done) throw new AppError('two.factor.not.bound');
    await this.deps.events.announce(merchant, member, event);
    return { bound: false };
  }

  /** A code (or a recovery code) replaces the recovery codes; the new ones are shown once. */
  async regenerate(merchant: MerchantState, member: MemberRow, code: string, ip: string) {
    const row = await this.boundRow(member);
    await this.limitCodes(member.id, ip);
    await this.checkCode(merchant, member, row, code, ip);
    const at = new Date(this.now());
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const event: SecurityEvent = { kind: 'two_factor.recovery_regenerated', ip, at };
    await this.db.transaction(async (tx) => {
      await replaceRecoveryCodes(
        tx,
        member.id,
        codes.map((c) => recoveryHash(member.id, c)),
        at,
      );
      await this.deps.events.record(tx, member, event);
    });
    await this.deps.events.announce(merchant, member, event);
    return { recoveryCodes: codes };
  }

  /**
   * The refusal a sign-in gets after its first step: login.two.factor with a ticket (256-bit
   * random, kept as its SHA-256) that the second step answers within TICKET_TTL_MS, once.
   */
  async challenge(merchant: MerchantState, member: MemberRow, first: FirstStep): Promise<AppError> {
    const ticket = randomToken();
    const now = this.now();
    await insertChallenge(this.db, {
      merchantCode: merchant.code,
      memberId: member.id,
      ticketHash: sha256Hex(ticket),
      ip: first.ip,
      deviceId: first.deviceId ?? null,
      remember: first.remember ?? false,
      byPassword: first.typed !== undefined,
      defaultPassword: first.typed?.isDefault ?? false,
      createdAt: new Date(now),
      expiresAt: new Date(now + TICKET_TTL_MS),
    });
    return new AppError('login.two.factor', undefined, {
      ticket,
      expiresInSeconds: String(TWO_FACTOR_TICKET_SECONDS),
    });
  }

  /**
   * The second step: a live ticket and a right code. Limited per client before the ticket is
   * looked at and per member after; every wrong code counts against the ticket, and the fifth
   * burns it.
   */
  async answer(merchant: MerchantState, ticket: string, code: string, ip: string): Promise<SecondStep> {
    await enforceLimit(this.deps.limiter, `2fa:ip:${ip}`, CODES_PER_CLIENT, CODE_WINDOW_MS);
    if (!TOKEN_PATTERN.test(ticket)) throw new AppError('two.factor.ticket.invalid');
    const challenge = await findChallenge(this.db, merchant.code, sha256Hex(ticket));
    if (!challenge || challenge.usedAt) throw new AppError('two.factor.ticket.invalid');
    if (this.now() >= challenge.expiresAt.getTime()) throw new AppError('two.factor.ticket.expired');
    await enforceLimit(
      this.deps.limiter,
      `2fa:member:${challenge.memberId}`,
      CODES_PER_MEMBER,
      CODE_WINDOW_MS,
    );
    const member = await findById(this.db, merchant.code, challenge.memberId);
    const row = member?.status === 'active' ? await findTwoFactor(this.db, member.id) : null;
    if (!member || !row?.confirmedAt) throw new AppError('two.factor.ticket.invalid');
    try {
      await this.checkCode(merchant, member, row, code, ip);
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'two.factor.code.invalid') throw e;
      const failures = await failChallenge(
        this.db,
        challenge.id,
        TWO_FACTOR_TICKET_TRIES,
        new Date(this.now()),
      );
      if (failures === null || failures >= TWO_FACTOR_TICKET_TRIES)
        throw new AppError('two.factor.ticket.invalid');
      throw new AppError('two.factor.code.invalid', undefined, {
        attemptsLeft: String(TWO_FACTOR_TICKET_TRIES - failures),
      });
    }
    if (!(await spendChallenge(this.db, challenge.id, new Date(this.now())))) {
      throw new AppError('two.factor.ticket.invalid');
    }
    return {
      member,
      first: {
        ip,
        deviceId: challenge.deviceId ?? undefined,
        remember: challenge.remember,
        typed: challenge.byPassword ? { isDefault: challenge.defaultPassword } : undefined,
      },
    };
  }

  /**
   * The merchant's guard on an action (accounts.secondFactorFor): when it is on, the member
   * needs a bound app (two.factor.required) and a code of it or a recovery code
   * (two.factor.code.required when none is sent, two.factor.code.invalid when wrong).
   */
  async requireFor(
    merchant: MerchantState,
    member: MemberRow,
    action: SecondFactorAction,
    code: string | undefined,
    ip: string,
  ): Promise<void> {
    if (!accountSettings(merchant).secondFactorFor[action]) return;
    if (!(await this.isOn(member.id))) throw new AppError('two.factor.required');
    if (!code) throw new AppError('two.factor.code.required');
    await this.prove(merchant, member, code, ip);
  }

  /** Recovery codes the member has left (0 without an app bound). */
  recoveryCodesLeft(memberId: number): Promise<number> {
    return recoveryCodesLeft(this.db, memberId);
  }

  /**
   * Proves the member holds the second factor outside a sign-in ticket (an unrecognised
   * network's check, an action the merchant guards with it): a code of the app (`totp`) or a
   * recovery code (`recovery`), limited like every code check. two.factor.code.invalid otherwise.
   */
  async prove(
    merchant: MerchantState,
    member: MemberRow,
    code: string,
    ip: string,
    kind: 'totp' | 'recovery' | 'any' = 'any',
  ): Promise<void> {
    const row = await this.boundRow(member);
    await this.limitCodes(member.id, ip);
    const totp = isTotpCode(code);
    if ((kind === 'totp' && !totp) || (kind === 'recovery' && totp)) {
      throw new AppError('two.factor.code.invalid');
    }
    await this.checkCode(merchant, member, row, code, ip);
  }

  private async boundRow(member: MemberRow) {
    const row = await findTwoFactor(this.db, member.id);
    if (!row?.confirmedAt) throw new AppError('two.factor.not.bound');
    return row;
  }

  private keyOf(row: { memberId: number; secretSealed: string }): string {
    return this.deps.secrets.open(row.secretSealed, keyContext(row.memberId));
  }

  private async limitCodes(memberId: number, ip: string) {
    await enforceLimit(this.deps.limiter, `2fa:ip:${ip}`, CODES_PER_CLIENT, CODE_WINDOW_MS);
    await enforceLimit(this.deps.limiter, `2fa:member:${memberId}`, CODES_PER_MEMBER, CODE_WINDOW_MS);
  }

  /**
   * A code of the bound app, for a step after every step taken before, or an unused recovery
   * code (used up here, recorded and told to the member): else two.factor.code.invalid.
   */
  private async checkCode(
    merchant: MerchantState,
    member: MemberRow,
    row: { memberId: number; secretSealed: string },
    code: string,
    ip: string,
  ): Promise<void> {
    const at = new Date(this.now());
    if (isTotpCode(code)) {
      const step = matchingStep(this.keyOf(row), code, at.getTime());
      if (step === null || !(await takeStep(this.db, member.id, step))) {
        throw new AppError('two.factor.code.invalid');
      }
      return;
    }
    const event = await this.db.transaction(async (tx) => {
      if (!(await useRecoveryCode(tx, member.id, recoveryHash(member.id, code), at))) return null;
      const left = await recoveryCodesLeft(tx, member.id);
      return this.recorded(tx, member, 'two_factor.recovery_used', ip, at, { recoveryCodesLeft: left });
    });
    if (!event) throw new AppError('two.factor.code.invalid');
    await this.deps.events.announce(merchant, member, event);
  }

  private async recorded(
    db: Queryable,
    member: MemberRow,
    kind: SecurityEventKind,
    ip: string,
    at: Date,
    detail?: SecurityEvent['detail'],
  ): Promise<SecurityEvent> {
    const event: SecurityEvent = { kind, ip, at, ...(detail ? { detail } : {}) };
    await this.deps.events.record(db, member, event);
    return event;
  }
}
