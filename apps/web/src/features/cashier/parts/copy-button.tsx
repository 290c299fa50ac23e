import { CopyButton as KitCopyButton } from '../../../components/ui/copy-button';
import { useCashierTexts } from '../../../lib/money/texts';

/** The kit's copy button in the cashier's words (a bank account number…). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useCashierTexts();
  return (
    <KitCopyButton
      text={text}
      texts={{
        copy: t('common.copy'),
        copied: t('common.copied'),
        copyLabel: t('common.copyLabel', { label }),
        copiedLabel: t('common.copiedLabel', { label }),
        copyFailed: t('common.copyFailed'),
      }}
    />
  );
}
