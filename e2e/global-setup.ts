import { E2E_EXCLUSIVE_PORT, E2E_PORT } from './support/env.ts';
import { opsCall } from './support/ops.ts';

/**
 * The demo ships a welcome popup for visitors (config/content.json, pu-welcome). It would cover
 * every journey's first page, so the suite removes it once on each test server, as an operator
 * would; content.spec.ts checks popups with its own.
 */
export default async function globalSetup(): Promise<void> {
  for (const port of [E2E_PORT, E2E_EXCLUSIVE_PORT]) {
    await opsCall({ command: 'content', action: 'remove', id: 'pu-welcome' }, port);
  }
}
