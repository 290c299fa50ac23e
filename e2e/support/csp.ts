import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Collects every Content-Security-Policy violation of a context's pages (the site tab, game
 * windows, popups): the pages' `securitypolicyviolation` events, and the console's "Refused to…"
 * lines the browser writes for them.
 */
export class CspWatch {
  readonly violations: string[] = [];

  static async start(context: BrowserContext): Promise<CspWatch> {
    const watch = new CspWatch();
    await context.exposeBinding('__aurumCspViolation', ({ page }, text: string) => {
      watch.violations.push(`${page?.url() ?? '?'}: ${text}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __aurumCspViolation?: (t: string) => void })
          .__aurumCspViolation;
        report?.(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        );
      });
    });
    const listen = (page: Page) =>
      page.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(text)) {
          watch.violations.push(`${page.url()}: ${text}`);
        }
      });
    for (const page of context.pages()) listen(page);
    context.on('page', listen);
    return watch;
  }

  /** No page of the context has reported a violation so far. */
  expectNone(): void {
    expect(this.violations, 'CSP violations').toEqual([]);
  }
}
