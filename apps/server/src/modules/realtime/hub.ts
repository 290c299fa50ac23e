import {
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@aurum/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { EventBus, MemberEvent } from '../../platform/events.ts';
import type { RequestGuards } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { parseClientMessage } from './messages.ts';
import { isMerchantOrigin } from './origin.ts';
import { isLive, readSessions } from './sessions.ts';

export interface RealtimeOptions {
  /** Protocol pings this often; a socket that answered none of the last MISSED_PINGS is dropped. */
  heartbeatMs: number;
  /** Every open socket's session is checked this often (logout, password change, expiry). */
  sessionCheckMs: number;
  /** An event is sent only after a session check at most this old. */
  eventCheckMs: number;
  authTimeoutMs: number;
  /** Sockets of one member in one process; a newer one closes the oldest (REPLACED). */
  maxSocketsPerMember: number;
  /** A client that reads this far behind is dropped rather than buffered for. */
  maxBufferedBytes: number;
  /**
   * Handshakes per client address and minute. Browsers behind one NAT share an address, and
   * reconnect with backoff after a restart, so this only stops floods.
   */
  upgradesPerMinute: number;
}

/**
 * A member's sessions were ended (security centre): published on the bus, it reaches the
 * member's sockets in every process, each of which checks its session at once and closes if it
 * ended. Never sent to the browser.
 */
export const SESSIONS_ENDED_EVENT = 'sessions.ended';

/** Unanswered pings in a row after which a socket is dropped. */
const MISSED_PINGS = 2;

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatMs: 30_000,
  sessionCheckMs: 60_000,
  eventCheckMs: 5_000,
  authTimeoutMs: REALTIME_LIMITS.authTimeoutMs,
  maxSocketsPerMember: 8,
  maxBufferedBytes: 1024 * 1024,
  upgradesPerMinute: 120,
};

export interface HubDeps {
  db: Db;
  store: MerchantStore;
  guards: RequestGuards;
  bus: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  options: RealtimeOptions;
}

/** Whose socket it is, once the auth message was accepted. */
interface Owner {
  merchant: string;
  memberId: number;
  sessionId: number;
}

/** One browser's socket: waiting for its auth message, then open until it closes. */
class Connection {
  owner: Owner | null = null;
  authenticating = false;
  closed = false;
  /** Pings sent since the peer last showed a sign of life (a pong or a message). */
  missed = 0;
  checkedAt = 0;
  /** Sends run one after another, so events leave in the order they came. */
  outgoing: Promise<void> = Promise.resolve();
  messages = 0;
  windowStart = 0;
  authTimer: NodeJS.Timeout | null = null;
  unsubscribe: (() => void) | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly ip: string,
    /** The Origin header, already known to be a readable http(s) origin. */
    readonly origin: string,
    /** The origin is the very host serving the socket; otherwise it must be a merchant domain. */
    readonly sameOrigin: boolean,
  ) {}
}

/**
 * The open sockets of this process: authenticates them, forwards their members' events from the
 * bus, pings them and drops those whose session has ended.
 */
export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  /** Authenticated sockets per merchant and member, oldest first. */
  private readonly byMember = new Map<string, Connection[]>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionSweep: NodeJS.Timeout;

  constructor(private readonly deps: HubDeps) {
    const { options } = deps;
    this.heartbeat = setInterval(() => this.ping(), options.heartbeatMs);
    this.heartbeat.unref();
    this.sessionSweep = setInterval(() => void this.checkSessions(), options.sessionCheckMs);
    this.sessionSweep.unref();
  }

  /** Every socket, closed with GOING_AWAY: the server is stopping and clients reconnect later. */
  shutdown(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.sessionSweep);
    for (const c of [...this.connections]) this.close(c, REALTIME_CLOSE.GOING_AWAY, 'server shutting down');
  }

  /** The members of a merchant with a signed-in socket on this process. */
  localMembers(merchant: string): number[] {
    const ids = new Set<number>();
    for (const c of this.connections)
      if (c.owner?.merchant === merchant && !c.closed) ids.add(c.owner.memberId);
    return [...ids];
  }

  /**
   * An event for every signed-in socket of a merchant on this process (a chat room's new
   * message); `make` shapes it per member. Each process calls this for its own sockets, so the
   * caller fans out across processes (LISTEN/NOTIFY) first.
   */
  broadcast(merchant: string, make: (memberId: number) => RealtimeServerMessage | null): void {
    for (const c of this.connections) {
      if (c.closed || c.owner?.merchant !== merchant) continue;
      const message = make(c.owner.memberId);
      if (message) this.forward(c, message as unknown as MemberEvent);
    }
  }

  accept(socket: WebSocket, ip: string, origin: string, sameOrigin: boolean): void {
    const c = new Connection(socket, ip, origin, sameOrigin);
    this.connections.add(c);
    c.authTimer = setTimeout(
      () => this.close(c, REALTIME_CLOSE.AUTH_TIMEOUT, 'auth expected'),
      this.deps.options.authTimeoutMs,
    );
    socket.on('pong', () => {
      c.missed = 0;
    });
    socket.on('message', (data, isBinary) => this.onMessage(c, data, isBinary));
    socket.on('close', () => this.forget(c));
  }

  private onMessage(c: Connection, data: unknown, isBinary: boolean) {
    if (c.closed) return;
    c.missed = 0;
    const now = Date.now();
    if (now - c.windowStart >= REALTIME_LIMITS.messageWindowMs) {
      c.windowStart = now;
      c.messages = 0;
    }
    if (++c.messages > REALTIME_LIMITS.messagesPerWindow) {
      this.close(c, REALTIME_CLOSE.TOO_MANY, 'too many messages');
      return;
    }
    const text = !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : null;
    const message = text === null ? null : parseClientMessage(text);
    if (!message) {
      this.close(c, REALTIME_CLOSE.BAD_MESSAGE, 'bad message');
      return;
    }
    if (message.type === 'ping') {
      this.send(c, { type: 'pong' });
      return;
    }
    if (c.owner || c.authenticating) {
      this.close(c, REALTIME_CLOSE.BAD_MESSAGE, 'already signed in');
      return;
    }
    c.authenticating = true;
    this.authenticate(c, message).catch((e) => {
      this.deps.log.warn({ err: e, ip: c.ip }, 'websocket auth failed');
      this.close(c, REALTIME_CLOSE.UNAUTHORIZED, 'auth failed');
    });
  }

  private async authenticate(c: Connection, message: Extract<RealtimeClientMessage, { type: 'auth' }>) {
    const { store, guards, bus, clock } = this.deps;
    const merchant = await store.get(message.merchant);
    if (!merchant) {
      this.close(c, REALTIME_CLOSE.UNAUTHORIZED, 'unknown merchant');
      return;
    }
    if (!c.sameOrigin && !isMerchantOrigin(c.origin, merchant)) {
      this.close(c, REALTIME_CLOSE.FORBIDDEN, 'origin not allowed');
      return;
    }
    const principal = await guards.authenticate(merchant, message.token);
    if (c.closed) return;
    if (!principal) {
      this.close(c, REALTIME_CLOSE.UNAUTHORIZED, 'session not valid');
      return;
    }
    if (c.authTimer) clearTimeout(c.authTimer);
    c.authTimer = null;
    c.authenticating = false;
    c.owner = { merchant: merchant.code, memberId: principal.member.id, sessionId: principal.session.id };
    c.checkedAt = clock.now();
    this.register(c, c.owner);
    this.send(c, { type: 'ready' });
    c.unsubscribe = bus.subscribe(merchant.code, principal.member.id, (event) => this.forward(c, event), {
      replay: true,
    });
  }

  /** Keeps at most maxSocketsPerMember sockets per member: the oldest gives way. */
  private register(c: Connection, owner: Owner) {
    const key = `${owner.merchant}\u0000${owner.memberId}`;
    const list = this.byMember.get(key) ?? [];
    list.push(c);
    this.byMember.set(key, list);
    while (list.length > this.deps.options.maxSocketsPerMember) {
      const oldest = list.shift();
      if (oldest) this.close(oldest, REALTIME_CLOSE.REPLACED, 'too many sockets');
    }
  }

  /** An event for the socket's member: sent once the session is known to be live. */
  private forward(c: Connection, event: MemberEvent) {
    c.outgoing = c.outgoing.then(async () => {
      if (c.closed || !c.owner) return;
      if (event.type === SESSIONS_ENDED_EVENT) {
        await this.checkOne(c);
        return;
      }
      if (this.deps.clock.now() - c.checkedAt >= this.deps.options.eventCheckMs) {
        if (!(await this.checkOne(c))) return;
      }
      this.send(c, event as RealtimeServerMessage);
    });
  }

  private async checkOne(c: Connection): Promise<boolean> {
    const owner = c.owner;
    if (!owner) return false;
    try {
      const [states, merchant] = await Promise.all([
        readSessions(this.deps.db, [owner.sessionId]),
        this.deps.store.get(owner.merchant),
      ]);
      return this.settle(
        c,
        owner,
        merchant ? isLive(states.get(owner.sessionId), merchant, this.deps.clock.now()) : false,
      );
    } catch (e) {
      // The database is unreachable: keep the socket and decide at the next check.
      this.deps.log.warn({ err: e }, 'websocket session check failed');
      return !c.closed;
    }
  }

  /** Every open socket's session in one read per sweep, however many sockets there are. */
  async checkSessions(): Promise<void> {
    const open = [...this.connections].filter((c) => c.owner && !c.closed);
    if (!open.length) return;
    try {
      const states = await readSessions(
        this.deps.db,
        open.map((c) => c.owner!.sessionId),
      );
      const now = this.deps.clock.now();
      for (const c of open) {
        const owner = c.owner;
        if (!owner || c.closed) continue;
        const merchant = await this.deps.store.get(owner.merchant);
        this.settle(c, owner, merchant ? isLive(states.get(owner.sessionId), merchant, now) : false);
      }
    } catch (e) {
      this.deps.log.warn({ err: e }, 'websocket session sweep failed');
    }
  }

  private settle(c: Connection, owner: Owner, live: boolean): boolean {
    if (c.closed || c.owner !== owner) return false;
    if (!live) {
      this.close(c, REALTIME_CLOSE.UNAUTHORIZED, 'session ended');
      return false;
    }
    c.checkedAt = this.deps.clock.now();
    return true;
  }

  private ping() {
    for (const c of this.connections) {
      if (c.closed) continue;
      if (c.missed >= MISSED_PINGS) {
        // The peer is gone without a close frame (one late pong on a busy loop is forgiven).
        c.socket.terminate();
        this.forget(c);
        continue;
      }
      c.missed += 1;
      try {
        c.socket.ping();
      } catch {
        this.forget(c);
      }
    }
  }

  private send(c: Connection, message: RealtimeServerMessage) {
    if (c.closed || c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > this.deps.options.maxBufferedBytes) {
      c.socket.terminate();
      this.forget(c);
      return;
    }
    c.socket.send(JSON.stringify(message));
  }

  private close(c: Connection, code: number, reason: string) {
    if (c.closed) return;
    try {
      c.socket.close(code, reason);
    } catch {
      c.socket.terminate();
    }
    this.forget(c);
  }

  /** Drops every trace of a socket; safe to call more than once. */
  private forget(c: Connection) {
    if (c.authTimer) clearTimeout(c.authTimer);
    c.authTimer = null;
    c.closed = true;
    c.unsubscribe?.();
    c.unsubscribe = null;
    this.connections.delete(c);
    if (c.owner) {
      const key = `${c.owner.merchant}\u0000${c.owner.memberId}`;
      const list = this.byMember.get(key)?.filter((x) => x !== c) ?? [];
      if (list.length) this.byMember.set(key, list);
      else this.byMember.delete(key);
    }
  }
}
