import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadSanitizer, SafeHtml, sanitizeHtml } from './safe-html';

describe('sanitizeHtml (browser)', () => {
  it('removes scripts, handlers, styles and javascript: links', async () => {
    const out = sanitizeHtml(
      await loadSanitizer(),
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">a</a><img src="x" onerror="y()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|style=|javascript:/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('keeps in-site links and opens external ones apart', async () => {
    const purify = await loadSanitizer();
    expect(sanitizeHtml(purify, '<a href="/promotions">in</a>')).toBe('<a href="/promotions">in</a>');
    expect(sanitizeHtml(purify, '<a href="https://x.example">out</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });
});

describe('SafeHtml', () => {
  it('shows the cleaned HTML once the sanitiser is in, never the raw HTML before', async () => {
    const { container } = render(
      <SafeHtml html={'<p>Hello<img src="x" onerror="alert(1)"></p>'} as="article" />,
    );
    expect(container.innerHTML).not.toContain('onerror');
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(container.innerHTML).not.toContain('onerror');
  });
});
