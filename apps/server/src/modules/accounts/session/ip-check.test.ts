import { failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callEncrypted,
  createTestApp,
  DEMO_AGENT,
  DEMO_MEMBER,
  engines,
  lastCodeSent,
  setFeature,
  type TestApp,
} from '../../../testing/app.ts';

const login = (t: TestApp, ip: string, extra: Record<string, unknown> = {}) =>
  callEncrypted(
    t.app,
    'POST',
    routes.login.path,
    { type: 'username', username: DEMO_MEMBER.account, password: DEMO_MEMBER.password, ...extra },
    { ip },
  );

describe.each(engines)('sign-in from an unrecognised network (LOGINIPVERF3) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('is not asked for while the feature is off', async () => {
    expect((await login(t, '203.0.113.1')).statusCode).toBe(200);
    expect((await login(t, '203.0.113.2')).statusCode).toBe(200);
  });

  it('asks a new network for a code sent to the bound mobile, and remembers the network once it is given', async () => {
    await setFeature(t.app, 'LOGINIPVERF3', true);
    // A network the member used before passes.
    expect((await login(t, '203.0.113.1')).statusCode).toBe(200);

    const asked = await login(t, '198.51.100.77');
    expect(asked.statusCode).toBe(400);
    const body = failureEnvelopeSchema.parse(asked.json());
    expect(body.errorCode).toBe('login.ip.verification');
    expect(body.details).toEqual({
      channel: 'sms',
      destination: expect.stringMatching(/\*/),
      channels: 'sms,email',
    });
    expect(body.details?.destination).not.toContain('1234567');
    const code = await lastCodeSent(t, DEMO_MEMBER.mobile);

    const wrong = await login(t, '198.51.100.77', {
      ipVerificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(failureEnvelopeSchema.parse(wrong.json()).errorCode).toBe('sms.code.invalid');
    const ok = await login(t, '198.51.100.77', { ipVerificationCode: code });
    expect(ok.statusCode).toBe(200);
    // Single use, and no longer needed from this network.
    expect((await login(t, '198.51.100.77')).statusCode).toBe(200);
    const reused = await login(t, '198.51.100.78', { ipVerificationCode: code });
    expect(failureEnvelopeSchema.parse(reused.json()).errorCode).toBe('sms.code.invalid');
  });

  it('asks nothing before the password is right: a wrong password gets the usual reply and no code', async () => {
    const before = await lastCodeSent(t, DEMO_MEMBER.mobile);
    const res = await login(t, '198.51.100.90', { password: 'Wrong12345' });
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe('login.failed');
    expect(await lastCodeSent(t, DEMO_MEMBER.mobile)).toBe(before);
  });

  it('refuses a code of another shape without spending a try', async () => {
    const res = await login(t, '198.51.100.91', { ipVerificationCode: '12ab56' });
    expect(res.statusCode).toBe(400);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe('request.invalid');
  });

  it("lets an account's first sign-in through and records its network", async () => {
    // The demo agent has never signed in in this test: nothing to compare with.
    const first = await callEncrypted(
      t.app,
      'POST',
      routes.login.path,
      { type: 'username', username: DEMO_AGENT.account, password: DEMO_AGENT.password, site: 'agent' },
      { ip: '192.0.2.10' },
    );
    expect(first.statusCode).toBe(200);
    const second = await callEncrypted(
      t.app,
      'POST',
      routes.login.path,
      { type: 'username', username: DEMO_AGENT.account, password: DEMO_AGENT.password, site: 'agent' },
      { ip: '192.0.2.11' },
    );
    expect(second.statusCode).toBe(400);
  });
});
