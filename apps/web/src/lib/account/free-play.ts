import type { Brand } from '@aurum/contract';
import { apiCall } from '../api';
import { i18next } from '../i18n';
import { notify } from '../notify/notify';
import { accountErrorText } from './errors';
import { beginSession } from './sign-in';
import { ACCOUNT_NS, loadAccountTexts } from './texts';

/** The visitor's operating system, in the shape the free-play call takes. */
export function operatingSystem(userAgent = navigator.userAgent): string {
  const known: [RegExp, string][] = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  return known.find(([re]) => re.test(userAgent))?.[1] ?? 'Other';
}

/** POST /wps/session/login/freeplay: a trial session (payload: os, platform W, gateway version 3). */
export const startFreePlay = () =>
  apiCall('loginFreePlay', { body: { os: operatingSystem(), platform: 'W', gatewayVersion: '3' } });

/**
 * Free play (FREEPLAY3): a trial session, shown as "Trial" in the header (spec §4 Trial
 * accounts). Started from the header and from a game's launch, so it lives in the shared layer.
 * Resolves whether the session started; a failure has been told to the visitor.
 */
export async function startFreePlaySession(brand: Pick<Brand, 'agentType' | 'trialType'>): Promise<boolean> {
  await loadAccountTexts(i18next.language);
  const t = i18next.getFixedT(null, ACCOUNT_NS);
  try {
    const value = await startFreePlay();
    beginSession(value, brand);
    notify(t('freePlay.welcome'), 'success');
    return true;
  } catch (error) {
    notify(accountErrorText(t, i18next.t, error), 'warning');
    return false;
  }
}
