import type { RealtimeClientMessage, RealtimeServerMessage } from '@aurum/contract';
import { REALTIME_CLOSE, REALTIME_FINAL_CLOSES } from '../contract';

/** The part of the browser's WebSocket the client uses; tests pass a stand-in. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type RealtimeStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export interface RealtimeClientOptions {
  url: string;
  merchant: string;
  token: string;
  /** Every server event but the protocol's own (ready, pong). */
  onEvent: (message: RealtimeServerMessage) => void;
  /** Signed in (again): events missed while away are covered by the state the server sends next. */
  onReady?: () => void;
  /** The server ended the socket for good: the session is over, or another tab took its place. */
  onFinalClose?: (code: number) => void;
  onStatus?: (status: RealtimeStatus) => void;
  connect?: (url: string) => SocketLike;
  random?: () => number;
  /** The first reconnect waits about this long, each next one twice as long, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Browsers cannot see protocol pings, so the client pings to notice a dead connection. */
  pingEveryMs?: number;
  pongTimeoutMs?: number;
}

const OPEN = 1;
/** Ours, for a socket the client drops itself (no answer to a ping); the client reconnects. */
const NO_ANSWER = 4000;

/**
 * How long to wait before reconnect number `attempt` (0-based): exponential, capped, with half of
 * it random so that thousands of browsers cut off by one restart do not all return at once.
 */
export function reconnectDelay(attempt: number, random: () => number, baseMs = 1_000, maxMs = 30_000) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * One session WebSocket (docs/websocket.md): signs in with its first message, hands events on,
 * reconnects with backoff after anything but a final close, and stops for good on stop().
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private current: RealtimeStatus = 'stopped';

  constructor(private readonly options: RealtimeClientOptions) {}

  get status(): RealtimeStatus {
    return this.current;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Closes the socket and never reconnects (logout, another member signed in, unmount). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      socket.close(REALTIME_CLOSE.NORMAL, 'bye');
    }
    this.setStatus('stopped');
  }

  /** The network is back (or the tab woke up): a pending reconnect happens now. */
  retryNow(): void {
    if (this.stopped || this.current !== 'waiting') return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  private open() {
    if (this.stopped) return;
    const { url, merchant, token } = this.options;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = (this.options.connect ?? defaultConnect)(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', merchant, token });
    socket.onmessage = (event) => this.onMessage(event);
    socket.onclose = (event) => this.onClose(socket, event.code);
    // An error is always followed by a close; the close decides.
    socket.onerror = () => undefined;
  }

  private onMessage(event: MessageEvent) {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(String(event.data)) as RealtimeServerMessage;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.type !== 'string') return;
    if (message.type === 'ready') {
      this.attempt = 0;
      this.setStatus('open');
      this.startPinging();
      this.options.onReady?.();
      return;
    }
    if (message.type === 'pong') return;
    this.options.onEvent(message);
  }

  private onClose(socket: SocketLike, code: number) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearTimers();
    if (this.stopped) return;
    if (REALTIME_FINAL_CLOSES.includes(code)) {
      this.stopped = true;
      this.setStatus('stopped');
      this.options.onFinalClose?.(code);
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    const { random = Math.random, baseDelayMs, maxDelayMs } = this.options;
    const delay = reconnectDelay(this.attempt, random, baseDelayMs, maxDelayMs);
    this.attempt += 1;
    this.setStatus('waiting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  private startPinging() {
    const { pingEveryMs = 25_000, pongTimeoutMs = 10_000 } = this.options;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: 'ping' })) return;
      if (this.pongTimer) return;
      this.pongTimer = setTimeout(() => this.drop(), pongTimeoutMs);
    }, pingEveryMs);
  }

  /** No answer: the connection is dead without having said so; close it and reconnect. */
  private drop() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    detach(socket);
    socket.close(NO_ANSWER, 'no answer');
    this.clearTimers();
    this.scheduleReconnect();
  }

  private send(message: RealtimeClientMessage): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus?.(status);
  }
}

function detach(socket: SocketLike) {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

const defaultConnect = (url: string): SocketLike => new WebSocket(url);

/** ws(s)://<this host>/ws: the socket lives on the page's own origin. */
export function realtimeUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
