/**
 * The players module's public face (the operator's `player` command: search, a member's page,
 * lock and unlock, ending sessions, notes, agent trees): code outside `modules/players/` imports
 * only this file.
 */
import type { AreaDeps } from '../area-deps.ts';
import { Players } from './service.ts';

export { playerCommandSchema } from './service.ts';

export function installPlayers(
  deps: Pick<AreaDeps, 'database' | 'store' | 'clock' | 'ops' | 'accounts'>,
): void {
  deps.ops.extend('player', new Players(deps).command());
}
