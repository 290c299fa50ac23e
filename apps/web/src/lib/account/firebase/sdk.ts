import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  connectAuthEmulator,
  getAuth,
  RecaptchaVerifier,
  signInWithPhoneNumber,
} from 'firebase/auth';
import type { FirebasePhoneConfig, PhoneConfirmation } from './phone';

/**
 * The Firebase SDK side of the firebase channel; only phone.ts imports it, dynamically, so the
 * SDK is its own chunk that sites with the channel off never load.
 */
const APP_NAME = 'aurum-phone';

function authOf(config: FirebasePhoneConfig): Auth {
  const existing = getApps().find((a) => a.name === APP_NAME);
  const app: FirebaseApp =
    existing ??
    initializeApp(
      { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
      APP_NAME,
    );
  const auth = getAuth(app);
  if (config.emulatorHost && !auth.emulatorConfig) {
    connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true });
    // The emulator takes any reCAPTCHA answer: none is shown (tests and development only).
    auth.settings.appVerificationDisabledForTesting = true;
  }
  return auth;
}

export async function sendCode(
  config: FirebasePhoneConfig,
  e164: string,
  host: HTMLElement,
): Promise<PhoneConfirmation> {
  const auth = authOf(config);
  // A fresh element per attempt: a reCAPTCHA renders once per element.
  const slot = document.createElement('div');
  host.appendChild(slot);
  const verifier = new RecaptchaVerifier(auth, slot, { size: 'invisible' });
  try {
    const confirmation = await signInWithPhoneNumber(auth, e164, verifier);
    return {
      async confirm(code) {
        const credential = await confirmation.confirm(code);
        const token = await credential.user.getIdToken();
        // The Firebase sign-in only proved the number: the site's own session follows registration.
        await auth.signOut();
        return token;
      },
    };
  } finally {
    verifier.clear();
    slot.remove();
  }
}
