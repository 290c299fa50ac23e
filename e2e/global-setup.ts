import { ops } from './support/ops.ts';

/**
 * The demo ships a welcome popup for visitors (config/content.json, pu-welcome). It would cover
 * every journey's first page, so the suite removes it once, as an operator would; content.spec.ts
 * checks popups with its own.
 */
export default async function globalSetup(): Promise<void> {
  await ops('content', 'remove', 'pu-welcome');
}
