import { describe, expect, it } from 'vitest';
import { sanitizeOperatorHtml } from './html.ts';

describe('sanitizeOperatorHtml', () => {
  it('keeps formatting, lists, tables and safe links', () => {
    const html =
      '<h3>Rules</h3><p><strong>Bold</strong> and <a href="/promotions">in-site</a></p><ul><li>one</li></ul>';
    expect(sanitizeOperatorHtml(html)).toBe(html);
  });

  it('drops scripts with their content, event handlers, styles and frames', () => {
    const out = sanitizeOperatorHtml(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><iframe src="https://x.example"></iframe><style>p{}</style><img src="https://cdn.example/a.png" onerror="steal()">',
    );
    expect(out).toBe('<p>Hi</p><img alt="" src="https://cdn.example/a.png" />');
  });

  it('never lets a javascript:, data: or vbscript: link through, however it is spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      const out = sanitizeOperatorHtml(`<a href="${href}">x</a>`);
      expect(out, href).not.toMatch(/href=/);
    }
  });

  it('gives an image without a description an empty alt, and keeps a given one', () => {
    expect(sanitizeOperatorHtml('<img src="https://cdn.example/a.png">')).toBe(
      '<img alt="" src="https://cdn.example/a.png" />',
    );
    expect(sanitizeOperatorHtml('<img src="https://cdn.example/a.png" alt="Prize">')).toBe(
      '<img alt="Prize" src="https://cdn.example/a.png" />',
    );
  });

  it('opens external links apart, with no way back into the site', () => {
    expect(sanitizeOperatorHtml('<a href="https://partner.example">p</a>')).toBe(
      '<a href="https://partner.example" target="_blank" rel="noopener noreferrer">p</a>',
    );
  });
});
