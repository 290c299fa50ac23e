/**
 * The inhouse module's public face (the in-house game server (`/play/api/*`)): code outside
 * `modules/inhouse/` imports only this file.
 */
export { STAKE_LIMITS } from './limits.ts';
export { installInhouse } from './module.ts';
