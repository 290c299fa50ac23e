/**
 * The realtime module's public face (the session WebSocket hub (`GET /ws`)): code outside
 * `modules/realtime/` imports only this file.
 */
export { type RealtimeHub, type RealtimeOptions, SESSIONS_ENDED_EVENT } from './hub.ts';
export { realtimeRoutes } from './routes.ts';
