import type { RegisterSettings } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';

export type SocialProvider = 'google' | 'facebook';

/** The register settings, plus the social providers a merchant may list (absent: none). */
export type AccountSettingsView = RegisterSettings & { socialProviders?: SocialProvider[] };

export const registerSettingsKey = ['system', 'registerSettings'] as const;
const STALE_MS = 10 * 60_000;

function cached(): AccountSettingsView | undefined {
  const raw = readStorage('session', STORAGE_KEYS.validate);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as AccountSettingsView;
  } catch {
    return undefined;
  }
}

/** GET /wps/system/setting/register; kept in session storage under `validate` (spec §4 Caching). */
export async function getRegisterSettings(): Promise<AccountSettingsView> {
  const value = (await apiCall('registerSettings')) as AccountSettingsView;
  writeStorage('session', STORAGE_KEYS.validate, JSON.stringify(value));
  return value;
}

export function useRegisterSettings() {
  return useQuery({
    queryKey: registerSettingsKey,
    queryFn: getRegisterSettings,
    initialData: cached,
    staleTime: STALE_MS,
  });
}

/** Which social sign-in buttons to show: only providers the settings name. */
export const socialProvidersOf = (s: AccountSettingsView | undefined): SocialProvider[] =>
  (s?.socialProviders ?? []).filter((p): p is SocialProvider => p === 'google' || p === 'facebook');
