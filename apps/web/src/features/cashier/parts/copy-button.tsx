import { useEffect, useRef, useState } from 'react';
import { Button, Icon } from '../../../components/ui';
import { GLYPHS } from '../../../lib/money/glyphs';
import { useCashierTexts } from '../../../lib/money/texts';
import { notify } from '../../../lib/notify/notify';

const COPIED_MS = 2_000;

/** Copies a value (a bank account number…) and says so, visibly and to screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useCashierTexts();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      notify(t('common.copyFailed'), 'warning');
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void copy()}
        aria-label={t('common.copyLabel', { label })}
        data-action="copy"
      >
        {copied ? <Icon name="check" size={16} /> : <Icon path={GLYPHS.copy} size={16} />}
        {copied ? t('common.copied') : t('common.copy')}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('common.copiedLabel', { label }) : ''}
      </span>
    </>
  );
}
