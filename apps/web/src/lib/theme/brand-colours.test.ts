import { describe, expect, it } from 'vitest';
import { applyBrandColours } from './brand-colours';

describe('applyBrandColours', () => {
  it('installs the live palette as an adopted stylesheet, never a <style> element', () => {
    const before = document.querySelectorAll('style').length;
    applyBrandColours({ brand: '#2563eb', highlight: '#f59e0b' });
    applyBrandColours({ brand: '#16a34a', highlight: '#f59e0b' });
    expect(document.querySelectorAll('style').length).toBe(before);
    const sheets = document.adoptedStyleSheets;
    expect(sheets).toHaveLength(1);
    const css = Array.from(sheets[0]!.cssRules, (r) => r.cssText).join('\n');
    expect(css).toContain('--accent');
  });
});
