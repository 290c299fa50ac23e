import type { LoginValue } from '@aurum/contract';
import { paths } from '../../../../lib/routes/paths';

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
