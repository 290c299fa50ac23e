import { SOCIAL_PROVIDERS, type SocialProvider, type SocialSettings } from '@aurum/contract';

/** A provider that may be offered: enabled, with a client id and its secret in the environment. */
export interface UsableProvider {
  provider: SocialProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const isSocialProvider = (value: unknown): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly unknown[]).includes(value);

/**
 * The provider's settings with its secret, or null when it cannot be used. The secret is read
 * from the environment variable the merchant's accounts.json names (never from the file), at
 * every use, so setting or removing it takes effect without a configuration reload.
 */
export function usableProvider(
  settings: SocialSettings,
  provider: SocialProvider,
  env: NodeJS.ProcessEnv = process.env,
): UsableProvider | null {
  const p = settings[provider];
  const clientSecret = env[p.clientSecretEnv];
  if (!p.enabled || !p.clientId || !clientSecret) return null;
  return { provider, issuer: p.issuer, clientId: p.clientId, clientSecret };
}

/** The providers whose sign-in buttons the login modal shows. */
export function usableProviders(
  settings: SocialSettings,
  env: NodeJS.ProcessEnv = process.env,
): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => usableProvider(settings, p, env) !== null);
}
