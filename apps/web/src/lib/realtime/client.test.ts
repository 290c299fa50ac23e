import type { RealtimeServerMessage, WalletBalance } from '@aurum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE } from '../contract';
import { RealtimeClient, type RealtimeClientOptions, realtimeUrl, reconnectDelay } from './client';
import { FakeSocket } from './testing';

const balance = (sumBalance: string): WalletBalance => ({
  sumBalance,
  balance: [{ accountTypeId: 2, availBalance: sumBalance }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
});

function makeClient(extra: Partial<RealtimeClientOptions> = {}) {
  const events: RealtimeServerMessage[] = [];
  const finals: number[] = [];
  const onReady = vi.fn();
  const client = new RealtimeClient({
    url: 'ws://site.test/ws',
    merchant: 'AURUM',
    token: 'tok',
    onEvent: (m) => events.push(m),
    onFinalClose: (code) => finals.push(code),
    onReady,
    connect: (url) => new FakeSocket(url),
    random: () => 0.5,
    baseDelayMs: 1_000,
    maxDelayMs: 30_000,
    pingEveryMs: 25_000,
    pongTimeoutMs: 10_000,
    ...extra,
  });
  return { client, events, finals, onReady };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('doubles from the base up to the cap, half of it random', () => {
    const none = () => 0;
    const full = () => 1;
    expect(reconnectDelay(0, none)).toBe(500);
    expect(reconnectDelay(0, full)).toBe(1_000);
    expect(reconnectDelay(3, full)).toBe(8_000);
    expect(reconnectDelay(10, full)).toBe(30_000);
    expect(reconnectDelay(1_000, none)).toBe(15_000);
  });
});

describe('realtimeUrl', () => {
  it('uses the page origin, wss on https', () => {
    expect(realtimeUrl('/ws', { protocol: 'https:', host: 'aurum.example' })).toBe('wss://aurum.example/ws');
    expect(realtimeUrl('/ws', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});

describe('RealtimeClient', () => {
  it('signs in with its first message, never in the URL', () => {
    const { client } = makeClient();
    client.start();
    const socket = FakeSocket.last();
    expect(socket.url).toBe('ws://site.test/ws');
    socket.serverOpens();
    expect(socket.sent).toEqual([{ type: 'auth', merchant: 'AURUM', token: 'tok' }]);
    expect(client.status).toBe('connecting');
  });

  it('is open after ready and hands on events, not the protocol messages', () => {
    const { client, events, onReady } = makeClient();
    client.start();
    const socket = FakeSocket.last();
    socket.serverOpens();
    socket.serverSends({ type: 'ready' });
    expect(client.status).toBe('open');
    expect(onReady).toHaveBeenCalledOnce();
    socket.serverSends({ type: 'pong' });
    socket.serverSends('not json');
    socket.serverSends({ type: 'balance', balance: balance('10.00') });
    expect(events).toEqual([{ type: 'balance', balance: balance('10.00') }]);
  });

  it('reconnects with growing delays and signs in again; a good connection resets the delay', () => {
    const { client } = makeClient();
    client.start();
    FakeSocket.last().serverCloses(1006);
    expect(client.status).toBe('waiting');
    vi.advanceTimersByTime(749);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // The second failure waits twice as long.
    FakeSocket.last().serverCloses(1006);
    vi.advanceTimersByTime(1_499);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    const socket = FakeSocket.last();
    socket.serverOpens();
    expect(socket.sent).toEqual([{ type: 'auth', merchant: 'AURUM', token: 'tok' }]);
    socket.serverSends({ type: 'ready' });
    socket.serverCloses(REALTIME_CLOSE.GOING_AWAY);
    vi.advanceTimersByTime(750);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('stops for good when the server ends the session, and says so', () => {
    const { client, finals } = makeClient();
    client.start();
    const socket = FakeSocket.last();
    socket.serverOpens();
    socket.serverSends({ type: 'ready' });
    socket.serverCloses(REALTIME_CLOSE.UNAUTHORIZED);
    expect(client.status).toBe('stopped');
    expect(finals).toEqual([REALTIME_CLOSE.UNAUTHORIZED]);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not fight another tab for a place (REPLACED), nor retry a refused origin', () => {
    for (const code of [REALTIME_CLOSE.REPLACED, REALTIME_CLOSE.FORBIDDEN, REALTIME_CLOSE.BAD_MESSAGE]) {
      FakeSocket.all = [];
      const { client } = makeClient();
      client.start();
      FakeSocket.last().serverCloses(code);
      vi.advanceTimersByTime(120_000);
      expect(FakeSocket.all).toHaveLength(1);
      expect(client.status).toBe('stopped');
    }
  });

  it('retries after a timeout or a rate limit', () => {
    for (const code of [REALTIME_CLOSE.AUTH_TIMEOUT, REALTIME_CLOSE.TOO_MANY, 1011]) {
      FakeSocket.all = [];
      const { client } = makeClient();
      client.start();
      FakeSocket.last().serverCloses(code);
      vi.advanceTimersByTime(1_000);
      expect(FakeSocket.all).toHaveLength(2);
      client.stop();
    }
  });

  it('closes on stop and never comes back', () => {
    const { client } = makeClient();
    client.start();
    const socket = FakeSocket.last();
    socket.serverOpens();
    client.stop();
    expect(socket.closedWith).toEqual({ code: REALTIME_CLOSE.NORMAL, reason: 'bye' });
    expect(client.status).toBe('stopped');
    socket.serverCloses(1006);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('pings, and drops and replaces a connection that stopped answering', () => {
    const { client } = makeClient();
    client.start();
    const socket = FakeSocket.last();
    socket.serverOpens();
    socket.serverSends({ type: 'ready' });
    vi.advanceTimersByTime(25_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.serverSends({ type: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(socket.sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(2);
    // No answer this time.
    vi.advanceTimersByTime(10_000);
    expect(socket.closedWith?.code).toBe(4000);
    expect(client.status).toBe('waiting');
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects at once when the network comes back', () => {
    const { client } = makeClient();
    client.start();
    FakeSocket.last().serverCloses(1006);
    client.retryNow();
    expect(FakeSocket.all).toHaveLength(2);
    // Nothing to do while connected.
    client.retryNow();
    expect(FakeSocket.all).toHaveLength(2);
  });
});
