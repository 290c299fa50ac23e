/**
 * Risk limits of the seamless wallet (docs/seamless-wallet.md, Risk limits): wins above a
 * round's limit are held, not paid, and the operator releases or rejects them
 * (`npm run ops -- risk …`, here through the operator endpoint as the CLI sends it).
 */
import { TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  opsCommand,
  setMerchantConfig,
  type TestApp,
} from '../../testing/app.ts';
import { memberAccount } from '../wallet/index.ts';
import { inProcessTransport, VendorClient } from './client.ts';
import type { RoundReply } from './protocol.ts';
import type { OperatorHoldView } from './risk.ts';
import {
  EXTERNAL_VENDOR,
  expectOk,
  INHOUSE_VENDOR,
  newPlayer,
  nextId,
  startSession,
  walletOf,
} from './testing/helpers.ts';

interface RoundRow {
  status: string;
  held: boolean;
  bet_minor: string;
  win_minor: string;
  balance_after_minor: string | null;
  detail: unknown;
  settled_at: unknown;
}

describe.each(engines)('risk limits on %s', (engine) => {
  let t: TestApp;
  let client: VendorClient;
  let live: VendorClient;
  let external: VendorClient;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    client = await t.app.vendors.clientFor(DEMO_MERCHANT, INHOUSE_VENDOR);
    live = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURL');
    const { secret } = await opsCommand(t.app, { command: 'vendor-secret', vendor: EXTERNAL_VENDOR });
    external = new VendorClient({
      merchant: DEMO_MERCHANT,
      vendor: EXTERNAL_VENDOR,
      secret,
      transport: inProcessTransport(t.app.vendors.handler),
      clock,
    });
  });
  afterAll(async () => t?.close());

  const roundOf = async (roundId: string, vendor = INHOUSE_VENDOR) => {
    const [row] = await queryRows<RoundRow>(
      t.db.database.db,
      `SELECT status, held, bet_minor::text, win_minor::text, balance_after_minor::text, detail, settled_at
       FROM game_rounds WHERE merchant = $1 AND vendor = $2 AND round_id = $3`,
      [DEMO_MERCHANT, vendor, roundId],
    );
    return row ?? null;
  };
  const transfersKeyed = (key: string) =>
    queryRows<{ kind: number; amount: string }>(
      t.db.database.db,
      `SELECT kind, amount::text FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key = $2`,
      [DEMO_MERCHANT, key],
    );
  const risk = (args: Record<string, unknown>) => opsCommand(t.app, { command: 'risk', ...args });
  const heldFor = async (txId: string): Promise<OperatorHoldView> => {
    const { holds } = (await risk({ action: 'list' })) as { holds: OperatorHoldView[] };
    const hold = holds.find((h) => h.txId === txId);
    if (!hold) throw new Error(`no pending hold of ${txId}`);
    return hold;
  };
  const pending = (reply: RoundReply | { code: string }) => {
    const ok = expectOk(reply as RoundReply);
    expect(ok.status).toBe('PENDING_REVIEW');
    return ok;
  };

  it('holds a credit above the game’s multiple of the round’s stakes, and pays one at it', async () => {
    // Dice: at most 9900× the stakes.
    const s = await startSession(t, client, 'real', 10_000n);
    const atLimit = nextId('r');
    expectOk(
      await client.debit({
        sessionToken: s.sessionToken,
        txId: nextId('d'),
        roundId: atLimit,
        amount: '0.01',
      }),
    );
    const paid = expectOk(await client.credit({ txId: nextId('c'), roundId: atLimit, amount: '99' }));
    expect(paid.status).toBeUndefined();
    expect(paid.balance).toBe('198.99');

    const roundId = nextId('r');
    expectOk(
      await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1.00' }),
    );
    const txId = nextId('c');
    const credit = { txId, roundId, amount: '9900.01', detail: { roll: 0 } };
    const first = pending(await client.credit(credit));
    expect(first).toMatchObject({ balance: '197.99', txId, roundId, replayed: false });
    expect(await walletOf(t, s.memberId)).toBe(19_799n);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'open',
      held: true,
      bet_minor: '100',
      win_minor: '0',
    });
    expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${txId}`)).toEqual([]);
    // A retry gets the same pending answer; nothing moves.
    expect(await client.credit(credit)).toEqual({ ...first, replayed: true });
    expect((await client.credit({ ...credit, amount: '9900.02' })).code).toBe('DUPLICATE_TRANSACTION');

    const hold = await heldFor(txId);
    expect(hold).toMatchObject({
      vendor: INHOUSE_VENDOR,
      kind: 'credit',
      roundId,
      orderNo: first.orderNo,
      memberId: s.memberId,
      mode: 'real',
      gameCode: 'dice',
      win: '9900.01',
      limit: '9900.00',
      rule: 'GAME_MULTIPLE',
      stakes: '1.00',
      winsBefore: '0.00',
      closeRound: true,
      status: 'PENDING',
      transferId: null,
    });
  });

  it('keeps a held round from every other call until it is decided', async () => {
    const s = await startSession(t, client, 'real', 10_000n);
    const roundId = nextId('r');
    const debitId = nextId('d');
    expectOk(await client.debit({ sessionToken: s.sessionToken, txId: debitId, roundId, amount: '1' }));
    pending(await client.credit({ txId: nextId('c'), roundId, amount: '10000' }));
    const again = await client.debit({
      sessionToken: s.sessionToken,
      txId: nextId('d'),
      roundId,
      amount: '1',
    });
    expect(again).toMatchObject({ code: 'ROUND_CLOSED', message: 'A win of the round is held for review.' });
    expect((await client.credit({ txId: nextId('c'), roundId, amount: '1' })).code).toBe('ROUND_CLOSED');
    const settle = await client.settle({
      sessionToken: s.sessionToken,
      txId: nextId('s'),
      roundId,
      bet: '1',
      win: '0',
    });
    expect(settle.code).toBe('ROUND_CLOSED');
    const rollback = await client.rollback({
      txId: nextId('rb'),
      originalTxId: debitId,
      playerId: String(s.memberId),
    });
    expect(rollback.code).toBe('ROUND_CLOSED');
    expect(await walletOf(t, s.memberId)).toBe(9_900n);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'open',
      held: true,
      bet_minor: '100',
      win_minor: '0',
    });
  });

  it('releases a held win once, as one transfer keyed by the credit, and closes the round', async () => {
    const s = await startSession(t, client, 'real', 10_000n);
    const roundId = nextId('r');
    expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '2' }));
    const txId = nextId('c');
    const credit = { txId, roundId, amount: '20000', detail: { roll: 1 } };
    const first = pending(await client.credit(credit));
    const hold = await heldFor(txId);

    const released = (await risk({ action: 'release', id: hold.id })) as OperatorHoldView;
    expect(released).toMatchObject({
      id: hold.id,
      status: 'RELEASED',
      decidedBy: 'break-glass:test',
      reason: null,
    });
    expect(released.transferId).toEqual(expect.any(Number));
    expect(await walletOf(t, s.memberId)).toBe(9_800n + 2_000_000n);
    expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${txId}`)).toEqual([
      { kind: TX_TYPE.win, amount: '2000000' },
    ]);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'settled',
      held: false,
      bet_minor: '200',
      win_minor: '2000000',
      balance_after_minor: '2009800',
      detail: { roll: 1 },
    });
    // Never twice: a second release (or a reject) is refused and moves nothing.
    await expect(risk({ action: 'release', id: hold.id })).rejects.toThrow(/RELEASED already/);
    await expect(risk({ action: 'reject', id: hold.id, reason: 'late' })).rejects.toThrow(/RELEASED already/);
    expect(await walletOf(t, s.memberId)).toBe(2_009_800n);
    // The vendor's retry still gets its first (pending) answer; the round is closed now.
    expect(await client.credit(credit)).toEqual({ ...first, replayed: true });
    expect((await client.credit({ txId: nextId('c'), roundId, amount: '1' })).code).toBe('ROUND_CLOSED');
  });

  it('pays once when two operators decide the same hold at once', async () => {
    const s = await startSession(t, client, 'real', 10_000n);
    const roundId = nextId('r');
    expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
    const txId = nextId('c');
    pending(await client.credit({ txId, roundId, amount: '10000' }));
    const { id } = await heldFor(txId);
    const decisions = await Promise.allSettled([
      risk({ action: 'release', id }),
      risk({ action: 'release', id }),
      risk({ action: 'reject', id, reason: 'race' }),
    ]);
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    const won = (decisions.find((d) => d.status === 'fulfilled') as PromiseFulfilledResult<OperatorHoldView>)
      .value;
    const paid = won.status === 'RELEASED' ? 1_000_000n : 0n;
    expect(await walletOf(t, s.memberId)).toBe(9_900n + paid);
    expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${txId}`)).toHaveLength(paid > 0n ? 1 : 0);
    expect(await roundOf(roundId)).toMatchObject({ status: 'settled', held: false });
  });

  it('leaves the round open on release of a credit with closeRound false', async () => {
    const s = await startSession(t, client, 'real', 10_000n);
    const roundId = nextId('r');
    expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
    const txId = nextId('c');
    pending(await client.credit({ txId, roundId, amount: '9900.01', closeRound: false }));
    await risk({ action: 'release', id: (await heldFor(txId)).id });
    expect(await roundOf(roundId)).toMatchObject({ status: 'open', held: false, win_minor: '990001' });
    // The wins paid count against the limit: 1.00 more stake allows 9900.00 more in all.
    expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
    pending(await client.credit({ txId: nextId('c'), roundId, amount: '9900', closeRound: false }));
  });

  it('holds a win above the vendor’s absolute cap, and a reject closes the round unpaid', async () => {
    // AUR (config/vendors.json maxWin 50000.00); its game is not in the catalogue: the cap only.
    const s = await startSession(t, external, 'real', 100_000n);
    const roundId = nextId('r');
    expectOk(
      await external.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '100' }),
    );
    const txId = nextId('c');
    const first = pending(await external.credit({ txId, roundId, amount: '50000.01' }));
    expect(first.balance).toBe('900.00');
    const hold = await heldFor(txId);
    expect(hold).toMatchObject({
      vendor: EXTERNAL_VENDOR,
      rule: 'VENDOR_CAP',
      limit: '50000.00',
      win: '50000.01',
    });

    await expect(risk({ action: 'reject', id: hold.id, reason: '' })).rejects.toThrow();
    const rejected = (await risk({
      action: 'reject',
      id: hold.id,
      reason: 'crafted win',
    })) as OperatorHoldView;
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: 'crafted win', transferId: null });
    expect(await walletOf(t, s.memberId)).toBe(90_000n);
    expect(await transfersKeyed(`vendor:${EXTERNAL_VENDOR}:${txId}`)).toEqual([]);
    expect(await roundOf(roundId, EXTERNAL_VENDOR)).toMatchObject({
      status: 'settled',
      held: false,
      win_minor: '0',
      balance_after_minor: '90000',
    });
    expect((await external.credit({ txId: nextId('c'), roundId, amount: '1' })).code).toBe('ROUND_CLOSED');
    await expect(risk({ action: 'release', id: hold.id })).rejects.toThrow(/REJECTED already/);
    // A win at the cap is paid.
    const next = nextId('r');
    expectOk(
      await external.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId: next, amount: '1' }),
    );
    expect(
      expectOk(await external.credit({ txId: nextId('c'), roundId: next, amount: '50000' })).status,
    ).toBeUndefined();
  });

  it('holds the win of an oversized settle and takes its bet; release pays the win leg', async () => {
    const s = await startSession(t, client, 'real', 10_000n);
    const roundId = nextId('r');
    const txId = nextId('s');
    const settle = {
      sessionToken: s.sessionToken,
      txId,
      roundId,
      bet: '1',
      win: '9900.01',
      detail: { roll: 0 },
    };
    const first = pending(await client.settle(settle));
    expect(first.balance).toBe('99.00');
    expect(await walletOf(t, s.memberId)).toBe(9_900n);
    expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${txId}:bet`)).toEqual([
      { kind: TX_TYPE.bet, amount: '100' },
    ]);
    expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${txId}:win`)).toEqual([]);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'open',
      held: true,
      bet_minor: '100',
      win_minor: '0',
      detail: { roll: 0 },
    });
    expect(await client.settle(settle)).toEqual({ ...first, replayed: true });
    expect(await walletOf(t, s.memberId)).toBe(9_900n);
    // A settle is not a debit: it cannot be rolled back, held or not.
    const rb = await client.rollback({
      txId: nextId('rb'),
      originalTxId: txId,
      playerId: String(s.memberId),
    });
    expect(rb.code).toBe('ROUND_CLOSED');

    const hold = await heldFor(txId);
    expect(hold).toMatchObject({
      kind: 'settle',
      win: '9900.01',
      limit: '9900.00',
      stakes: '1.00',
      closeRound: true,
    });
    await risk({ action: 'release', id: hold.id });
    expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${txId}:win`)).toEqual([
      { kind: TX_TYPE.win, amount: '990001' },
    ]);
    expect(await walletOf(t, s.memberId)).toBe(9_900n + 990_001n);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'settled',
      held: false,
      win_minor: '990001',
      detail: { roll: 0 },
    });
    expect(await client.settle(settle)).toEqual({ ...first, replayed: true });
  });

  it('checks a settle on a round opened by debits against all of its stakes', async () => {
    const s = await startSession(t, client, 'real', 10_000n);
    const roundId = nextId('r');
    expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
    // 2.00 of stakes allow 19800.00: paid as a settle, the round settled.
    const ok = expectOk(
      await client.settle({
        sessionToken: s.sessionToken,
        txId: nextId('s'),
        roundId,
        bet: '1',
        win: '19800',
      }),
    );
    expect(ok.status).toBeUndefined();
    expect(await roundOf(roundId)).toMatchObject({
      status: 'settled',
      bet_minor: '200',
      win_minor: '1980000',
    });

    const over = nextId('r');
    expectOk(
      await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId: over, amount: '1' }),
    );
    const txId = nextId('s');
    pending(
      await client.settle({ sessionToken: s.sessionToken, txId, roundId: over, bet: '1', win: '19800.01' }),
    );
    expect(await roundOf(over)).toMatchObject({
      status: 'open',
      held: true,
      bet_minor: '200',
      win_minor: '0',
    });
    expect(await heldFor(txId)).toMatchObject({ stakes: '2.00', limit: '19800.00' });
    // Refused settles on the held round move nothing.
    const refused = await client.settle({
      sessionToken: s.sessionToken,
      txId: nextId('s'),
      roundId: over,
      bet: '1',
      win: '0',
    });
    expect(refused.code).toBe('ROUND_CLOSED');
  });

  it('applies a bet type’s own multiple to its stakes', async () => {
    // Baccarat: tie 9×, player 2×; a bet of no type takes the game's 12×.
    const memberId = await newPlayer(t, 'real', 10_000n);
    // Aurum Live plays from its own game wallet on the demo (transfer mode): move the money there.
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: memberAccount(memberId),
      to: memberAccount(memberId, 'VENDOR:AURL'),
      amountMinor: 10_000n,
      kind: TX_TYPE.transferToGame,
      idempotencyKey: `test-aurl-${memberId}`,
      actor: 'test',
    });
    const token = await t.app.vendors.issueLaunchToken({
      merchant: DEMO_MERCHANT,
      memberId,
      vassalage: 'AURL',
      gameCode: 'baccarat',
      mode: 'real',
      language: 'EN',
    });
    const { sessionToken } = expectOk(await live.authenticate({ token }));
    const roundId = nextId('r');
    expectOk(await live.debit({ sessionToken, txId: nextId('d'), roundId, amount: '10', betType: 'tie' }));
    expectOk(await live.debit({ sessionToken, txId: nextId('d'), roundId, amount: '10', betType: 'player' }));
    const txId = nextId('c');
    pending(await live.credit({ txId, roundId, amount: '110.01', closeRound: false }));
    expect(await heldFor(txId)).toMatchObject({ limit: '110.00', stakes: '20.00', rule: 'GAME_MULTIPLE' });
    await risk({ action: 'reject', id: (await heldFor(txId)).id, reason: 'test' });

    const other = nextId('r');
    expectOk(
      await live.debit({ sessionToken, txId: nextId('d'), roundId: other, amount: '10', betType: 'tie' }),
    );
    expectOk(await live.debit({ sessionToken, txId: nextId('d'), roundId: other, amount: '10' }));
    expect(
      expectOk(await live.credit({ txId: nextId('c'), roundId: other, amount: '210' })).status,
    ).toBeUndefined();
    // A typed settle: 10.00 on a pair allows 120.00.
    const s1 = await live.settle({
      sessionToken,
      txId: nextId('s'),
      roundId: nextId('r'),
      bet: '10',
      win: '120',
      betType: 'playerPair',
    });
    expect(expectOk(s1).status).toBeUndefined();
    const s2 = await live.settle({
      sessionToken,
      txId: nextId('s'),
      roundId: nextId('r'),
      bet: '10',
      win: '90.01',
      betType: 'tie',
    });
    pending(s2);
    // A bet type is part of the request: the same id with another type is another request.
    const debit = { sessionToken, txId: nextId('d'), roundId: nextId('r'), amount: '1', betType: 'tie' };
    expectOk(await live.debit(debit));
    expect((await live.debit({ ...debit, betType: 'banker' })).code).toBe('DUPLICATE_TRANSACTION');
    expect((await live.debit({ ...debit, betType: 'no such' })).code).toBe('INVALID_REQUEST');
  });

  it('holds play money too, and refuses bad operator commands', async () => {
    const s = await startSession(t, client, 'play', 10_000n);
    const roundId = nextId('r');
    const txId = nextId('s');
    pending(await client.settle({ sessionToken: s.sessionToken, txId, roundId, bet: '1', win: '9901' }));
    expect(await walletOf(t, s.memberId, 'PLAY')).toBe(9_900n);
    const hold = await heldFor(txId);
    expect(hold.mode).toBe('play');
    await risk({ action: 'release', id: hold.id });
    expect(await walletOf(t, s.memberId, 'PLAY')).toBe(9_900n + 990_100n);
    expect(await walletOf(t, s.memberId, 'MAIN')).toBe(0n);

    await expect(risk({ action: 'release', id: 999_999_999 })).rejects.toThrow(/no held win/);
    await expect(risk({ action: 'release' })).rejects.toThrow();
    await expect(risk({ action: 'approve', id: 1 })).rejects.toThrow();
    await expect(risk({ action: 'list', status: 'MAYBE' })).rejects.toThrow();
    const released = (await risk({ action: 'list', status: 'RELEASED', limit: 200 })) as {
      holds: OperatorHoldView[];
    };
    expect(released.holds.map((h) => h.txId)).toContain(txId);
  });

  it('applies a reloaded configuration to the next call', async () => {
    const s = await startSession(t, external, 'real', 100_000n);
    const roundId = nextId('r');
    expectOk(
      await external.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '10' }),
    );
    await setMerchantConfig(t.app, (c) => {
      c.vendors.find((v) => v.vassalage === EXTERNAL_VENDOR)!.maxWin = '100.00';
    });
    try {
      pending(await external.credit({ txId: nextId('c'), roundId, amount: '100.01', closeRound: false }));
    } finally {
      await setMerchantConfig(t.app, (c) => {
        c.vendors.find((v) => v.vassalage === EXTERNAL_VENDOR)!.maxWin = '50000.00';
      });
    }
  });

  it('audits every risk command', async () => {
    const rows = await queryRows<{ action: string; actor: string }>(
      t.db.database.db,
      `SELECT action, actor FROM ops_audit WHERE merchant_code = $1 AND action LIKE 'risk-%'`,
      [DEMO_MERCHANT],
    );
    const actions = new Set(rows.map((r) => r.action));
    expect(actions).toEqual(new Set(['risk-list', 'risk-release', 'risk-reject']));
    expect(rows.every((r) => r.actor === 'break-glass:test')).toBe(true);
  });

  it('keeps the ledger invariants through holds, releases and rejects', async () => {
    const report = (await opsCommand(t.app, { command: 'ledger-check' })) as {
      ok: boolean;
      problems: unknown[];
    };
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
