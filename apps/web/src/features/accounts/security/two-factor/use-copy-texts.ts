import type { CopyTexts } from '../../../../components/ui/copy-button';
import { useAccountTexts } from '../../../../lib/account/texts';

/** The copy button's words in the accounts catalogue, for `label` (the key, the recovery codes). */
export function useCopyTexts(label: string): CopyTexts {
  const { t } = useAccountTexts();
  return {
    copy: t('twoFactor.copy'),
    copied: t('twoFactor.copied'),
    copyLabel: t('twoFactor.copyLabel', { label }),
    copiedLabel: t('twoFactor.copiedLabel', { label }),
    copyFailed: t('twoFactor.copyFailed'),
  };
}
