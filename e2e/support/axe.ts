import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Scans the page with axe once every running CSS transition has ended: a button that was just
 * pressed fades between its two colour pairs, and a contrast check taken mid-fade measures a
 * blend no user reads. Endless animations (skeletons, the marquee) are left running.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  await page.evaluate(async () => {
    const fades = document
      .getAnimations()
      .filter((a) => a instanceof CSSTransition && a.playState === 'running');
    await Promise.all(fades.map((a) => a.finished.catch(() => undefined)));
  });
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
}
