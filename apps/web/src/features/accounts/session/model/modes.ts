import type { RegisterSettings } from '@aurum/contract';

type SignIn = RegisterSettings['signIn'];

export type LoginMode = 'username' | 'sms';
export type RegisterMode = 'register' | 'registerMobile';

/**
 * Login methods in order (spec §2 Login modal): username (unless the merchant signs in by SMS
 * only) and SMS (MOBILEVERCODELOGIN3). The first is the default; a switch shows for two.
 */
export function loginModes(signIn: SignIn | undefined): LoginMode[] {
  if (!signIn) return ['username'];
  const modes: LoginMode[] = [];
  if (signIn.USERNAMEREG3 || !signIn.MOBILEVERCODELOGIN3) modes.push('username');
  if (signIn.MOBILEVERCODELOGIN3) modes.push('sms');
  return modes;
}

/** Register methods (spec §2 Register modal): username (USERNAMEREG3), mobile (MOBILENUMREG3). */
export function registerModes(signIn: SignIn | undefined): RegisterMode[] {
  if (!signIn) return ['register'];
  const modes: RegisterMode[] = [];
  if (signIn.USERNAMEREG3) modes.push('register');
  if (signIn.MOBILENUMREG3) modes.push('registerMobile');
  return modes;
}
