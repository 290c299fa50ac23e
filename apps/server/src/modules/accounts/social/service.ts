import { type Language, type SocialProvider, socialCallbackPath } from '@aurum/contract';
import * as client from 'openid-client';
import type { MemberRow } from '../../../db/schema.ts';
import { type Clock, MINUTE_MS } from '../../../platform/clock.ts';
import { randomDigits, randomToken, sameHex, sha256Hex } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState, MerchantStore } from '../../../platform/merchants.ts';
import { accountTaken, findById, insertMember } from '../member/repository.ts';
import { requestLanguage } from '../member/service.ts';
import type { SecurityEvent, SecurityEvents } from '../security/security-events.ts';
import { accountSettings } from '../security/settings.ts';
import type { HandoffService } from '../session/handoff.ts';
import { assertMaySignIn, type Site } from '../session/login.ts';
import { type UsableProvider, usableProvider } from './config.ts';
import { OidcClients } from './oidc.ts';
import {
  findLinkedMember,
  insertOauthState,
  insertSocialIdentity,
  listSocialIdentities,
  purgeOauthStates,
  takeOauthState,
} from './repository.ts';

/** How long a started sign-in waits for the provider's callback. */
export const STATE_TTL_MS = 10 * MINUTE_MS;

/** A link attempt that failed: the browser goes back to the page that started it. */
export class SocialLinkFailed extends AppError {
  constructor(
    code: AppError['code'],
    readonly returnTo: string,
  ) {
    super(code);
  }
}
/** Expired attempts are purged once every this many starts. */
const PURGE_EVERY = 100;
/** Facebook has no `profile` scope; its public profile permission carries the name. */
const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
};
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

export interface SocialDeps {
  database: Database;
  clock: Clock;
  handoff: HandoffService;
  store: MerchantStore;
  /** Where client secrets are read from (the variables accounts.json names). */
  env?: NodeJS.ProcessEnv;
  /** Records and announces links made by signed-in members (bindings). */
  events?: SecurityEvents;
  /** Tells the member's bound address of a new link. */
  onLinked?: (merchant: MerchantState, member: MemberRow, event: SecurityEvent) => Promise<void>;
}

/** Why a provider step failed, for the server log only (the browser gets a bare code). */
export interface SocialLog {
  warn(obj: object, msg: string): void;
}

export interface StartInput {
  merchant: MerchantState;
  provider: SocialProvider;
  returnTo: string;
  site: Site;
  language: Language | undefined;
  /** The request's protocol and Host: the callback must come back to the same origin. */
  protocol: string;
  host: string;
  log: SocialLog;
}

export interface CallbackInput {
  provider: SocialProvider;
  /** The callback's query, parsed, and as it came (openid-client reads it from the URL). */
  query: Record<string, string | undefined>;
  rawQuery: string;
  /** The value of the browser-binding cookie set by start, if the browser sent it. */
  binding: string | null;
  ip: string;
  log: SocialLog;
}

/**
 * Sign-in with Google or Facebook: OpenID Connect authorization code flow with PKCE, state and
 * nonce (openid-client). A provider account is linked to one member per merchant; the first
 * sign-in makes an ordinary member for it. Every sign-in ends in LoginService like the others.
 */
export class SocialService {
  private readonly clients = new OidcClients();
  private started = 0;

  constructor(private readonly deps: SocialDeps) {}

  private usable(merchant: MerchantState, provider: SocialProvider): UsableProvider {
    const p = usableProvider(accountSettings(merchant).social, provider, this.deps.env ?? process.env);
    if (!p) throw new AppError('social.provider.disabled');
    return p;
  }

  private async configuration(p: UsableProvider, log: SocialLog) {
    try {
      return await this.clients.configuration(p);
    } catch (err) {
      log.warn({ err, provider: p.provider, issuer: p.issuer }, 'social sign-in: discovery failed');
      throw new AppError('social.failed');
    }
  }

  /**
   * Stores a new attempt and returns the provider's authorization URL, plus the value of the
   * cookie that binds the attempt to this browser (so a callback URL made by someone else's
   * attempt cannot sign this browser in).
   */
  async start(
    input: StartInput,
    linkMember: MemberRow | null = null,
  ): Promise<{ location: string; binding: string }> {
    const { merchant, provider } = input;
    const usable = this.usable(merchant, provider);
    const redirectUri = `${callbackOrigin(merchant, input.protocol, input.host)}${socialCallbackPath(provider)}`;
    const config = await this.configuration(usable, input.log);

    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const binding = randomToken();
    const now = this.deps.clock.now();
    const db = this.deps.database.db;
    await insertOauthState(db, {
      stateHash: sha256Hex(state),
      merchantCode: merchant.code,
      provider,
      bindingHash: sha256Hex(binding),
      nonce,
      codeVerifier,
      redirectUri,
      returnTo: input.returnTo,
      site: input.site,
      language: requestLanguage(merchant, input.language),
      createdAt: new Date(now),
      expiresAt: new Date(now + STATE_TTL_MS),
      linkMemberId: linkMember?.id ?? null,
    });
    if (++this.started % PURGE_EVERY === 0) await purgeOauthStates(db, new Date(now));

    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPES[provider],
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { location: url.href, binding };
  }

  /** Finishes an attempt: the redirect target with a hand-off ticket for the member. */
  async callback(input: CallbackInput): Promise<{ location: string; member: MemberRow }> {
    const { provider, query } = input;
    const state = query.state;
    if (!state) throw new AppError('social.state.invalid');
    // Single use: the attempt is gone whatever happens next.
    const row = await takeOauthState(this.deps.database.db, sha256Hex(state));
    const fresh =
      row !== null &&
      row.provider === provider &&
      row.expiresAt.getTime() > this.deps.clock.now() &&
      input.binding !== null &&
      sameHex(row.bindingHash, sha256Hex(input.binding));
    if (!fresh || !row) throw new AppError('social.state.invalid');
    if (row.linkMemberId === null) return this.finish(input, row, state);
    // A link started from a page of the member's own (the security centre): a failure goes back
    // there, with its code, rather than to the home page.
    try {
      return await this.finish(input, row, state);
    } catch (e) {
      if (e instanceof AppError) throw new SocialLinkFailed(e.code, row.returnTo);
      throw e;
    }
  }

  private async finish(
    input: CallbackInput,
    row: NonNullable<Awaited<ReturnType<typeof takeOauthState>>>,
    state: string,
  ): Promise<{ location: string; member: MemberRow }> {
    const { provider, query, log } = input;
    const merchant = await this.deps.store.get(row.merchantCode);
    if (!merchant) throw new AppError('merchant.unknown');

    if (query.error) {
      log.warn({ provider, error: query.error }, 'social sign-in: provider returned an error');
      throw new AppError(query.error === 'access_denied' ? 'social.denied' : 'social.failed');
    }
    const usable = this.usable(merchant, provider);
    const config = await this.configuration(usable, log);
    const currentUrl = new URL(row.redirectUri);
    currentUrl.search = input.rawQuery;
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: row.codeVerifier,
        expectedState: state,
        expectedNonce: row.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      log.warn({ err, provider }, 'social sign-in: code exchange or ID token check failed');
      throw new AppError('social.failed');
    }
    if (!claims?.sub) throw new AppError('social.failed');

    if (row.linkMemberId !== null) {
      return this.finishLink(merchant, provider, row.linkMemberId, claims, row.returnTo, input.ip);
    }
    const site = row.site;
    let member = await findLinkedMember(this.deps.database.db, merchant.code, provider, claims.sub);
    // A new member is never of an agent type, so the agent site cannot make one.
    if (!member && site === 'agent') throw new AppError('login.agent.only');
    member ??= await this.createLinked(merchant, provider, claims, row.language);
    if (member.status !== 'active') throw new AppError('login.not.member');
    assertMaySignIn(merchant, member, site);
    // The landing page gets a one-time hand-off ticket, never a session token (access logs,
    // history, Referer); it redeems the ticket by POST for the session.
    const issued = await this.deps.handoff.issue(merchant, member, input.ip, row.returnTo, 'social-ticket');
    return {
      location: issued.url,
      member,
    };
  }

  /**
   * A link started by a signed-in member (bindings): the provider account is linked to that
   * member unless it is linked to another one, or the member has this provider linked already.
   * The browser goes back to the page that started it with `linked=<provider>`.
   */
  private async finishLink(
    merchant: MerchantState,
    provider: SocialProvider,
    memberId: number,
    claims: client.IDToken,
    returnTo: string,
    ip: string,
  ): Promise<{ location: string; member: MemberRow }> {
    const db = this.deps.database.db;
    const member = await findById(db, merchant.code, memberId);
    if (member?.status !== 'active') throw new AppError('login.not.member');
    const other = await findLinkedMember(db, merchant.code, provider, claims.sub);
    if (other && other.id !== member.id) throw new AppError('social.already.linked');
    if (!other) {
      const own = await listSocialIdentities(db, member.id);
      if (own.some((r) => r.provider === provider)) throw new AppError('social.already.linked');
      const at = new Date(this.deps.clock.now());
      const event: SecurityEvent = { kind: 'binding.social_linked', ip, at, detail: { provider } };
      try {
        await db.transaction(async (tx) => {
          await insertSocialIdentity(tx, {
            merchantCode: merchant.code,
            provider,
            subject: claims.sub,
            memberId: member.id,
            email: verifiedEmail(claims),
            createdAt: at,
          });
          await this.deps.events?.record(tx, member, event);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('social.already.linked');
        throw e;
      }
      await this.deps.events?.announce(merchant, member, event);
      await this.deps.onLinked?.(merchant, member, event);
    }
    const sep = returnTo.includes('?') ? '&' : '?';
    return { location: `${returnTo}${sep}linked=${provider}`, member };
  }

  /**
   * An ordinary member without a password for a provider account, linked in the same
   * transaction. Another callback of the same account may win the race: then its member is used.
   */
  private async createLinked(
    merchant: MerchantState,
    provider: SocialProvider,
    claims: client.IDToken,
    language: string,
  ): Promise<MemberRow> {
    const db = this.deps.database.db;
    const subject = claims.sub;
    const email = verifiedEmail(claims);
    const base = accountBase(claims, provider);
    for (let attempt = 0; attempt < 8; attempt++) {
      const account = `${base}${randomDigits(4)}`;
      if (await accountTaken(db, merchant.code, account)) continue;
      const now = new Date(this.deps.clock.now());
      try {
        return await db.transaction(async (tx) => {
          const member = await insertMember(tx, {
            merchantCode: merchant.code,
            account,
            userName: account,
            nickname: displayName(claims),
            email,
            type: 0,
            profile: { registerMethod: provider.toUpperCase() },
            language,
            createdAt: now,
          });
          await insertSocialIdentity(tx, {
            merchantCode: merchant.code,
            provider,
            subject,
            memberId: member.id,
            email,
            createdAt: now,
          });
          return member;
        });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        const linked = await findLinkedMember(db, merchant.code, provider, subject);
        if (linked) return linked;
        // The account name was taken in the meantime: try another one.
      }
    }
    throw new Error('could not find a free account name for a social sign-in');
  }
}

/**
 * The origin the provider sends the browser back to: the one the sign-in started on, so the
 * token lands on the same site. Only the merchant's own domains (and loopback, for local use)
 * qualify; the provider also refuses any redirect_uri not registered with it.
 */
export function callbackOrigin(merchant: MerchantState, protocol: string, host: string): string {
  if (!HOST_PATTERN.test(host) || (protocol !== 'http' && protocol !== 'https')) {
    throw new AppError('request.invalid', undefined, { host: 'not a site domain' });
  }
  const hostname = host.replace(/:[0-9]{1,5}$/, '').toLowerCase();
  const config = merchant.config;
  const ours =
    LOOPBACK_HOSTS.has(hostname) ||
    hostname === config.mainDomain.toLowerCase() ||
    config.domainRoutes.some((d) => d.domain.toLowerCase() === hostname);
  if (!ours) throw new AppError('request.invalid', undefined, { host: 'not a site domain' });
  return new URL(`${protocol}://${host}`).origin;
}

/** Letters and digits of the member's name or email, starting with a letter; 3–12 characters. */
export function accountBase(claims: client.IDToken, provider: SocialProvider): string {
  const sources = [
    claims.given_name,
    claims.name,
    typeof claims.email === 'string' ? claims.email.split('@')[0] : '',
  ];
  for (const source of sources) {
    if (typeof source !== 'string') continue;
    const cleaned = source
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/^[0-9]+/, '')
      .slice(0, 12);
    if (cleaned.length >= 3) return cleaned;
  }
  return provider;
}

function displayName(claims: client.IDToken): string | null {
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 64) : '';
  return name || null;
}

/** Only an address the provider says it verified is kept. */
function verifiedEmail(claims: client.IDToken): string | null {
  const email = claims.email;
  if (claims.email_verified !== true || typeof email !== 'string') return null;
  const trimmed = email.trim();
  return trimmed && trimmed.length <= 255 ? trimmed : null;
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: unknown; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (c.code === '23505') return true;
  }
  return false;
};
