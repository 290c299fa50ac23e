import {
  type ActiveSession,
  SIGN_IN_HISTORY_SIZE,
  type SignInEntry,
  type SignInMethod,
} from '@aurum/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type MemberRow, memberSignIns, sessions } from '../../../db/schema.ts';
import { type Clock, MINUTE_MS } from '../../../platform/clock.ts';
import { sha256Hex, TOKEN_PATTERN } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { countryOf } from '../../../platform/geo.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { findByAccount, updateMember } from '../member/repository.ts';
import type { SecurityEvent, SecurityEvents } from '../security/security-events.ts';
import { accountSettings } from '../security/settings.ts';
import type { SessionService } from './service.ts';
import { describeUserAgent, keptUserAgent } from './user-agent.ts';

/** Where a sign-in (or a call) comes from, as kept with the session and the history. */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
  /** Two-letter country, or null when not known. */
  place: string | null;
  /** SHA-256 of the browser's device cookie, when it has one. */
  deviceHash: string | null;
  /** The app's own device id (`loginDeviceId`), when it sent one. */
  deviceId?: string | null | undefined;
}

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The place of a request: the trusted country header the load balancer sets (COUNTRY_HEADER, e.g.
 * `CF-IPCountry`) when configured and well-formed, else the bundled country lookup of the
 * address, else null ("unknown"). `XX` (Cloudflare's unknown) and `T1` (Tor) count as unknown.
 */
export function placeOf(req: FastifyRequest, ip: string, countryHeader: string | undefined): string | null {
  if (countryHeader) {
    const raw = req.headers[countryHeader.toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && COUNTRY.test(value) && value !== 'XX' && value !== 'T1') return value;
  }
  const looked = countryOf(ip);
  return looked && COUNTRY.test(looked) ? looked : null;
}

export function clientOf(
  req: FastifyRequest,
  ip: string,
  countryHeader: string | undefined,
  deviceToken: string | null,
): SignInClient {
  return {
    ip,
    userAgent: keptUserAgent(req.headers['user-agent']),
    place: placeOf(req, ip, countryHeader),
    deviceHash: deviceToken && TOKEN_PATTERN.test(deviceToken) ? sha256Hex(deviceToken) : null,
  };
}

/** The device as shown to the member: browser and system from the User-Agent, and a short id. */
function deviceOf(userAgent: string | null, deviceId: string | null, deviceHash: string | null) {
  return { ...describeUserAgent(userAgent), id: deviceId ?? (deviceHash ? deviceHash.slice(0, 8) : null) };
}

export interface LastSignIn {
  at: number;
  ip: string | null;
  place: string | null;
}

export interface SessionSecurityDeps {
  database: Database;
  clock: Clock;
  sessions: SessionService;
  events: SecurityEvents;
}

/**
 * The security centre's side of sessions: what each sign-in came from (kept with its session and
 * in the member's sign-in history), the member's live sessions, signing out one or all others,
 * and "this wasn't me".
 */
export class SessionSecurity {
  constructor(private readonly deps: SessionSecurityDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /**
   * A successful sign-in whose reply carries `token`: the session (and the remember token made
   * with it) learn where they come from, the history gets the sign-in, and the member's previous
   * successful sign-in is returned for "Last sign-in: …".
   */
  async signedIn(
    member: MemberRow,
    method: SignInMethod,
    client: SignInClient,
    token: string,
    rememberToken?: string | null,
  ): Promise<LastSignIn | null> {
    const at = new Date(this.deps.clock.now());
    const [previous] = await this.db
      .select({ at: memberSignIns.createdAt, ip: memberSignIns.ip, place: memberSignIns.place })
      .from(memberSignIns)
      .where(and(eq(memberSignIns.memberId, member.id), eq(memberSignIns.success, true)))
      .orderBy(desc(memberSignIns.id))
      .limit(1);
    await this.record(member, method, true, client, at);
    await this.describe(member.id, client, token, rememberToken);
    return previous ? { at: previous.at.getTime(), ip: previous.ip, place: previous.place } : null;
  }

  /**
   * Where a session (and the remember token made with it) comes from, for the sessions list: also
   * for sessions that are not sign-ins of the history (registration, a password change or reset).
   */
  async describe(
    memberId: number,
    client: SignInClient,
    token: string,
    rememberToken?: string | null,
  ): Promise<void> {
    const described = { userAgent: client.userAgent, place: client.place, deviceHash: client.deviceHash };
    const hashes = [sha256Hex(token), ...(rememberToken ? [sha256Hex(rememberToken)] : [])];
    for (const hash of hashes) {
      await this.db
        .update(sessions)
        .set(described)
        .where(and(eq(sessions.tokenHash, hash), eq(sessions.memberId, memberId)));
    }
  }

  /** A wrong password for an existing account name: a failed sign-in in its member's history. */
  async passwordFailed(merchant: MerchantState, username: string, client: SignInClient): Promise<void> {
    const member = await findByAccount(this.db, merchant.code, username);
    if (member) await this.record(member, 'password', false, client, new Date(this.deps.clock.now()));
  }

  /** A wrong second-factor code: a failed sign-in of the ticket's member. */
  async secondFactorFailed(merchant: MerchantState, ticket: string, client: SignInClient): Promise<void> {
    const rows = (await this.db.execute(sql`
      SELECT member_id FROM two_factor_challenges
       WHERE ticket_hash = ${sha256Hex(ticket)} AND merchant_code = ${merchant.code}`)) as unknown as {
      rows: { member_id: string | number }[];
    };
    const memberId = rows.rows[0]?.member_id;
    if (memberId === undefined) return;
    await this.db.insert(memberSignIns).values({
      merchantCode: merchant.code,
      memberId: Number(memberId),
      method: 'two_factor',
      success: false,
      ...this.fields(client),
      createdAt: new Date(this.deps.clock.now()),
    });
  }

  private fields(client: SignInClient) {
    return {
      ip: client.ip,
      place: client.place,
      userAgent: client.userAgent,
      deviceHash: client.deviceHash,
      deviceId: client.deviceId ?? null,
    };
  }

  private async record(
    member: MemberRow,
    method: SignInMethod,
    success: boolean,
    client: SignInClient,
    at: Date,
  ): Promise<void> {
    await this.db.insert(memberSignIns).values({
      merchantCode: member.merchantCode,
      memberId: member.id,
      method,
      success,
      ...this.fields(client),
      createdAt: at,
    });
  }

  /**
   * A sign-in from a browser the member had not used (its device cookie is new to the member)
   * while the member has signed in before: recorded and told to the member in messages.
   */
  async newDevice(merchant: MerchantState, member: MemberRow, client: SignInClient): Promise<void> {
    const rows = (await this.db.execute(sql`
      SELECT count(*)::int AS n FROM member_devices WHERE member_id = ${member.id}`)) as unknown as {
      rows: { n: number }[];
    };
    if (Number(rows.rows[0]?.n ?? 0) < 2) return;
    const { browser, os } = describeUserAgent(client.userAgent);
    const event: SecurityEvent = {
      kind: 'sign_in.new_device',
      ip: client.ip,
      at: new Date(this.deps.clock.now()),
      detail: { browser: browser ?? '', os: os ?? '', place: client.place ?? '', ip: client.ip },
    };
    await this.deps.events.record(this.db, member, event);
    await this.deps.events.announce(merchant, member, event);
  }

  /** The member's live sessions, the most recently used first. */
  async list(merchant: MerchantState, member: MemberRow, currentId: number): Promise<ActiveSession[]> {
    const now = this.deps.clock.now();
    const idleMs = accountSettings(merchant).sessionIdleMinutes * MINUTE_MS;
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.memberId, member.id),
          eq(sessions.kind, 'session'),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now)),
          gt(sessions.lastSeenAt, new Date(now - idleMs)),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    return rows.map((s) => ({
      id: s.id,
      device: deviceOf(s.userAgent, s.deviceId, s.deviceHash),
      ip: s.ip,
      place: s.place,
      signedInAt: s.createdAt.getTime(),
      lastSeenAt: s.lastSeenAt.getTime(),
      current: s.id === currentId,
    }));
  }

  async endOne(member: MemberRow, currentId: number, sessionId: number): Promise<{ ended: number }> {
    if (sessionId === currentId) throw new AppError('session.current');
    const done = await this.deps.sessions.endOne(member.merchantCode, member.id, currentId, sessionId);
    if (!done) throw new AppError('session.not.found');
    return { ended: 1 };
  }

  async endOthers(member: MemberRow, currentId: number): Promise<{ ended: number }> {
    return { ended: await this.deps.sessions.endOthers(member.merchantCode, member.id, currentId) };
  }

  /** The last sign-ins, successes and failures, newest first. */
  async history(member: MemberRow): Promise<SignInEntry[]> {
    const rows = await this.db
      .select()
      .from(memberSignIns)
      .where(eq(memberSignIns.memberId, member.id))
      .orderBy(desc(memberSignIns.id))
      .limit(SIGN_IN_HISTORY_SIZE);
    return rows.map((r) => ({
      id: r.id,
      at: r.createdAt.getTime(),
      ip: r.ip,
      place: r.place,
      device: deviceOf(r.userAgent, r.deviceId, r.deviceHash),
      method: r.method as SignInMethod,
      success: r.success,
    }));
  }

  /**
   * "This wasn't me" on a sign-in of the member's history: every session, remember token and
   * game session ends (the caller's too), the next password sign-in must change the password,
   * and the event is recorded and told to the member.
   */
  async disown(merchant: MerchantState, member: MemberRow, signInId: number, ip: string) {
    const [entry] = await this.db
      .select()
      .from(memberSignIns)
      .where(and(eq(memberSignIns.id, signInId), eq(memberSignIns.memberId, member.id)));
    if (!entry) throw new AppError('sign.in.not.found');
    const event: SecurityEvent = {
      kind: 'sign_in.disowned',
      ip,
      at: new Date(this.deps.clock.now()),
      detail: {
        signInId,
        signInAt: entry.createdAt.toISOString(),
        signInIp: entry.ip ?? '',
        signInPlace: entry.place ?? '',
      },
    };
    await this.db.transaction(async (tx) => {
      await this.deps.sessions.endAll(member.id, tx);
      await updateMember(tx, member.id, { passwordChangeRequired: true });
      await this.deps.events.record(tx, member, event);
    });
    this.deps.sessions.revoked(member.merchantCode, member.id);
    await this.deps.events.announce(merchant, member, event);
    return { signedOut: true as const };
  }
}
