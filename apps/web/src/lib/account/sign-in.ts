import type { Brand, LoginValue } from '@aurum/contract';
import { type SessionProfile, startSession } from '../session/session-store';
import { recordFirstLogin } from './first-login';

/** The session profile a login reply tells: agent and trial flags come from the member type. */
export function profileOf(value: LoginValue, brand: Pick<Brand, 'agentType' | 'trialType'>): SessionProfile {
  return {
    account: value.userName,
    username: value.userName,
    customerId: value.id,
    isAgent: brand.agentType.includes(value.customerType),
    isTrial: brand.trialType.includes(value.customerType),
  };
}

/**
 * Starts the session of a login reply; a first login is recorded (POST /wps/member/firstLogin).
 * Every way in (the login forms, free play from the header or from a game) goes through here.
 */
export function beginSession(value: LoginValue, brand: Pick<Brand, 'agentType' | 'trialType'>): void {
  startSession(value.token, profileOf(value, brand));
  if (value.firstTimeLogin) void recordFirstLogin();
}
