import type { AddressInfo } from 'node:net';
import {
  minorToDecimal,
  parseMoney,
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  type RealtimeServerMessage,
  TX_TYPE,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import {
  createTestDb,
  DEMO_AGENT,
  DEMO_MEMBER,
  DEMO_MERCHANT,
  type Engine,
  engines,
  loginAs,
  nextIp,
  OPS_TOKEN,
  setMerchantConfig,
  siteHeaders,
  type TestDb,
  testConfig,
} from '../../testing/app.ts';
import { expectFailure } from '../../testing/expect.ts';
import { memberAccount, systemAccount } from '../wallet/index.ts';
import type { RealtimeOptions } from './hub.ts';

const WAIT_MS = 3_000;

/** Short timings: the auth window and the session sweep are driven by the tests. */
const OPTIONS: Partial<RealtimeOptions> = {
  authTimeoutMs: 300,
  heartbeatMs: 250,
  // The periodic sweep is called by hand (app.realtime.checkSessions) so that tests decide when.
  sessionCheckMs: 3_600_000,
  // Each event checks the session first: "closed on the next event" is then deterministic.
  eventCheckMs: 0,
  maxSocketsPerMember: 3,
};

async function startApp(
  database: Database,
  options: Partial<RealtimeOptions> = {},
): Promise<{ app: App; url: string; origin: string }> {
  const app = await buildApp({
    config: testConfig(),
    database,
    opsToken: OPS_TOKEN,
    serveWeb: false,
    logger: false,
    realtime: { ...OPTIONS, ...options },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `ws://127.0.0.1:${port}/ws`, origin: `http://127.0.0.1:${port}` };
}

/** A browser's socket as a test sees it: every message in order, and how it closed. */
class Client {
  readonly messages: RealtimeServerMessage[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  pings = 0;
  private waiters: (() => void)[] = [];

  constructor(
    url: string,
    readonly origin: string | undefined,
    readonly ws = new WebSocket(url, origin ? { origin } : {}),
  ) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('ping', () => {
      this.pings++;
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (from `from` on) that matches, waiting for it if needed. */
  async next<T extends RealtimeServerMessage['type']>(
    type: T,
    match: (m: Extract<RealtimeServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.messages.find(
        (m): m is Extract<RealtimeServerMessage, { type: T }> =>
          m.type === type && match(m as Extract<RealtimeServerMessage, { type: T }>),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the server has pinged this socket `n` times. */
  async pingedTimes(n: number): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (this.pings < n) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`pinged ${this.pings} times, not ${n}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Everything the server sent before its answer to a ping sent now (a socket keeps order). */
  async settled(): Promise<void> {
    const before = this.messages.length;
    this.send({ type: 'ping' });
    await this.next('pong', () => this.messages.length > before);
  }

  async closedWithin(ms = WAIT_MS) {
    return Promise.race([
      this.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket not closed')), ms)),
    ]);
  }

  close() {
    this.ws.close();
  }
}

/** A wire amount plus minor units, as a wire amount. */
const plus = (amount: string, minor: bigint) => minorToDecimal((parseMoney(amount) ?? 0n) + minor);

describe.each(engines)('session WebSocket on %s', (engine: Engine) => {
  let db: TestDb;
  let app: App;
  let url: string;
  let origin: string;
  let demo: { token: string; id: number };
  let agent: { token: string; id: number };
  const clients: Client[] = [];
  let keySeq = 0;

  const connect = (opts: { origin?: string | null; to?: string } = {}) => {
    const c = new Client(opts.to ?? url, opts.origin === null ? undefined : (opts.origin ?? origin));
    clients.push(c);
    return c;
  };
  /** A socket signed in as the member; resolves once the server said ready. */
  const signedIn = async (token: string, opts: { origin?: string; to?: string } = {}) => {
    const c = connect(opts);
    await c.opened;
    c.send({ type: 'auth', merchant: DEMO_MERCHANT, token });
    await c.next('ready');
    return c;
  };
  const credit = (memberId: number, amountMinor: bigint, on: App = app) =>
    on.ledger.move({
      merchant: DEMO_MERCHANT,
      from: systemAccount('HOUSE:ADJUST'),
      to: memberAccount(memberId),
      amountMinor,
      kind: TX_TYPE.adjustment,
      idempotencyKey: `realtime-${engine}-${++keySeq}`,
      actor: 'test',
    });
  const balanceOf = async (token: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });
    return res.json().value;
  };
  const logout = async (token: string) => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    ({ app, url, origin } = await startApp(db.database));
    demo = await loginAs(app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    agent = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await app?.close();
    await db?.drop();
  });

  it('closes a socket that does not sign in', async () => {
    const c = connect();
    await c.opened;
    expect((await c.closedWithin()).code).toBe(REALTIME_CLOSE.AUTH_TIMEOUT);
  });

  it('refuses a wrong token, an unknown merchant and anything but an auth message', async () => {
    const wrong = connect();
    await wrong.opened;
    wrong.send({ type: 'auth', merchant: DEMO_MERCHANT, token: 'x'.repeat(43) });
    expect((await wrong.closedWithin()).code).toBe(REALTIME_CLOSE.UNAUTHORIZED);

    const unknown = connect();
    await unknown.opened;
    unknown.send({ type: 'auth', merchant: 'NOPE', token: demo.token });
    expect((await unknown.closedWithin()).code).toBe(REALTIME_CLOSE.UNAUTHORIZED);

    for (const bad of [
      'not json',
      '[]',
      { type: 'subscribe', member: agent.id },
      { type: 'auth', merchant: DEMO_MERCHANT },
      { type: 'auth', merchant: DEMO_MERCHANT, token: demo.token, memberId: agent.id },
    ]) {
      const c = connect();
      await c.opened;
      c.send(bad);
      expect((await c.closedWithin()).code).toBe(REALTIME_CLOSE.BAD_MESSAGE);
    }
  });

  it('sends nothing to a socket that has not signed in', async () => {
    const c = connect();
    await c.opened;
    // A signed-in socket of the same member is the witness that the event went out.
    const witness = await signedIn(demo.token);
    const before = await witness.next('balance');
    await credit(demo.id, 100n);
    await witness.next('balance', (m) => m.balance.sumBalance === plus(before.balance.sumBalance, 100n));
    expect(c.messages).toEqual([]);
    c.close();
    witness.close();
  });

  it('refuses a handshake without an Origin, and a page of another site after auth', async () => {
    await expect(connect({ origin: null }).opened).rejects.toThrow('HTTP 400');
    const foreign = connect({ origin: 'https://evil.example' });
    await foreign.opened;
    foreign.send({ type: 'auth', merchant: DEMO_MERCHANT, token: demo.token });
    expect((await foreign.closedWithin()).code).toBe(REALTIME_CLOSE.FORBIDDEN);
    expect(foreign.messages).toEqual([]);
    // The merchant's own domain may open it even when the API is served from another host.
    const site = await signedIn(demo.token, { origin: 'https://www.aurum.example' });
    site.close();
  });

  it('signs in, then sends the current balance, the same reply as the balance call', async () => {
    const c = await signedIn(demo.token);
    expect(c.messages[0]).toEqual({ type: 'ready' });
    const event = await c.next('balance');
    expect(event.balance).toEqual(await balanceOf(demo.token));
    c.close();
  });

  it("delivers a balance change to that member's sockets only", async () => {
    const mine = await signedIn(demo.token);
    const alsoMine = await signedIn(demo.token);
    const theirs = await signedIn(agent.token);
    await mine.next('balance');
    await theirs.next('balance');
    // The other state event after ready (support's unread messages) is in too.
    await theirs.next('messages');
    const before = await balanceOf(demo.token);
    const theirsBefore = theirs.messages.length;
    await credit(demo.id, 12_345n);
    const expected = plus(before.sumBalance, 12_345n);
    const event = await mine.next('balance', (m) => m.balance.sumBalance === expected);
    expect(event.balance).toEqual(await balanceOf(demo.token));
    await alsoMine.next('balance', (m) => m.balance.sumBalance === expected);
    // Whatever the server sent the other member by now arrives before its pong.
    await theirs.settled();
    expect(theirs.messages.slice(theirsBefore).filter((m) => m.type !== 'pong')).toEqual([]);
    for (const c of [mine, alsoMine, theirs]) c.close();
  });

  it('answers pings, pings the browser, and keeps the socket open while it answers', async () => {
    const c = await signedIn(demo.token);
    c.send({ type: 'ping' });
    await c.next('pong');
    await c.pingedTimes(2);
    expect(c.pings).toBeGreaterThan(1);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.close();
  });

  it('closes a socket that sends too much or too often', async () => {
    const big = await signedIn(demo.token);
    big.send({ type: 'ping', pad: 'x'.repeat(REALTIME_LIMITS.maxMessageBytes) });
    expect((await big.closedWithin()).code).toBe(REALTIME_CLOSE.TOO_BIG);

    const chatty = await signedIn(demo.token);
    for (let i = 0; i <= REALTIME_LIMITS.messagesPerWindow; i++) chatty.send({ type: 'ping' });
    expect((await chatty.closedWithin()).code).toBe(REALTIME_CLOSE.TOO_MANY);
  });

  it('refuses a second auth on a signed-in socket', async () => {
    const c = await signedIn(demo.token);
    c.send({ type: 'auth', merchant: DEMO_MERCHANT, token: agent.token });
    expect((await c.closedWithin()).code).toBe(REALTIME_CLOSE.BAD_MESSAGE);
  });

  it("keeps a member's newest sockets: the oldest gives way", async () => {
    const own = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
    const sockets = [];
    for (let i = 0; i < 3; i++) sockets.push(await signedIn(own.token));
    const newest = await signedIn(own.token);
    expect((await sockets[0]!.closedWithin()).code).toBe(REALTIME_CLOSE.REPLACED);
    for (const c of [...sockets.slice(1), newest]) expect(c.ws.readyState).toBe(WebSocket.OPEN);
    for (const c of [...sockets.slice(1), newest]) c.close();
  });

  it('closes the socket of a session that logged out, on the next event', async () => {
    const session = await loginAs(app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    const c = await signedIn(session.token);
    await c.next('balance');
    await c.next('messages');
    const seen = c.messages.length;
    await logout(session.token);
    await credit(demo.id, 1n);
    expect((await c.closedWithin()).code).toBe(REALTIME_CLOSE.UNAUTHORIZED);
    expect(c.messages.length).toBe(seen);
  });

  it('closes the socket of a session that logged out, at the periodic check', async () => {
    const session = await loginAs(app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    const c = await signedIn(session.token);
    const other = await signedIn(demo.token);
    await logout(session.token);
    await app.realtime!.checkSessions();
    expect((await c.closedWithin()).code).toBe(REALTIME_CLOSE.UNAUTHORIZED);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.close();
  });

  const endOthers = async (token: string, on: App = app) => {
    const res = await on.inject({
      method: 'DELETE',
      url: '/wps/member/security/sessions/others',
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
  };

  it('closes the sockets of sessions signed out from the security centre at once', async () => {
    const keeper = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
    const other = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
    const kept = await signedIn(keeper.token);
    const ended = await signedIn(other.token);
    // No event and no periodic check: the sign-out itself closes it.
    await endOthers(keeper.token);
    expect((await ended.closedWithin()).code).toBe(REALTIME_CLOSE.UNAUTHORIZED);
    await kept.settled();
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
    expect(kept.messages.some((m) => (m.type as string) === 'sessions.ended')).toBe(false);
    kept.close();
  });

  it('closes the socket of a session ended for a change of address at once (token_ip_different)', async () => {
    const { token } = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
    const keeper = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
    const kept = await signedIn(keeper.token);
    const ended = await signedIn(token);
    await setMerchantConfig(app, (c) => {
      c.accounts = { ...c.accounts, endSessionOnAddressChange: true } as typeof c.accounts;
    });
    try {
      const moved = await app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: siteHeaders({ authorization: token }),
        remoteAddress: nextIp(),
      });
      expectFailure(moved, 401, 'token_ip_different');
      // No event and no periodic check: ending the session closes its socket.
      expect((await ended.closedWithin()).code).toBe(REALTIME_CLOSE.UNAUTHORIZED);
      await kept.settled();
      expect(kept.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      await setMerchantConfig(app, (c) => {
        c.accounts = { ...c.accounts, endSessionOnAddressChange: false } as typeof c.accounts;
      });
      kept.close();
    }
  });

  it.runIf(engine === 'postgres')('closes a signed-out session’s socket on another process', async () => {
    const secondDb = await openDatabase({
      url: process.env.TEST_DATABASE_URL,
      schema: db.schema,
      poolSize: 5,
    });
    const second = await startApp(secondDb);
    try {
      const keeper = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
      const other = await loginAs(app, DEMO_AGENT.account, DEMO_AGENT.password);
      const ended = await signedIn(other.token, { to: second.url, origin: second.origin });
      await endOthers(keeper.token);
      expect((await ended.closedWithin()).code).toBe(REALTIME_CLOSE.UNAUTHORIZED);
    } finally {
      await second.app.close();
      await secondDb.close();
    }
  });

  it.runIf(engine === 'postgres')('carries an event from one process to a socket on another', async () => {
    const secondDb = await openDatabase({
      url: process.env.TEST_DATABASE_URL,
      schema: db.schema,
      poolSize: 5,
    });
    const second = await startApp(secondDb);
    try {
      const c = await signedIn(demo.token, { to: second.url, origin: second.origin });
      await c.next('balance');
      const before = await balanceOf(demo.token);
      await credit(demo.id, 50_000n, app);
      const expected = plus(before.sumBalance, 50_000n);
      const event = await c.next('balance', (m) => m.balance.sumBalance === expected);
      expect(event.balance).toEqual(await balanceOf(demo.token));
      c.close();
    } finally {
      await second.app.close();
      await secondDb.close();
    }
  });

  it('limits handshakes per client address', async () => {
    const standalone = await createTestDb(engine);
    const other = await startApp(standalone.database, { upgradesPerMinute: 2 });
    try {
      const open = () => new Client(other.url, other.origin);
      const allowed = [open(), open()];
      for (const c of allowed) await c.opened;
      await expect(open().opened).rejects.toThrow('HTTP 429');
      for (const c of allowed) c.ws.terminate();
    } finally {
      await other.app.close();
      await standalone.drop();
    }
  });

  it('tells open sockets to come back later when the server stops', async () => {
    const standalone = await createTestDb(engine);
    const other = await startApp(standalone.database);
    try {
      const session = await loginAs(other.app, DEMO_MEMBER.account, DEMO_MEMBER.password);
      const c = await signedIn(session.token, { to: other.url, origin: other.origin });
      await other.app.close();
      expect((await c.closedWithin()).code).toBe(REALTIME_CLOSE.GOING_AWAY);
    } finally {
      await other.app.close();
      await standalone.drop();
    }
  });
});
