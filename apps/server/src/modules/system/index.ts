/**
 * The system module's public face (status, site permission, domains and region restriction): code
 * outside `modules/system/` imports only this file.
 */
export { systemRoutes } from './routes.ts';
export { sitePermission, systemStatus } from './service.ts';
