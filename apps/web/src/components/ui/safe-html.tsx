import type { DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState } from 'react';
import { cx } from './cx';
import styles from './safe-html.module.css';

let purifier: DOMPurify | null = null;
let loading: Promise<DOMPurify> | null = null;

/**
 * DOMPurify, fetched the first time operator HTML is shown (it stays out of the first page
 * load), with the site's hook: external links leave in a new tab and cannot reach back into
 * the site; images get an alt.
 */
export function loadSanitizer(): Promise<DOMPurify> {
  loading ??= import('dompurify').then(({ default: instance }) => {
    instance.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
      if (node.tagName === 'A' && /^https?:\/\//i.test(node.getAttribute('href') ?? '')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    purifier = instance;
    return instance;
  });
  return loading;
}

/** Operator HTML (sanitised by the server when saved and served) cleaned once more before it is shown. */
export function sanitizeHtml(instance: DOMPurify, html: string): string {
  return instance.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  });
}

interface SafeHtmlProps {
  html: string;
  className?: string;
  /** The element that holds the content. */
  as?: 'div' | 'article' | 'section';
}

/**
 * Shows operator HTML (announcements, promotion details, help articles) with the site's prose
 * styles. Nothing is shown until the sanitiser is in: the HTML is never put in the page unclean.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  // DOMPurify is itself a function (a factory of instances): hand it to React wrapped, never bare.
  const [instance, setInstance] = useState(() => purifier);
  useEffect(() => {
    if (instance) return;
    let live = true;
    void loadSanitizer().then((loaded) => live && setInstance(() => loaded));
    return () => {
      live = false;
    };
  }, [instance]);
  const clean = useMemo(() => (instance ? sanitizeHtml(instance, html) : null), [instance, html]);
  if (clean === null) return <Tag className={cx(styles.prose, className)} aria-busy="true" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify on the line above.
  return <Tag className={cx(styles.prose, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
