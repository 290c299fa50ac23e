import { useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify/notify';
import { Button } from './button';
import { Icon } from './icon';

const COPIED_MS = 2_000;
/** Drawn like the kit's glyphs; kept here so it loads with the pages that copy, not the base chunk. */
const COPY_GLYPH = 'M9 9h11v11H9zM5 15H4V4h11v1';

/** The words of a copy button, from the catalogue of the page that shows it. */
export interface CopyTexts {
  copy: string;
  copied: string;
  /** The button's name, e.g. "Copy the account number". */
  copyLabel: string;
  /** Said to screen readers once copied, e.g. "The account number was copied". */
  copiedLabel: string;
  copyFailed: string;
}

/**
 * Copies a value (a bank account number, an authenticator key…) and says so, visibly and to screen
 * readers. Not in the kit's index: it loads with the pages that use it.
 */
export function CopyButton({ text, texts }: { text: string; texts: CopyTexts }) {
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
      notify(texts.copyFailed, 'warning');
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
        aria-label={texts.copyLabel}
        data-action="copy"
      >
        {copied ? <Icon name="check" size={16} /> : <Icon path={COPY_GLYPH} size={16} />}
        {copied ? texts.copied : texts.copy}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {copied ? texts.copiedLabel : ''}
      </span>
    </>
  );
}
