import type { Brand, LoginValue } from '@aurum/contract';
import { type SessionProfile, startSession } from '../session/session-store';
import { removeStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';
import { recordFirstLogin } from './first-login';

/** The session profile a login reply tells: agent and trial flags come from the member type. */
export function profileOf(value: LoginValue, brand: Pick<Brand, 'agentType' | 'trialType'>): SessionProfile {
  return {
    account: value.userName,
    username: value.userName,
    customerId: value.id,
    isAgent: brand.agentType.includes(value.customerType),
    isTrial: brand.trialType.includes(value.customerType),
    viewOnly: value.viewOnly === true,
  };
}

/**
 * Starts the session of a login reply; a first login is recorded (POST /wps/member/firstLogin).
 * Every way in (the login forms, free play from the header or from a game) goes through here.
 */
export function beginSession(value: LoginValue, brand: Pick<Brand, 'agentType' | 'trialType'>): void {
  // The announcements meant for a first login (execution F) follow this session.
  if (value.firstTimeLogin) writeStorage('session', STORAGE_KEYS.firstTimeLogin, '1');
  else removeStorage('session', STORAGE_KEYS.firstTimeLogin);
  startSession(value.token, profileOf(value, brand));
  if (value.firstTimeLogin) void recordFirstLogin();
}
