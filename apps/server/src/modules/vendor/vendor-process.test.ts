/**
 * The protocol over real HTTP, from a vendor in another process (testing/vendor-process.ts):
 * the app listens on an ephemeral port and the test tells the vendor what to call.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../platform/clock.ts';
import { REPO_ROOT } from '../../platform/config.ts';
import { createTestApp, DEMO_MERCHANT, engines, opsCommand, type TestApp } from '../../testing/app.ts';
import { checkLedger } from '../wallet/index.ts';
import {
  EXTERNAL_VENDOR,
  INHOUSE_VENDOR,
  launchToken,
  newPlayer,
  nextId,
  walletOf,
} from './testing/helpers.ts';

const VENDOR_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/vendor-process.ts');

interface Answer {
  id?: unknown;
  status?: number;
  reply?: Record<string, unknown> & { code: string };
  error?: string;
  ready?: boolean;
  bye?: boolean;
}

/** The vendor process and a way to send it commands. */
class TestVendor {
  private seq = 0;
  private readonly waiting = new Map<number, (a: Answer) => void>();
  readonly ready: Promise<void>;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    let signalReady: () => void = () => undefined;
    this.ready = new Promise((resolve) => {
      signalReady = resolve;
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const a = JSON.parse(line) as Answer;
      if (a.ready) signalReady();
      else this.waiting.get(a.id as number)?.(a);
    });
  }

  send(cmd: Record<string, unknown>): Promise<Answer> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ id, ...cmd })}\n`);
    });
  }

  /** A call's reply (the test fails on a transport error). */
  async call(call: string, body: unknown, extra: Record<string, unknown> = {}) {
    const a = await this.send({ call, body, ...extra });
    if (a.error || !a.reply) throw new Error(`vendor process: ${a.error}`);
    return { status: a.status, reply: a.reply };
  }

  async stop() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.send({ exit: true });
    await exited;
  }
}

describe.each(engines)('a vendor process over HTTP on %s', (engine) => {
  let t: TestApp;
  let vendor: TestVendor;

  /** A vendor process signing as `code` with `secret`, calling the app over HTTP. */
  async function startVendor(code: string, secret: string): Promise<TestVendor> {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app does not listen');
    const child = spawn(process.execPath, ['--import', 'tsx', VENDOR_PROCESS], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PLATFORM_URL: `http://127.0.0.1:${address.port}`,
        MERCHANT: DEMO_MERCHANT,
        VENDOR: code,
        VENDOR_SECRET: secret,
      },
    });
    child.stderr.pipe(process.stderr);
    const started = new TestVendor(child);
    await started.ready;
    return started;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const merchant = await t.app.merchants.get(DEMO_MERCHANT);
    const secret = merchant && (await t.app.vendors.credentials.secretFor(merchant, INHOUSE_VENDOR));
    if (!secret) throw new Error('no in-house secret');
    vendor = await startVendor(INHOUSE_VENDOR, secret);
  });
  afterAll(async () => {
    await vendor?.stop();
    await t?.close();
  });

  it('plays rounds through every call', async () => {
    const memberId = await newPlayer(t, 'real', 50_000n);
    const token = await launchToken(t, memberId, 'real');
    const auth = await vendor.call('authenticate', { token });
    expect(auth).toMatchObject({
      status: 200,
      reply: { code: 'OK', balance: '500.00', playerId: String(memberId) },
    });
    const sessionToken = auth.reply.sessionToken as string;
    expect((await vendor.call('authenticate', { token })).reply.code).toBe('INVALID_TOKEN');

    expect((await vendor.call('balance', { sessionToken })).reply).toEqual({
      code: 'OK',
      balance: '500.00',
      currency: 'USD',
    });
    const roundId = nextId('r');
    const debit = { sessionToken, txId: nextId('d'), roundId, amount: '20.00' };
    const first = await vendor.call('debit', debit);
    expect(first.reply).toMatchObject({ code: 'OK', balance: '480.00', replayed: false });
    expect((await vendor.call('debit', debit)).reply).toEqual({ ...first.reply, replayed: true });
    const credit = await vendor.call('credit', {
      txId: nextId('c'),
      roundId,
      amount: '50.00',
      detail: { hand: 'A' },
    });
    expect(credit.reply).toMatchObject({ code: 'OK', balance: '530.00', orderNo: first.reply.orderNo });

    const settle = await vendor.call('settle', {
      sessionToken,
      txId: nextId('s'),
      roundId: nextId('r'),
      bet: '10',
      win: '0',
    });
    expect(settle.reply).toMatchObject({ code: 'OK', balance: '520.00' });

    const open = nextId('r');
    const stake = nextId('d');
    await vendor.call('debit', { sessionToken, txId: stake, roundId: open, amount: '5' });
    const rb = await vendor.call('rollback', {
      txId: nextId('rb'),
      originalTxId: stake,
      playerId: String(memberId),
    });
    expect(rb.reply).toMatchObject({ code: 'OK', balance: '520.00' });
    expect(await walletOf(t, memberId)).toBe(52_000n);
  });

  it('is refused with a wrong secret, a stale clock or bad input', async () => {
    const memberId = await newPlayer(t, 'real', 1_000n);
    const auth = await vendor.call('authenticate', { token: await launchToken(t, memberId, 'real') });
    const sessionToken = auth.reply.sessionToken as string;
    expect(await vendor.call('balance', { sessionToken }, { secret: 'not-the-secret' })).toMatchObject({
      status: 401,
      reply: { code: 'INVALID_SIGNATURE' },
    });
    expect(await vendor.call('balance', { sessionToken }, { skewMs: -6 * MINUTE_MS })).toMatchObject({
      status: 401,
      reply: { code: 'INVALID_SIGNATURE' },
    });
    const debit = { sessionToken, txId: nextId('d'), roundId: nextId('r'), amount: '10.001' };
    expect(await vendor.call('debit', debit)).toMatchObject({
      status: 400,
      reply: { code: 'INVALID_REQUEST' },
    });
    expect(await vendor.call('debit', { ...debit, amount: '10.01' })).toMatchObject({
      status: 200,
      reply: { code: 'INSUFFICIENT_FUNDS', balance: '10.00' },
    });
    expect(await walletOf(t, memberId)).toBe(1_000n);
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  it('holds a crafted oversized credit of an external vendor for the operator', async () => {
    // The operator makes the external vendor's secret; its process signs with it.
    const { secret } = await opsCommand(t.app, { command: 'vendor-secret', vendor: EXTERNAL_VENDOR });
    const external = await startVendor(EXTERNAL_VENDOR, secret);
    try {
      const memberId = await newPlayer(t, 'real', 10_000n);
      const token = await launchToken(t, memberId, 'real', EXTERNAL_VENDOR);
      const sessionToken = (await external.call('authenticate', { token })).reply.sessionToken as string;
      const roundId = nextId('r');
      await external.call('debit', { sessionToken, txId: nextId('d'), roundId, amount: '10' });
      // Above the vendor's cap (config/vendors.json: 50000.00): not paid, answered pending.
      const credit = { txId: nextId('c'), roundId, amount: '75000.00' };
      const held = await external.call('credit', credit);
      expect(held).toMatchObject({
        status: 200,
        reply: { code: 'OK', status: 'PENDING_REVIEW', balance: '90.00', replayed: false },
      });
      expect(await external.call('credit', credit)).toEqual({
        status: 200,
        reply: { ...held.reply, replayed: true },
      });
      expect(await walletOf(t, memberId)).toBe(9_000n);
      // Spaces around an amount are refused, not read.
      expect(await external.call('credit', { ...credit, txId: nextId('c'), amount: ' 1.00' })).toMatchObject({
        status: 400,
        reply: { code: 'INVALID_REQUEST' },
      });

      const { holds } = await opsCommand(t.app, { command: 'risk', action: 'list' });
      const hold = (holds as { id: number; txId: string }[]).find((h) => h.txId === credit.txId);
      expect(hold).toBeDefined();
      await opsCommand(t.app, { command: 'risk', action: 'release', id: hold!.id });
      expect(await walletOf(t, memberId)).toBe(9_000n + 7_500_000n);
      const check = await opsCommand(t.app, { command: 'ledger-check' });
      expect(check).toMatchObject({ ok: true, problems: [] });
    } finally {
      await external.stop();
    }
  });
});
