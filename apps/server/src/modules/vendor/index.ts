/**
 * The vendor module's public face (the seamless-wallet protocol, vendor sessions and risk limits):
 * code outside `modules/vendor/` imports only this file.
 */
export type { VendorClient } from './client.ts';
export { isOk, SeamlessTransportError } from './client.ts';
export type { Vendors } from './module.ts';
export { installVendors } from './module.ts';
export type { Refusal } from './protocol.ts';
export { MAX_DETAIL_BYTES } from './protocol.ts';
export type { LaunchTokenRequest } from './sessions.ts';
export {
  endVendorSessionsOf,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_RECHECK_MS,
  SESSION_TOUCH_MS,
  VendorSessions,
} from './sessions.ts';
