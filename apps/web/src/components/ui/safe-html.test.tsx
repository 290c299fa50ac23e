import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html';

describe('sanitizeHtml (browser)', () => {
  it('removes scripts, handlers, styles and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">a</a><img src="x" onerror="y()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|style=|javascript:/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('keeps in-site links and opens external ones apart', () => {
    expect(sanitizeHtml('<a href="/promotions">in</a>')).toBe('<a href="/promotions">in</a>');
    expect(sanitizeHtml('<a href="https://x.example">out</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });
});
