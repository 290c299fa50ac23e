/**
 * The ops module's public face: `OpsService`, every operator command (audited). Its callers,
 * the console and the command line's loopback endpoint, live in the operators module, which
 * checks who may run what. Code outside `modules/ops/` imports only this file.
 */

export { featureCommand } from './features.ts';
export type { OpsExtension } from './service.ts';
export { OpsService } from './service.ts';
