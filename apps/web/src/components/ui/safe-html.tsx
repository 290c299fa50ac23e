import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cx } from './cx';
import styles from './safe-html.module.css';

/** External links leave the site in a new tab and cannot reach back into it; images get an alt. */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  if (node.tagName === 'A' && /^https?:\/\//i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Operator HTML (sanitised by the server when saved and served) cleaned once more before it is shown. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
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

/** Shows operator HTML (announcements, promotion details, help articles) with the site's prose styles. */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify on the line above.
  return <Tag className={cx(styles.prose, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
