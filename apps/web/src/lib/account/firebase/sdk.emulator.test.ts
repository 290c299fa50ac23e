import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AuthEmulator,
  EMULATOR_API_KEY,
  startAuthEmulator,
} from '../../../../../server/src/testing/firebase-emulator';
import { firebaseErrorKey } from './phone';
import { sendCode } from './sdk';

// Node resolves firebase/auth to its Node build, which has no phone sign-in: the browser's it is.
vi.mock('firebase/auth', () => import('../../../../../../node_modules/@firebase/auth/dist/esm/index.js'));

/**
 * The firebase channel's SDK side, the real Firebase web SDK (firebase/app, firebase/auth)
 * against the Firebase Authentication emulator of firebase-tools: one emulator for the file.
 */
describe('Firebase phone sign-in against the Auth emulator', () => {
  let emulator: AuthEmulator;
  const host = document.createElement('div');
  const config = () => ({
    apiKey: EMULATOR_API_KEY,
    authDomain: `${emulator.projectId}.firebaseapp.com`,
    projectId: emulator.projectId,
    emulatorHost: emulator.host,
  });

  beforeAll(async () => {
    emulator = await startAuthEmulator('demo-aurum-web');
    document.body.append(host);
  }, 180_000);
  afterAll(async () => {
    await emulator?.stop();
    host.remove();
  }, 60_000);

  it('sends a code, refuses a wrong one and gives the ID token of the number for the right one', async () => {
    const confirmation = await sendCode(config(), '+639171234567', host);
    const code = await emulator.lastCode('+639171234567');
    expect(code).toMatch(/^[0-9]{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await confirmation.confirm(wrong).catch((e: unknown) => e);
    expect(firebaseErrorKey(refused)).toBe('errors.smsInvalid');
    const token = await confirmation.confirm(code!);
    const lookup = await fetch(
      `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${EMULATOR_API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken: token }),
      },
    );
    const body = (await lookup.json()) as { users: { phoneNumber: string }[] };
    expect(body.users[0]?.phoneNumber).toBe('+639171234567');
    // The reCAPTCHA slot of the attempt is gone again.
    expect(host.childElementCount).toBe(0);
  });

  it('turns an invalid number into the §8 text', async () => {
    const failure = await sendCode(config(), '0917 not a number', host).catch((e: unknown) => e);
    expect((failure as { code?: string }).code).toBe('auth/invalid-phone-number');
    expect(firebaseErrorKey(failure)).toBe('errors.phoneInvalid');
  });
});
