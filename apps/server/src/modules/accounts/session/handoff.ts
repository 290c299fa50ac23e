import { HANDOFF_TICKET_PARAM, type LoginValue } from '@aurum/contract';
import type { MemberRow } from '../../../db/schema.ts';
import { type Clock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { randomToken, sha256Hex, TOKEN_PATTERN } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { type LoginGuard, lockedError } from '../security/login-guard.ts';
import { accountSettings, requireRealAccount } from '../security/settings.ts';
import { assertMaySignIn, type LoginService, loginValue } from './login.ts';
import { findLive, insertSession, revokeSession } from './repository.ts';

/** A hand-off ticket is redeemed within this time, once. */
export const HANDOFF_TICKET_TTL_MS = 60 * SECOND_MS;

/** An operator's read-only view of a member's site lasts at most this long. */
export const VIEW_SESSION_TTL_MS = 30 * MINUTE_MS;

const TICKET_KINDS = ['ticket', 'social-ticket', 'view-ticket'] as const;

export interface HandoffDeps {
  database: Database;
  clock: Clock;
  login: LoginService;
  guard: LoginGuard;
}

/**
 * Session hand-off by link: a one-time ticket (256-bit random, stored as its SHA-256 in the
 * sessions table as kind 'ticket' or 'social-ticket', so revoking a member's sessions revokes it too), bound to the
 * member, redeemed by POST for a fresh session within 60 seconds. A session token itself never
 * travels in a URL (access logs, history, Referer) and a link can never sign a visitor in
 * without the page asking first.
 */
export class HandoffService {
  constructor(private readonly deps: HandoffDeps) {}

  /**
   * A ticket for the member, and the site path that carries it. `kind`: 'ticket' for a signed-in
   * member's link; 'social-ticket' for a social sign-in, whose session still needs the second
   * factor when the member has one.
   */
  async issue(
    merchant: MerchantState,
    member: MemberRow,
    ip: string | null,
    path = '/',
    kind: 'ticket' | 'social-ticket' | 'view-ticket' = 'ticket',
    client: string | null = null,
  ) {
    requireRealAccount(merchant, member);
    const ticket = randomToken();
    const now = this.deps.clock.now();
    await insertSession(this.deps.database.db, {
      merchantCode: merchant.code,
      memberId: member.id,
      kind,
      tokenHash: sha256Hex(ticket),
      ip,
      userAgent: client,
      createdAt: new Date(now),
      expiresAt: new Date(now + HANDOFF_TICKET_TTL_MS),
    });
    return {
      ticket,
      url: withTicket(path, ticket),
      expiresInSeconds: HANDOFF_TICKET_TTL_MS / SECOND_MS,
    };
  }

  /**
   * Uses up a ticket: a fresh session of its member, the same reply as a login. Unknown, used and
   * revoked tickets are handoff.ticket.invalid, late ones handoff.ticket.expired; a member since
   * disabled may not sign in, one whose account name is locked is refused as a login would be.
   * The ticket is spent by one conditional update, so of two racing redeems only one wins.
   */
  async redeem(
    merchant: MerchantState,
    ticket: string,
    ip: string,
  ): Promise<{ value: LoginValue; member: MemberRow; social: boolean; view: boolean }> {
    if (!TOKEN_PATTERN.test(ticket)) throw new AppError('handoff.ticket.invalid');
    const db = this.deps.database.db;
    const found = await findLive(db, merchant.code, TICKET_KINDS, sha256Hex(ticket));
    if (!found) throw new AppError('handoff.ticket.invalid');
    const now = this.deps.clock.now();
    if (now >= found.session.expiresAt.getTime()) throw new AppError('handoff.ticket.expired');
    const { member } = found;
    if (member.status !== 'active') throw new AppError('handoff.ticket.invalid');
    assertMaySignIn(merchant, member, 'member');
    const guard = await this.deps.guard.state(
      merchant.code,
      member.account,
      ip,
      accountSettings(merchant).captchaAfterFailures,
    );
    const lockedForMs = Math.max(guard.accountLockedForMs, guard.clientLockedForMs);
    if (lockedForMs > 0) throw lockedError(lockedForMs);
    if (!(await revokeSession(db, found.session.id, new Date(now)))) {
      throw new AppError('handoff.ticket.invalid');
    }
    if (found.session.kind === 'view-ticket') {
      return {
        value: await this.startView(merchant, member, found.session.userAgent, ip),
        member,
        social: false,
        view: true,
      };
    }
    if (found.session.kind === 'ticket') {
      return {
        value: await this.deps.login.signIn(merchant, member, { ip }),
        member,
        social: false,
        view: false,
      };
    }
    const value = (await this.deps.login.complete(merchant, member, { ip })).value;
    return { value, member, social: true, view: false };
  }

  /**
   * The read-only session of an operator's view: no sign-in record, no known network, no
   * password or first-login prompt (the member's own state is untouched); it lasts
   * VIEW_SESSION_TTL_MS at most and every call that changes anything refuses it.
   */
  private async startView(merchant: MerchantState, member: MemberRow, client: string | null, ip: string) {
    const token = randomToken();
    const now = this.deps.clock.now();
    await insertSession(this.deps.database.db, {
      merchantCode: merchant.code,
      memberId: member.id,
      kind: 'view',
      tokenHash: sha256Hex(token),
      ip,
      userAgent: client,
      createdAt: new Date(now),
      expiresAt: new Date(now + VIEW_SESSION_TTL_MS),
    });
    const value: LoginValue = {
      ...loginValue(merchant, member, token, undefined, now),
      firstTimeLogin: false,
      passwordExpired: false,
      forceChangePassword: false,
      viewOnly: true,
    };
    return value;
  }
}

/** `<path>?…&ticket=…`, keeping the query the path already has. */
export function withTicket(path: string, ticket: string): string {
  const q = path.indexOf('?');
  const base = q < 0 ? path : path.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : path.slice(q + 1));
  params.set(HANDOFF_TICKET_PARAM, ticket);
  return `${base}?${params}`;
}
