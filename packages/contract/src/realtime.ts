import type { ChatMessage } from './schemas/support.ts';
import type { WalletBalance } from './schemas/wallet.ts';

/**
 * The session WebSocket: one per browser session, at REALTIME_PATH on the site's own origin.
 * Browsers cannot set headers on a WebSocket and a token in the URL would land in access logs,
 * so the client signs in with its first message. Schema-free so the web app can import it.
 */
export const REALTIME_PATH = '/ws';

export const REALTIME_LIMITS = {
  /** A socket that has not sent a valid auth message by then is closed (AUTH_TIMEOUT). */
  authTimeoutMs: 5_000,
  /** Larger client messages close the socket with 1009. */
  maxMessageBytes: 4_096,
  /** Client messages allowed per window; more close the socket with TOO_MANY. */
  messagesPerWindow: 20,
  messageWindowMs: 10_000,
} as const;

/**
 * Close codes. 1000–1015 are the protocol's; 4xxx are ours and mirror HTTP statuses. A client
 * reconnects (with backoff) after anything but REALTIME_FINAL_CLOSES: after UNAUTHORIZED the
 * session is over, and only a new sign-in opens a socket again.
 */
export const REALTIME_CLOSE = {
  NORMAL: 1000,
  /** The server is shutting down or restarting: reconnect. */
  GOING_AWAY: 1001,
  /** A message above REALTIME_LIMITS.maxMessageBytes. */
  TOO_BIG: 1009,
  /** Not JSON, an unknown type, or a second auth. */
  BAD_MESSAGE: 4400,
  /** Wrong merchant or token, or the session was revoked or expired while open. */
  UNAUTHORIZED: 4401,
  /** The page's origin is not one of the merchant's sites. */
  FORBIDDEN: 4403,
  /** No auth message within REALTIME_LIMITS.authTimeoutMs. */
  AUTH_TIMEOUT: 4408,
  /** The same member opened too many sockets; the oldest gives way. */
  REPLACED: 4409,
  /** Too many messages (or sign-in attempts from the address). */
  TOO_MANY: 4429,
} as const;

export type RealtimeCloseCode = (typeof REALTIME_CLOSE)[keyof typeof REALTIME_CLOSE];

/** Closes after which reconnecting would fail the same way (or push another tab out). */
export const REALTIME_FINAL_CLOSES: readonly number[] = [
  REALTIME_CLOSE.BAD_MESSAGE,
  REALTIME_CLOSE.UNAUTHORIZED,
  REALTIME_CLOSE.FORBIDDEN,
  REALTIME_CLOSE.REPLACED,
];

/** What the browser sends. */
export type RealtimeClientMessage =
  | { type: 'auth'; merchant: string; token: string }
  /** Answered by `pong`; lets the browser notice a dead connection (it cannot see protocol pings). */
  | { type: 'ping' };

/**
 * What the server sends. `ready` answers a good auth; after it the current state of every
 * state event (balance, messages) follows, so a reconnected client has missed nothing.
 */
export type RealtimeServerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'balance'; balance: WalletBalance }
  /** State event: the member's unread messages (messageV2); also after `ready`. Never for trial accounts. */
  | { type: 'messages'; unread: number }
  /** A new message in a chat room, to every signed-in socket of the merchant. */
  | { type: 'chat.message'; message: ChatMessage }
  /** The operator deleted a chat-room message: drop it from view. */
  | { type: 'chat.deleted'; room: string; id: number }
  /** The operator muted (until, epoch ms) or unmuted (null) this member in the chat rooms. */
  | { type: 'chat.muted'; until: number | null }
  /** The live support conversation changed (a reply, or the member's own post from another tab). */
  | { type: 'support'; id: number }
  /** The operator reviewed one of the member's promotion applications (APPROVED or REJECTED). */
  | { type: 'promotion'; applicationId: number; status: string }
  /** One of the member's withdrawals changed status (paid, rejected, confirmed, auto-received…). */
  | { type: 'withdrawal'; orderNo: string; status: string }
  /** One of the member's agent contracts changed (offered, accepted, terminated) or was settled. */
  | { type: 'contract'; id: number; kind: string; state: string }
  /**
   * A lottery issue moved on, to every signed-in socket of the merchant: `drawn` (its result is
   * in the opened-numbers call), `settled` (every ticket paid: tickets and balance changed) or
   * `cancelled` (every ticket refunded).
   */
  | { type: 'lottery'; gameCode: string; issueNo: string; status: 'drawn' | 'settled' | 'cancelled' };

export type RealtimeEventType = RealtimeServerMessage['type'];
