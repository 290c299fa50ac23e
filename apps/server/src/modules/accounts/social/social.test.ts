import {
  type MerchantConfig,
  redirectRoutes,
  routes,
  type SocialProvider,
  socialCallbackPath,
  socialStartUrl,
} from '@aurum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, socialIdentities } from '../../../db/schema.ts';
import { ManualClock, MINUTE_MS } from '../../../platform/clock.ts';
import {
  createTestApp,
  DEMO_AGENT,
  engines,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { countMembers, findByAccount, findById } from '../member/repository.ts';
import { insertSocialIdentity } from './repository.ts';
import { CookieBrowser, startTestProvider, type TestProvider } from './test-provider.ts';

const CLIENT_ID = 'aurum-web';
const CLIENT_SECRET = 'test-client-secret-0123456789';
const SECRET_ENV = 'AURUM_TEST_GOOGLE_CLIENT_SECRET';
/** app.inject talks to the server as Host localhost:80, so that is the site's origin. */
const ORIGIN = 'http://localhost';
const CALLBACK = `${ORIGIN}${socialCallbackPath('google')}`;

const ALICE = {
  sub: 'alice-0001',
  name: 'Alice Liddell',
  given_name: 'Alice',
  email: 'alice@example.com',
  email_verified: true,
};
const BOB = { sub: 'bob-0002', name: 'Bob', email: 'bob.unverified@example.com', email_verified: false };
const CAROL = { sub: 'carol-0003', name: 'Carol', email: 'carol@example.com', email_verified: true };
const ERIN = { sub: 'erin-0005', name: 'Erin', email: 'erin@example.com', email_verified: true };
const DAVE = { sub: 'dave-0004', name: 'Dave', email: 'dave@example.com', email_verified: true };

describe.each(engines)('social sign-in on %s', (engine) => {
  let t: TestApp;
  let idp: TestProvider;
  const clock = new ManualClock(Date.now());

  const setSocial = async (change: (social: MerchantConfig['accounts']['social']) => void) => {
    const config: MerchantConfig = structuredClone((await t.app.merchants.get('AURUM'))!.config);
    change(config.accounts.social);
    await t.app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
  };

  beforeAll(async () => {
    idp = await startTestProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [CALLBACK],
      users: [ALICE, BOB, CAROL, DAVE, ERIN],
    });
    process.env[SECRET_ENV] = CLIENT_SECRET;
    t = await createTestApp(engine, {}, { clock });
    await setSocial((s) => {
      s.google = { enabled: true, issuer: idp.issuer, clientId: CLIENT_ID, clientSecretEnv: SECRET_ENV };
    });
  });
  afterAll(async () => {
    delete process.env[SECRET_ENV];
    await t?.close();
    await idp?.close();
  });

  const start = (provider: string, query: Record<string, string>, ip = nextIp()) =>
    t.app.inject({
      method: 'GET',
      url: `${redirectRoutes.socialStart.path.replace(':provider', provider)}?${new URLSearchParams(query)}`,
      remoteAddress: ip,
    });

  const callback = (url: URL, binding: string | null) =>
    t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: binding ? { cookie: `oauth_binding=${binding}` } : {},
      remoteAddress: nextIp(),
    });

  /** Where a 302 of ours sends the browser. */
  const landing = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location), ORIGIN);
  };
  const expectAuthError = (res: { statusCode: number; headers: Record<string, unknown> }, code: string) => {
    const to = landing(res);
    expect(to.pathname).toBe('/');
    expect(to.searchParams.get('authError')).toBe(code);
    expect(to.searchParams.has('token')).toBe(false);
    expect(to.searchParams.has('ticket')).toBe(false);
  };

  /** Start → provider login and consent, as `user` → the provider's redirect to our callback. */
  const authorize = async (
    user: string,
    query: Record<string, string> = {},
    deny = false,
  ): Promise<{ callbackUrl: URL; binding: string }> => {
    const res = await start('google', { merchant: 'AURUM', ...query });
    const to = landing(res);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^oauth_binding=[A-Za-z0-9_-]{43}; Path=\/wps\/session\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const binding = cookie.split(';')[0]!.split('=')[1]!;
    const callbackUrl = await new CookieBrowser().authorize(to.href, CALLBACK, user, deny);
    return { callbackUrl, binding };
  };

  const signIn = async (user: string, query: Record<string, string> = {}) => {
    const { callbackUrl, binding } = await authorize(user, query);
    return callback(callbackUrl, binding);
  };

  /**
   * The landing page's hand-off: the URL carries a one-time ticket and never a session token; a
   * POST redeems it for the session, once.
   */
  const redeemLanding = async (to: URL) => {
    expect(to.searchParams.has('token')).toBe(false);
    const ticket = to.searchParams.get('ticket')!;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const redeem = () =>
      t.app.inject({
        method: 'POST',
        url: routes.handoffRedeem.path,
        headers: siteHeaders(),
        payload: { ticket },
        remoteAddress: nextIp(),
      });
    const res = await redeem();
    expect(res.statusCode).toBe(200);
    expect((await redeem()).json().errorCode).toBe('handoff.ticket.invalid');
    return res.json().value as { token: string; firstTimeLogin: boolean; id: number };
  };

  const memberInfo = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: routes.memberInfo.path,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });

  const registerSettings = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: routes.registerSettings.path,
        headers: siteHeaders(),
        remoteAddress: nextIp(),
      })
    ).json().value;

  it('offers a provider only when enabled with its secret in the environment', async () => {
    expect((await registerSettings()).socialProviders).toEqual(['google']);
    delete process.env[SECRET_ENV];
    try {
      expect((await registerSettings()).socialProviders).toEqual([]);
      expectAuthError(await start('google', { merchant: 'AURUM' }), 'social.provider.disabled');
    } finally {
      process.env[SECRET_ENV] = CLIENT_SECRET;
    }
  });

  it('signs a new member up through the provider, then signs the same member in again', async () => {
    const membersBefore = await countMembers(t.db.database.db, 'AURUM');
    const first = landing(await signIn(ALICE.sub, { returnTo: '/promotions?tab=new', language: 'CN' }));
    expect(first.pathname).toBe('/promotions');
    expect(first.searchParams.get('tab')).toBe('new');
    const session = await redeemLanding(first);
    expect(session.firstTimeLogin).toBe(true);
    const token = session.token;
    expect(await countMembers(t.db.database.db, 'AURUM')).toBe(membersBefore + 1);

    const info = await memberInfo(token);
    expect(info.statusCode).toBe(200);
    const member = info.json().value;
    expect(member).toMatchObject({
      type: 0,
      isAgent: false,
      isTrial: false,
      email: 'al***@example.com',
      language: 'CN',
    });
    expect(member.account).toMatch(/^alice[0-9]{4}$/);
    expect(member.nickname).toBe('Alice Liddell');
    const row = await findById(t.db.database.db, 'AURUM', member.id);
    expect(row?.passwordHash).toBeNull();
    const [link] = await t.db.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.memberId, member.id));
    expect(link).toMatchObject({
      provider: 'google',
      subject: ALICE.sub,
      email: ALICE.email,
      merchantCode: 'AURUM',
    });

    // The web calls first-login after a first-time sign-in (spec §4).
    const firstLogin = await t.app.inject({
      method: 'POST',
      url: routes.firstLogin.path,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });
    expect(firstLogin.statusCode).toBe(200);

    const again = landing(await signIn(ALICE.sub));
    expect(again.pathname).toBe('/');
    const secondSession = await redeemLanding(again);
    expect(secondSession.firstTimeLogin).toBe(false);
    const second = await memberInfo(secondSession.token);
    expect(second.json().value.id).toBe(member.id);
    expect(await countMembers(t.db.database.db, 'AURUM')).toBe(membersBefore + 1);
  });

  it('keeps an email only when the provider verified it', async () => {
    const to = landing(await signIn(BOB.sub));
    const member = (await memberInfo((await redeemLanding(to)).token)).json().value;
    expect(member.email).toBeNull();
    expect(member.account).toMatch(/^bob[0-9]{4}$/);
  });

  it('refuses a replayed, tampered, cookieless or expired state', async () => {
    const { callbackUrl, binding } = await authorize(CAROL.sub);
    const tampered = new URL(callbackUrl);
    const state = tampered.searchParams.get('state')!;
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    expectAuthError(await callback(tampered, binding), 'social.state.invalid');
    const missing = new URL(callbackUrl);
    missing.searchParams.delete('state');
    expectAuthError(await callback(missing, binding), 'social.state.invalid');

    const ok = landing(await callback(callbackUrl, binding));
    expect(ok.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectAuthError(await callback(callbackUrl, binding), 'social.state.invalid');

    // A callback URL from someone else's attempt (no binding cookie, or another one) fails.
    const other = await authorize(CAROL.sub);
    expectAuthError(await callback(other.callbackUrl, null), 'social.state.invalid');
    const third = await authorize(CAROL.sub);
    expectAuthError(await callback(third.callbackUrl, other.binding), 'social.state.invalid');

    // Ten minutes later the attempt has expired.
    const late = await authorize(CAROL.sub);
    clock.advance(10 * MINUTE_MS + 1);
    expectAuthError(await callback(late.callbackUrl, late.binding), 'social.state.invalid');
  });

  it('refuses return paths that leave the site, storing nothing', async () => {
    const db = t.db.database.db;
    const before = (await db.select().from(oauthStates)).length;
    for (const returnTo of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'promotions',
      '/#x',
      '',
    ]) {
      expectAuthError(await start('google', { merchant: 'AURUM', returnTo }), 'request.invalid');
    }
    expectAuthError(await start('google', { merchant: 'AURUM', site: 'admin' }), 'request.invalid');
    expectAuthError(await start('google', { merchant: 'AURUM', extra: '1' }), 'request.invalid');
    expect((await db.select().from(oauthStates)).length).toBe(before);
  });

  it('refuses a disabled or unknown provider and an unknown or missing merchant', async () => {
    expectAuthError(await start('facebook', { merchant: 'AURUM' }), 'social.provider.disabled');
    expectAuthError(await start('twitter', { merchant: 'AURUM' }), 'social.provider.disabled');
    expectAuthError(await start('google', { merchant: 'NOPE' }), 'merchant.unknown');
    expectAuthError(await start('google', { merchant: "AURUM' OR 1=1" }), 'merchant.unknown');
    expectAuthError(await start('google', {}), 'merchant.required');
    // The start URL the web builds from the contract works as is.
    const url = socialStartUrl('google' as SocialProvider, {
      merchant: 'AURUM',
      returnTo: '/',
      site: 'member',
    });
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
    expect(landing(res).origin).toBe(idp.issuer);
  });

  it('lands a cancelled consent and a failed code exchange on authError', async () => {
    const denied = await authorize(DAVE.sub, {}, true);
    expect(denied.callbackUrl.searchParams.get('error')).toBe('access_denied');
    expectAuthError(await callback(denied.callbackUrl, denied.binding), 'social.denied');

    // The provider refuses the code exchange (wrong client secret).
    const attempt = await authorize(DAVE.sub);
    process.env[SECRET_ENV] = 'not-the-secret';
    try {
      expectAuthError(await callback(attempt.callbackUrl, attempt.binding), 'social.failed');
    } finally {
      process.env[SECRET_ENV] = CLIENT_SECRET;
    }
    // Neither made a member.
    const [link] = await t.db.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.subject, DAVE.sub));
    expect(link).toBeUndefined();
  });

  it('refuses the agent site to a non-agent and makes no member there', async () => {
    const before = await countMembers(t.db.database.db, 'AURUM');
    expectAuthError(await signIn(DAVE.sub, { site: 'agent' }), 'login.agent.only');
    expect(await countMembers(t.db.database.db, 'AURUM')).toBe(before);
    // An existing, linked ordinary member is refused there too.
    expectAuthError(await signIn(ALICE.sub, { site: 'agent' }), 'login.agent.only');
  });

  it('signs an agent whose account is linked in on the agent site', async () => {
    const db = t.db.database.db;
    const agent = (await findByAccount(db, 'AURUM', DEMO_AGENT.account))!;
    await insertSocialIdentity(db, {
      merchantCode: 'AURUM',
      provider: 'google',
      subject: ERIN.sub,
      memberId: agent.id,
      email: null,
      createdAt: new Date(clock.now()),
    });
    const to = landing(await signIn(ERIN.sub, { site: 'agent', returnTo: '/agentHome' }));
    expect(to.pathname).toBe('/agentHome');
    const info = (await memberInfo((await redeemLanding(to)).token)).json().value;
    expect(info).toMatchObject({ id: agent.id, account: DEMO_AGENT.account, isAgent: true });
  });
});
