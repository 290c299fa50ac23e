import sanitizeHtml from 'sanitize-html';

/** The largest operator HTML (announcement, promotion detail, help article) we store, in characters. */
export const MAX_HTML_CHARS = 100_000;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sup',
    'sub',
    'span',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['class', 'lang', 'dir'],
  },
  // No javascript:, data: or vbscript: links; images only from https or the site itself.
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Contents of these are dropped with the tag, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // An image without a description is decoration to a screen reader, not a nameless file.
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs } }),
    // Links leaving the site open apart and cannot reach back into it.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      };
    },
  },
};

/**
 * Operator HTML made safe to show: scripts, event handlers, styles, frames and `javascript:`
 * links never survive. Run when content is saved and again when it is served (the browser runs
 * DOMPurify as a third line).
 */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
