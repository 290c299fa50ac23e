import type { Brand, LoginValue } from '@aurum/contract';
import { paths } from '../../../lib/routes/paths';
import { type SessionProfile, startSession } from '../../../lib/session/session-store';
import { recordFirstLogin } from '../api/login';

/** How the member signed in; SMS and social logins never force a password change (spec §4). */
export type LoginMethod = 'password' | 'remember' | 'sms' | 'social' | 'register' | 'reset' | 'freeplay';

const NO_FORCED_CHANGE: readonly LoginMethod[] = ['sms', 'social', 'freeplay'];

/**
 * Where a login lands (spec §4 After login): /changePassword for the default or an expired
 * password (not after SMS or social logins), else / — or /agentHome on the agent page.
 */
export function afterLoginPath(
  value: Pick<LoginValue, 'forceChangePassword' | 'passwordExpired'>,
  { method, agentSite }: { method: LoginMethod; agentSite: boolean },
): string {
  const mustChange = value.forceChangePassword || value.passwordExpired;
  if (mustChange && !NO_FORCED_CHANGE.includes(method)) return paths.changePassword;
  return agentSite ? paths.agentHome : paths.home;
}

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

/** Starts the session of a login reply; a first login is recorded (POST /wps/member/firstLogin). */
export function beginSession(value: LoginValue, brand: Pick<Brand, 'agentType' | 'trialType'>): void {
  startSession(value.token, profileOf(value, brand));
  if (value.firstTimeLogin) void recordFirstLogin();
}
