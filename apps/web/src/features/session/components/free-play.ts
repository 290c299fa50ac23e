import type { Brand } from '@aurum/contract';
import { accountErrorText } from '../../../lib/account/errors';
import { ACCOUNT_NS, loadAccountTexts } from '../../../lib/account/texts';
import { i18next } from '../../../lib/i18n';
import { notify } from '../../../lib/notify/notify';
import { startFreePlay } from '../api/login';
import { beginSession } from '../model/after-login';

/** Free play (FREEPLAY3): a trial session, shown as "Trial" in the header (spec §4 Trial accounts). */
export async function startFreePlaySession(brand: Pick<Brand, 'agentType' | 'trialType'>): Promise<void> {
  await loadAccountTexts(i18next.language);
  const t = i18next.getFixedT(null, ACCOUNT_NS);
  try {
    const value = await startFreePlay();
    beginSession(value, brand);
    notify(t('freePlay.welcome'), 'success');
  } catch (error) {
    notify(accountErrorText(t, i18next.t, error), 'warning');
  }
}
