import type { TwoFactorStatus } from '@aurum/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../../../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { TwoFactorPanel } from './two-factor-panel';

configure({ asyncUtilTimeout: 15_000 });

const memberInfo = {
  id: 1,
  account: 'demo',
  userName: 'demo',
  nickname: null,
  type: 0,
  mobile: null,
  regDate: 0,
  email: null,
  language: 'EN',
  isAgent: false,
  isTrial: false,
  pwdEnabled: true,
  hasPassword: true,
  hasFreePlay: false,
  showVerCodeLogin: false,
  clubLabel: null,
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: 0,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const setup = {
  uri: `otpauth://totp/Aurum:demo?issuer=Aurum&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`,
  secret: SECRET,
  issuer: 'Aurum',
  account: 'demo',
};
const CODES = Array.from(
  { length: 10 },
  (_, i) => `ABCD-EFGH-JK${String.fromCharCode(77 + (i % 2))}${i + 2}`,
);
const off: TwoFactorStatus = { bound: false, boundAt: null, recoveryCodesLeft: 0, hasPassword: true };
const on: TwoFactorStatus = {
  bound: true,
  boundAt: Date.parse('2026-04-01T08:00:00Z'),
  recoveryCodesLeft: 10,
  hasPassword: true,
};

beforeEach(() => startSession('tok', 'demo'));
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

describe('the security centre’s two-factor authentication', () => {
  it('binds an app: QR code and key, the first code and the password, then the recovery codes once', async () => {
    let status = off;
    const server = fakeServer({
      'GET /wps/member/info': () => ok(memberInfo),
      'GET /wps/member/security/twofactor': () => ok(status),
      'POST /wps/member/security/twofactor/setup': () => ok(setup),
      'POST /wps/member/security/twofactor/confirm': (call) => {
        const { code } = call.body as { code: string };
        if (code !== '246810') return fail(400, 'two.factor.code.invalid');
        status = on;
        return ok({ recoveryCodes: CODES });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPanel />);
    expect(await screen.findByText('Off')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bind an authenticator app' }));

    expect(
      await screen.findByRole('img', { name: 'QR code with the key for your authenticator app' }),
    ).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the key' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6-digit code your app shows.')).toBeTruthy();
    expect(screen.getByText('Enter your login password.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/member/security/twofactor/confirm')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Code from the app' }), '135790');
    await user.type(screen.getByLabelText('Login password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is wrong or was already used. Please try again.')).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Code from the app' });
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Save your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(server.callsTo('POST', '/wps/member/security/twofactor/confirm').at(-1)?.body).toEqual({
      code: '246810',
      password: 'Demo1234',
    });
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(done);
    expect(await screen.findByText(/^On since/)).toBeTruthy();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
    // Once left, the codes are not shown again.
    expect(screen.queryByText(CODES[0]!)).toBeNull();
  }, 20_000);

  it('unbinds with a code or recovery code and the password', async () => {
    let status = on;
    const server = fakeServer({
      'GET /wps/member/info': () => ok(memberInfo),
      'GET /wps/member/security/twofactor': () => ok(status),
      'POST /wps/member/security/twofactor/unbind': (call) => {
        const { password } = call.body as { password: string };
        if (password !== 'Demo1234') return fail(400, 'password.old.wrong');
        status = off;
        return ok({ bound: false });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPanel />);
    await user.click(await screen.findByRole('button', { name: 'Unbind' }));
    const code = screen.getByRole('textbox', { name: 'Code or recovery code' });
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(screen.getByText('Enter the 6-digit code or a recovery code.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'abcd-efgh-jkmn');
    await user.type(screen.getByLabelText('Login password'), 'Wrong-1234');
    await user.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy();
    const password = screen.getByLabelText('Login password');
    await user.clear(password);
    await user.type(password, 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/member/security/twofactor/unbind').at(-1)?.body).toEqual({
      code: 'abcd-efgh-jkmn',
      password: 'Demo1234',
    });
  }, 20_000);

  it('makes new recovery codes for a code of the app, shown once', async () => {
    const server = fakeServer({
      'GET /wps/member/info': () => ok(memberInfo),
      'GET /wps/member/security/twofactor': () => ok({ ...on, recoveryCodesLeft: 2 }),
      'POST /wps/member/security/twofactor/recovery': () => ok({ recoveryCodes: CODES }),
    });
    const user = userEvent.setup();
    renderWithApp(<TwoFactorPanel />);
    expect(await screen.findByText('2 recovery codes left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(screen.queryByLabelText('Login password')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Code or recovery code' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByText(CODES[0]!)).toBeTruthy();
    expect(server.callsTo('POST', '/wps/member/security/twofactor/recovery')[0]?.body).toEqual({
      code: '246810',
    });
  });

  it('asks a member without a login password to set one first', async () => {
    fakeServer({
      'GET /wps/member/info': () => ok({ ...memberInfo, hasPassword: false }),
      'GET /wps/member/security/twofactor': () => ok({ ...off, hasPassword: false }),
    });
    renderWithApp(<TwoFactorPanel />);
    expect(await screen.findByText(/Set a login password first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bind an authenticator app' })).toBeNull();
  });
});
