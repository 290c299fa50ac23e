import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './db.ts';
import { EventBus, MEMBER_EVENTS, type MemberEvent } from './events.ts';

/**
 * The NOTIFY side of a database, shared by the "processes" of one test: like PostgreSQL, a
 * notification reaches every listener, the sender's own included, after the call returns.
 */
class FakeServer {
  readonly sent: string[] = [];
  private readonly handlers = new Set<(channel: string, payload: string) => void>();

  database(kind: Database['kind'] = 'postgres'): Database {
    const listeners = new Map<string, (payload: string) => void>();
    const onNote = (channel: string, payload: string) => listeners.get(channel)?.(payload);
    this.handlers.add(onNote);
    return {
      kind,
      auditKey: Buffer.alloc(32),
      db: null as unknown as Database['db'],
      rawTransaction: () => Promise.reject(new Error('not in this test')),
      listen: async (channel, handler) => {
        listeners.set(channel, handler);
        return async () => {
          listeners.delete(channel);
        };
      },
      notify: async (channel, payload) => {
        if (Buffer.byteLength(payload) >= 8000) throw new Error('payload string too long');
        this.sent.push(payload);
        setImmediate(() => {
          for (const h of this.handlers) h(channel, payload);
        });
      },
      close: async () => undefined,
    };
  }

  /** Another client of the same database writes on the channel. */
  raw(payload: string) {
    for (const h of this.handlers) h(MEMBER_EVENTS, payload);
  }
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

const buses: EventBus[] = [];
async function busOn(database: Database, flushMs = 1) {
  const bus = new EventBus(database, { flushMs, onError: () => undefined });
  await bus.start();
  buses.push(bus);
  return bus;
}
afterEach(async () => {
  for (const b of buses.splice(0)) await b.stop();
});

/** Events a listener heard. */
function recorder() {
  const heard: MemberEvent[] = [];
  return { heard, listen: (e: MemberEvent) => heard.push(e) };
}

describe('EventBus in one process (PGlite)', () => {
  it('delivers to the member listened to, at once, and to no one else', async () => {
    const server = new FakeServer();
    const bus = await busOn(server.database('pglite'));
    const a = recorder();
    const b = recorder();
    bus.subscribe('AURUM', 1, a.listen);
    bus.subscribe('AURUM', 2, b.listen);
    bus.subscribe('OTHER', 1, b.listen);
    bus.publish('AURUM', 1, { type: 'message', id: 7 });
    expect(a.heard).toEqual([{ type: 'message', id: 7 }]);
    expect(b.heard).toEqual([]);
    await tick();
    expect(server.sent).toEqual([]);
  });

  it('stops delivering after unsubscribe and forgets the member', async () => {
    const bus = await busOn(new FakeServer().database('pglite'));
    const a = recorder();
    const stop = bus.subscribe('AURUM', 1, a.listen);
    expect(bus.listenerCount('AURUM', 1)).toBe(1);
    stop();
    expect(bus.listenerCount('AURUM', 1)).toBe(0);
    bus.publish('AURUM', 1, { type: 'message' });
    expect(a.heard).toEqual([]);
  });

  it('loads a state event once per burst, and the last state wins', async () => {
    const bus = await busOn(new FakeServer().database('pglite'));
    let state = 0;
    const load = vi.fn(async (_m: string, memberId: number) => {
      await tick(10);
      return { type: 'balance', memberId, state };
    });
    bus.define('balance', load);
    const a = recorder();
    const a2 = recorder();
    bus.subscribe('AURUM', 1, a.listen);
    bus.subscribe('AURUM', 1, a2.listen);
    for (let i = 1; i <= 10; i++) {
      state = i;
      bus.publish('AURUM', [1, 1], { type: 'balance', ignored: 'loaders build the content' });
    }
    await tick(60);
    // One load for the first publication, one more for everything that came during it.
    expect(load).toHaveBeenCalledTimes(2);
    expect(a.heard.at(-1)).toEqual({ type: 'balance', memberId: 1, state: 10 });
    expect(a2.heard).toEqual(a.heard);
  });

  it('never loads for members nobody listens to', async () => {
    const bus = await busOn(new FakeServer().database('pglite'));
    const load = vi.fn(async () => ({ type: 'balance' }));
    bus.define('balance', load);
    bus.publish('AURUM', [1, 2, 3], { type: 'balance' });
    await tick();
    expect(load).not.toHaveBeenCalled();
  });

  it('replays the current state to a new subscriber', async () => {
    const bus = await busOn(new FakeServer().database('pglite'));
    bus.define('balance', async (_m, memberId) => ({ type: 'balance', memberId }));
    const a = recorder();
    bus.subscribe('AURUM', 4, a.listen, { replay: true });
    await tick();
    expect(a.heard).toEqual([{ type: 'balance', memberId: 4 }]);
  });

  it('keeps delivering when a listener or a loader throws', async () => {
    const onError = vi.fn();
    const bus = new EventBus(new FakeServer().database('pglite'), { onError });
    buses.push(bus);
    const a = recorder();
    bus.subscribe('AURUM', 1, () => {
      throw new Error('broken listener');
    });
    bus.subscribe('AURUM', 1, a.listen);
    bus.publish('AURUM', 1, { type: 'message' });
    expect(a.heard).toHaveLength(1);
    bus.define('balance', async () => {
      throw new Error('database down');
    });
    bus.publish('AURUM', 1, { type: 'balance' });
    await tick();
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('refuses bad event types and plain events too large for a notification', async () => {
    const bus = await busOn(new FakeServer().database('pglite'));
    expect(() => bus.publish('AURUM', 1, { type: 'Bad type' })).toThrow(/bad event type/);
    expect(() => bus.publish('AURUM', 1, { type: 'message', text: 'x'.repeat(2000) })).toThrow(/too large/);
    expect(() => bus.define('no spaces', async () => null)).toThrow();
  });

  it('ignores ids that are not member ids', async () => {
    const bus = await busOn(new FakeServer().database('pglite'));
    const a = recorder();
    bus.subscribe('AURUM', 1, a.listen);
    bus.publish('AURUM', [0, -1, 1.5, Number.NaN, 1], { type: 'message' });
    expect(a.heard).toHaveLength(1);
  });
});

describe('EventBus across processes (PostgreSQL NOTIFY)', () => {
  it('reaches a listener of another process once, and its own process without a round trip', async () => {
    const server = new FakeServer();
    const first = await busOn(server.database());
    const second = await busOn(server.database());
    const here = recorder();
    const there = recorder();
    first.subscribe('AURUM', 1, here.listen);
    second.subscribe('AURUM', 1, there.listen);
    first.publish('AURUM', 1, { type: 'message', id: 1 });
    expect(here.heard).toHaveLength(1);
    expect(there.heard).toHaveLength(0);
    await tick(20);
    expect(here.heard).toHaveLength(1);
    expect(there.heard).toEqual([{ type: 'message', id: 1 }]);
  });

  it('gathers a burst into one small notification: member ids and the type of a state event', async () => {
    const server = new FakeServer();
    const first = await busOn(server.database(), 5);
    const second = await busOn(server.database());
    const load = vi.fn(async (_m: string, memberId: number) => ({ type: 'balance', memberId }));
    first.define('balance', load);
    second.define('balance', load);
    const there = recorder();
    second.subscribe('AURUM', 2, there.listen);
    for (let i = 0; i < 100; i++) first.publish('AURUM', [1, 2, 3], { type: 'balance' });
    await tick(40);
    expect(server.sent).toHaveLength(1);
    const note = JSON.parse(server.sent[0]!);
    expect(note.m).toBe('AURUM');
    expect(note.e).toEqual({ type: 'balance' });
    expect(note.u).toEqual([1, 2, 3]);
    expect(there.heard).toEqual([{ type: 'balance', memberId: 2 }]);
    // Only the process with a listener loaded anything, and only for that member.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('splits many members over notifications that fit PostgreSQL’s limit', async () => {
    const server = new FakeServer();
    const first = await busOn(server.database());
    const second = await busOn(server.database());
    const ids = Array.from({ length: 3000 }, (_, i) => 1_000_000_000 + i);
    const last = recorder();
    second.subscribe('AURUM', ids.at(-1)!, last.listen);
    first.publish('AURUM', ids, { type: 'message' });
    await first.flush();
    await tick(20);
    expect(server.sent.length).toBeGreaterThan(1);
    for (const p of server.sent) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(server.sent.flatMap((p) => JSON.parse(p).u)).toEqual(ids);
    expect(last.heard).toHaveLength(1);
  });

  it('ignores notifications that are not notes of a bus', async () => {
    const server = new FakeServer();
    const bus = await busOn(server.database());
    const a = recorder();
    bus.subscribe('AURUM', 1, a.listen);
    for (const junk of [
      'not json',
      '42',
      '{}',
      JSON.stringify({ o: 'x', m: 'AURUM', u: ['1'], e: { type: 'message' } }),
      JSON.stringify({ o: 'x', m: 'AURUM', u: [1], e: { type: 'Bad Type' } }),
      JSON.stringify({ o: 'x', m: 'AURUM', u: [1] }),
    ]) {
      server.raw(junk);
    }
    expect(a.heard).toEqual([]);
    server.raw(JSON.stringify({ o: 'x', m: 'AURUM', u: [1], e: { type: 'message' } }));
    expect(a.heard).toEqual([{ type: 'message' }]);
  });

  it('sends what is gathered when it stops', async () => {
    const server = new FakeServer();
    const bus = new EventBus(server.database(), { flushMs: 60_000 });
    await bus.start();
    bus.publish('AURUM', 1, { type: 'message' });
    expect(server.sent).toHaveLength(0);
    await bus.stop();
    expect(server.sent).toHaveLength(1);
    bus.publish('AURUM', 1, { type: 'message' });
    await bus.flush();
    expect(server.sent).toHaveLength(1);
  });
});
