import { envelopeSchema, failureEnvelopeSchema, type MerchantConfig, routes } from '@aurum/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../db/schema.ts';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MEMBER,
  engines,
  lastCodeSent,
  loginAs,
  nextIp,
  setFeature as setFeatureOf,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { findByAccount, insertMember, listDownline } from './repository.ts';

const CAPTCHA = 'M4RK';

describe.each(engines)('members on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock, captchaText: () => CAPTCHA });
  });
  afterAll(async () => t.close());

  const get = (url: string, token?: string, ip = nextIp()) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: ip,
    });
  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  const memberCount = async () => Number((await t.db.database.db.select({ n: count() }).from(members))[0]!.n);
  const setConfig = (change: (c: MerchantConfig) => void) => setMerchantConfig(t.app, change);
  const setFeature = (modId: string, on: boolean) => setFeatureOf(t.app, modId, on);

  let mobileSeq = 1000;
  /** A fresh Philippine mobile number, national form and E.164. */
  const newMobile = () => {
    mobileSeq += 1;
    return { national: `0917111${mobileSeq}`, e164: `+63917111${mobileSeq}` };
  };
  const registerCode = async (mobile: { national: string; e164: string }) => {
    clock.advance(2 * SECOND_MS);
    const res = await t.app.inject({
      method: 'POST',
      url: routes.smsNoLogin.path,
      headers: siteHeaders(),
      payload: { purpose: 'register', mobileNum: mobile.national, countryDialingCode: '63' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    return lastCodeSent(t, mobile.e164);
  };
  const registration = async (over: Record<string, unknown> = {}) => {
    const mobile = newMobile();
    return {
      mobile,
      body: {
        username: `player${mobileSeq}`,
        password: 'Quiet-River-42',
        confirmPassword: 'Quiet-River-42',
        mobileNum: mobile.national,
        countryDialingCode: '63',
        verificationCode: await registerCode(mobile),
        agreeTerms: true,
        registerMethod: 'WEB',
        registerUrl: 'https://aurum.example/register?referralCode=AGENT01',
        domain: 'aurum.example',
        login: true,
        ...over,
      } as Record<string, unknown>,
    };
  };
  const register = (body: unknown, headers: Record<string, string> = {}) =>
    callEncrypted(t.app, 'PUT', routes.register.path, body, { headers });

  describe('member info', () => {
    it('shows the signed-in member only, with contact details masked', async () => {
      const demo = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      const agent = await loginAs(t.app, 'agent01', 'Agent1234');
      const res = await get(routes.memberInfo.path, demo.token);
      const body = envelopeSchema(routes.memberInfo.response).parse(res.json());
      if (!body.success) throw new Error(res.body);
      expect(body.value).toMatchObject({
        id: demo.id,
        account: 'demo',
        nickname: 'Demo',
        type: 0,
        mobile: '+63917****567',
        email: 'de***@aurum.example',
        language: 'EN',
        isAgent: false,
        isTrial: false,
        pwdEnabled: false,
        hasPassword: true,
        hasFreePlay: true,
        showVerCodeLogin: true,
        clubLabel: null,
        hasVip: false,
        vipLabelName: null,
        vipRankLevel: 0,
      });
      expect((await get(routes.memberInfo.path, agent.token)).json().value.id).toBe(agent.id);
      // There is no way to ask for someone else: an id is refused, the token decides.
      expectFailure(
        await get(`${routes.memberInfo.path}?id=${agent.id}`, demo.token),
        400,
        'request.invalid',
      );
      expectFailure(await get(routes.memberInfo.path), 401, 'user.or.token.invalid');
    });

    it('records the first login once', async () => {
      const demo = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      expect(demo.firstTimeLogin).toBe(true);
      const post = () =>
        t.app.inject({
          method: 'POST',
          url: routes.firstLogin.path,
          headers: siteHeaders({ authorization: demo.token }),
        });
      const first = (await post()).json().value.firstLoginAt;
      expect(first).toBe(clock.now());
      clock.advance(MINUTE_MS);
      expect((await post()).json().value.firstLoginAt).toBe(first);
      expect((await loginAs(t.app, 'demo', DEMO_MEMBER.password)).firstTimeLogin).toBe(false);
    });

    it('keeps the member language, among the supported ones', async () => {
      const { token } = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      const put = (payload: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: routes.memberLanguage.path,
          headers: siteHeaders({ authorization: token }),
          payload: payload as object,
        });
      expect((await put({ language: 'CN' })).json()).toEqual({ success: true, value: { language: 'CN' } });
      expect((await get(routes.memberInfo.path, token)).json().value.language).toBe('CN');
      expectFailure(await put({ language: 'JA' }), 400, 'validation.failed');
      expectFailure(await put({ language: 'xx' }), 400, 'request.invalid');
      expectFailure(await put({ language: 'EN', extra: 1 }), 400, 'request.invalid');
      await put({ language: 'EN' });
    });
  });

  describe('register look-ups', () => {
    it('serves the rules and sign-in switches', async () => {
      const res = await get(routes.registerSettings.path);
      const body = envelopeSchema(routes.registerSettings.response).parse(res.json());
      if (!body.success) throw new Error(res.body);
      expect(body.value.signIn).toMatchObject({
        USERNAMEREG3: true,
        MOBILENUMREG3: true,
        REGMOBVERF3: true,
        FREEPLAY3: true,
      });
      expect(body.value).toMatchObject({
        ageLimit: 18,
        birthdayMinAge: 21,
        smsValidityMinutes: 5,
        loginCaptcha: false,
      });
      expect(body.value.rules.find((r) => r.key === 'username')).toMatchObject({
        enabled: true,
        required: true,
        minLength: 4,
        maxLength: 16,
        patternId: 'LETTER_FIRST_ALNUM',
      });
    });

    it('tells whether a user name is free, in any case', async () => {
      expect((await get(`${routes.checkUsername.path}?username=Free1User`)).json().value).toEqual({
        username: 'Free1User',
        available: true,
      });
      expect((await get(`${routes.checkUsername.path}?username=DeMo`)).json().value.available).toBe(false);
      expect(
        expectFailure(await get(`${routes.checkUsername.path}?username=1bad`), 400, 'validation.failed')
          .details,
      ).toEqual({
        username: 'pattern_letter_first_alnum',
      });
      expectFailure(await get(routes.checkUsername.path), 400, 'request.invalid');
    });

    it('checks affiliate codes of agents', async () => {
      expect((await get(`${routes.affiliateCheck.path}?code=agent01&domain=aurum.example`)).json()).toEqual({
        success: true,
        value: { code: 'AGENT01', valid: true },
      });
      expectFailure(await get(`${routes.affiliateCheck.path}?code=NOPE99`), 400, 'affiliate.invalid');
      expectFailure(
        await get(`${routes.affiliateCheck.path}?code=x&domain=<script>`),
        400,
        'request.invalid',
      ); // A page on a domain that is not the merchant's (nor the host serving it) is refused.
      expectFailure(
        await get(`${routes.affiliateCheck.path}?code=agent01&domain=aurum-bonus.example`),
        403,
        'domain_not_available',
      );
      expect((await get(`${routes.affiliateCheck.path}?code=agent01&domain=localhost`)).statusCode).toBe(200);
    });
  });

  describe('registration by user name', () => {
    it('registers under the affiliate agent and signs in', async () => {
      const { body, mobile } = await registration({
        affiliateCode: 'agent01',
        email: 'new.player@example.com',
      });
      const res = await register(body, { language: 'CN' });
      const parsed = envelopeSchema(routes.register.response).parse(res.json());
      if (!parsed.success) throw new Error(res.body);
      expect(parsed.value.account).toBe(body.username);
      const token = parsed.value.login!.token;
      const me = (await get(routes.memberInfo.path, token)).json().value;
      expect(me).toMatchObject({ account: body.username, language: 'CN', type: 0 });
      const row = (await findByAccount(t.db.database.db, 'AURUM', body.username as string))!;
      const agent = (await findByAccount(t.db.database.db, 'AURUM', 'agent01'))!;
      expect(row).toMatchObject({ uplineId: agent.id, path: `${agent.path}${row.id}/`, mobile: mobile.e164 });
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.profile).toMatchObject({ registerMethod: 'WEB', domain: 'aurum.example' });
      expect(JSON.stringify(row)).not.toContain('Quiet-River-42');
      await loginAs(t.app, body.username as string, 'Quiet-River-42');
    });

    it("refuses a registration from a page on a domain that is not the merchant's, and stores nothing", async () => {
      const before = await memberCount();
      const { body } = await registration({ domain: 'aurum-bonus.example' });
      expectFailure(await register(body), 403, 'domain_not_available');
      expect(await memberCount()).toBe(before);
      // The merchant's own domains and the host serving the site are taken.
      const served = await registration({ domain: 'localhost' });
      expect((await register(served.body)).statusCode).toBe(200);
    });

    it('returns no session without login: true', async () => {
      const { body } = await registration({ login: false });
      expect((await register(body)).json().value.login).toBeNull();
    });

    it('refuses a taken name in any case and a taken number', async () => {
      const { body } = await registration({ username: 'DEMO' });
      expectFailure(await register(body), 409, 'account.exists');
      const taken = await registration();
      const ok = await register(taken.body);
      expect(ok.statusCode).toBe(200);
      const again = await registration({ mobileNum: taken.mobile.national });
      // The code was sent to a new number; the taken one is refused before any code is read.
      expectFailure(await register(again.body), 409, 'mobile.exists');
    });

    it('reports every broken rule per field, and stores nothing', async () => {
      const before = await memberCount();
      const { body } = await registration();
      const res = await register({
        ...body,
        username: 'ab',
        password: 'short1',
        confirmPassword: 'different1',
        email: 'not-an-email',
        agreeTerms: false,
        mobileNum: '12',
      });
      expect(expectFailure(res, 400, 'validation.failed').details).toEqual({
        username: 'length_invalid',
        password: 'password_too_short',
        confirmPassword: 'entries_differ',
        email: 'pattern_email',
        agreeTerms: 'terms_not_agreed',
        mobileNum: 'length_invalid',
      });
      expectFailure(await register({ ...body, mobileNum: '28123456' }), 400, 'validation.failed');
      expectFailure(await register({ ...body, qqNum: '12345' }), 400, 'validation.failed');
      expectFailure(await register({ ...body, verificationCode: undefined }), 400, 'validation.failed');
      expect(await memberCount()).toBe(before);
    });

    it('holds the password to the policy, with the reason, and stores nothing', async () => {
      const before = await memberCount();
      const { body } = await registration();
      const attempt = (password: string) => register({ ...body, password, confirmPassword: password });
      const reason = async (password: string) =>
        expectFailure(await attempt(password), 400, 'validation.failed').details;
      expect(await reason('Ab3$xyz')).toEqual({ password: 'password_too_short' });
      expect(await reason(`${String(body.username).toUpperCase()}!x`)).toEqual({
        password: 'password_contains_account',
      });
      expect(await reason('abc12345')).toEqual({ password: 'password_breached' });
      expect(await reason('iloveyou2')).toEqual({ password: 'password_breached' });
      expect(await memberCount()).toBe(before);
      // The SMS code was not used up by the refusals.
      const spaced = 'a quiet river at dawn, 月';
      expect((await attempt(spaced)).statusCode).toBe(200);
      await loginAs(t.app, String(body.username), spaced);
    });

    it('refuses wrong, replayed and expired SMS codes', async () => {
      const { body } = await registration();
      const wrong = String((Number(body.verificationCode) + 1) % 1_000_000).padStart(6, '0');
      expectFailure(await register({ ...body, verificationCode: wrong }), 400, 'sms.code.invalid');
      expect((await register(body)).statusCode).toBe(200);
      expectFailure(await register({ ...body, username: 'another1' }), 409, 'mobile.exists');

      const late = await registration();
      clock.advance(5 * MINUTE_MS + SECOND_MS);
      expectFailure(await register(late.body), 400, 'sms.code.expired');
    });

    it('refuses an unknown affiliate or referral code', async () => {
      const { body } = await registration({ affiliateCode: 'NOPE99' });
      expect(expectFailure(await register(body), 400, 'affiliate.invalid').details).toEqual({
        affiliateCode: 'invalid_invitation_code',
      });
      const ref = await registration({ referralCode: 'NOPE99' });
      expectFailure(await register(ref.body), 400, 'affiliate.invalid');
    });

    it('turns injection strings in every field into a 4xx and stores nothing', async () => {
      const attacks = [
        "' OR '1'='1' --",
        '<script>alert(1)</script>',
        'Robert"); DROP TABLE members;--',
        '#{7*7}{{7*7}}$(id)',
      ];
      const { body } = await registration();
      const before = await memberCount();
      const fields = Object.keys(body).concat([
        'email',
        'payeeName',
        'affiliateCode',
        'referralCode',
        'nickname',
        'line',
      ]);
      for (const field of fields) {
        for (const attack of attacks) {
          const res = await register({ ...body, [field]: attack });
          expect(res.statusCode, `${field}=${attack}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${field}=${attack}`).toBeLessThan(500);
          expect(failureEnvelopeSchema.parse(res.json()).errorCode).toMatch(/^[a-z.]+$/);
        }
      }
      expect(await memberCount()).toBe(before);
      // The untouched form still works: nothing above used up its code.
      expect((await register(body)).statusCode).toBe(200);
    });

    it('asks for a captcha when the merchant enables it, and follows the switches', async () => {
      await setConfig((c) => {
        c.accounts.rules.find((r) => r.key === 'captcha')!.enabled = true;
      });
      const { body } = await registration();
      expectFailure(await register(body), 400, 'validation.failed');
      expectFailure(await register({ ...body, captcha: 'XXXX', captchaId: 'nope' }), 400, 'captcha.invalid');
      const captcha = await get(routes.captcha.path);
      const ok = await register({ ...body, captcha: CAPTCHA, captchaId: captcha.json().value.captchaId });
      expect(ok.statusCode).toBe(200);
      await setConfig((c) => {
        c.accounts.rules.find((r) => r.key === 'captcha')!.enabled = false;
      });

      await setFeature('USERNAMEREG3', false);
      expectFailure(await register(body), 403, 'feature.disabled');
      await setFeature('USERNAMEREG3', true);
    });

    it('takes only registrations under an agent code when direct registration (DIRECTREG3) is off', async () => {
      await setFeature('DIRECTREG3', false);
      try {
        const before = await memberCount();
        const direct = await registration();
        expectFailure(await register(direct.body), 403, 'feature.disabled');
        expect(await memberCount()).toBe(before);
        const underAgent = await registration({ affiliateCode: 'agent01' });
        expect((await register(underAgent.body)).statusCode).toBe(200);
      } finally {
        await setFeature('DIRECTREG3', true);
      }
    });
  });

  describe('registration by mobile number', () => {
    const registerMobile = (body: unknown) => callEncrypted(t.app, 'PUT', routes.registerMobile.path, body);

    it('makes the number the account, with a password when the option is on', async () => {
      const mobile = newMobile();
      const code = await registerCode(mobile);
      const body = {
        mobileNum: mobile.national,
        countryDialingCode: '63',
        verificationCode: code,
        password: 'Quiet-River-42',
        confirmPassword: 'Quiet-River-42',
        agreeTerms: true,
        registerMethod: 'WEB',
        login: true,
      };
      expectFailure(
        await registerMobile({ ...body, password: undefined, confirmPassword: undefined }),
        400,
        'validation.failed',
      );
      const withNumber = `pw${mobile.national.slice(1)}`;
      expect(
        expectFailure(
          await registerMobile({ ...body, password: withNumber, confirmPassword: withNumber }),
          400,
          'validation.failed',
        ).details,
      ).toEqual({ password: 'password_contains_account' });
      const res = await registerMobile(body);
      expect(res.statusCode).toBe(200);
      expect(res.json().value.account).toBe(mobile.e164.slice(1));
      await loginAs(t.app, mobile.e164.slice(1), 'Quiet-River-42');
      expectFailure(await registerMobile({ ...body, username: 'x' }), 400, 'request.invalid');
    });

    it('registers without a password when the option is off; such members change it without the old one', async () => {
      await setFeature('MOBILENUMPASSREG3', false);
      const mobile = newMobile();
      const body = {
        mobileNum: mobile.national,
        countryDialingCode: '63',
        verificationCode: await registerCode(mobile),
        agreeTerms: true,
        registerMethod: 'WEB',
        login: true,
      };
      expectFailure(
        await registerMobile({ ...body, password: 'Quiet-River-42', confirmPassword: 'Quiet-River-42' }),
        400,
        'validation.failed',
      );
      const res = await registerMobile(body);
      expect(res.statusCode).toBe(200);
      const row = (await findByAccount(t.db.database.db, 'AURUM', mobile.e164.slice(1)))!;
      expect(row.passwordHash).toBeNull();
      await setFeature('MOBILENUMPASSREG3', true);

      const change = await callEncrypted(
        t.app,
        'POST',
        routes.changePassword.path,
        { newPassword: 'Chosen123', confirmNewPassword: 'Chosen123' },
        { token: res.json().value.login.token },
      );
      expect(change.statusCode).toBe(200);
      await loginAs(t.app, mobile.e164.slice(1), 'Chosen123');
    });
  });

  describe('downlines', () => {
    it('are subtree queries on the path', async () => {
      const db = t.db.database.db;
      const agent = (await findByAccount(db, 'AURUM', 'agent01'))!;
      const sub = await insertMember(db, {
        merchantCode: 'AURUM',
        account: 'subagent1',
        userName: 'subagent1',
        type: 2,
        upline: agent,
        affiliateCode: 'SUB1',
        language: 'EN',
        createdAt: new Date(clock.now()),
      });
      const leaf = await insertMember(db, {
        merchantCode: 'AURUM',
        account: 'leaf1',
        userName: 'leaf1',
        type: 0,
        upline: sub,
        language: 'EN',
        createdAt: new Date(clock.now()),
      });
      expect(leaf.path).toBe(`${agent.path}${sub.id}/${leaf.id}/`);
      const all = (await listDownline(db, agent, { limit: 100 })).map((m) => m.account);
      expect(all).toEqual(expect.arrayContaining(['demo', 'subagent1', 'leaf1']));
      expect(all).not.toContain('agent01');
      expect((await listDownline(db, sub, { limit: 100 })).map((m) => m.account)).toEqual(['leaf1']);
      expect(await listDownline(db, leaf, { limit: 100 })).toEqual([]);
      const demo = (await db.select().from(members).where(eq(members.accountLower, 'demo')))[0]!;
      expect(demo.uplineId).toBe(agent.id);
    });
  });
});
