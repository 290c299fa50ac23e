/**
 * The ops module's public face (`OpsService` (every operator command, audited) and `POST
 * /ops/command`): code outside `modules/ops/` imports only this file.
 */
export { opsRoutes } from './routes.ts';
export type { OpsExtension } from './service.ts';
export { OpsService } from './service.ts';
