import { routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findById } from '../accounts/index.ts';
import { checkLedger } from '../wallet/index.ts';
import { inProcessTransport, VendorClient } from './client.ts';
import { MAX_UNTRUSTED_CALLS, UNTRUSTED_WINDOW_MS } from './failure-gate.ts';
import { VENDOR_HOUSEKEEPING_JOB } from './module.ts';
import { SEAMLESS_PREFIX } from './protocol.ts';
import { LAUNCH_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_RECHECK_MS } from './sessions.ts';
import { signedHeaders } from './signature.ts';
import {
  EXTERNAL_VENDOR,
  expectOk,
  INHOUSE_VENDOR,
  launchToken,
  newPlayer,
  nextId,
  startSession,
  walletOf,
} from './testing/helpers.ts';

interface RoundRow {
  order_no: string;
  member_id: string;
  game_code: string;
  mode: string;
  status: string;
  bet_minor: string;
  win_minor: string;
  balance_before_minor: string | null;
  balance_after_minor: string | null;
  detail: unknown;
  fair: unknown;
  settled_at: unknown;
}

const FAIR = { serverSeedHash: 'ab'.repeat(32), clientSeed: 'lucky', nonce: 7 };

describe.each(engines)('seamless wallet on %s', (engine) => {
  let t: TestApp;
  let client: VendorClient;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    client = await t.app.vendors.clientFor(DEMO_MERCHANT, INHOUSE_VENDOR);
  });
  afterAll(async () => t?.close());

  const roundOf = async (roundId: string, vendor = INHOUSE_VENDOR) => {
    const [row] = await queryRows<RoundRow>(
      t.db.database.db,
      `SELECT order_no, member_id::text, game_code, mode, status, bet_minor::text, win_minor::text,
         balance_before_minor::text, balance_after_minor::text, detail, fair, settled_at
       FROM game_rounds WHERE merchant = $1 AND vendor = $2 AND round_id = $3`,
      [DEMO_MERCHANT, vendor, roundId],
    );
    return row ?? null;
  };
  const houseOf = (code: `HOUSE:${string}`) =>
    t.app.ledger.systemBalance(t.db.database.db, DEMO_MERCHANT, code);
  const transfersKeyed = async (prefix: string) =>
    queryRows<{ kind: number; amount: string }>(
      t.db.database.db,
      `SELECT kind, amount::text FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE $2
       ORDER BY id`,
      [DEMO_MERCHANT, `${prefix}%`],
    );

  describe('authenticate and balance', () => {
    it('exchanges a launch token for a session that reads the balance', async () => {
      const memberId = await newPlayer(t, 'real', 123_456n);
      const token = await launchToken(t, memberId, 'real');
      const auth = expectOk(await client.authenticate({ token }));
      expect(auth).toMatchObject({
        playerId: String(memberId),
        currency: 'USD',
        balance: '1234.56',
        mode: 'real',
        gameCode: 'dice',
        language: 'EN',
      });
      expect(auth.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await client.balance({ sessionToken: auth.sessionToken })).toEqual({
        code: 'OK',
        balance: '1234.56',
        currency: 'USD',
      });
    });

    it('takes a launch token once, within five minutes, from its own vendor only', async () => {
      const memberId = await newPlayer(t, 'real', 1_000n);
      const token = await launchToken(t, memberId, 'real');
      expectOk(await client.authenticate({ token }));
      expect((await client.authenticate({ token })).code).toBe('INVALID_TOKEN');

      const late = await launchToken(t, memberId, 'real');
      clock.advance(LAUNCH_TOKEN_TTL_MS + 1);
      expect((await client.authenticate({ token: late })).code).toBe('INVALID_TOKEN');

      const other = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURL');
      const forAurx = await launchToken(t, memberId, 'real');
      expect((await other.authenticate({ token: forAurx })).code).toBe('INVALID_TOKEN');
      // Refused by another vendor, the token still works for its own.
      expectOk(await client.authenticate({ token: forAurx }));
      expect((await client.authenticate({ token: 'x'.repeat(43) })).code).toBe('INVALID_TOKEN');
    });

    it('refuses launch tokens that do not fit the member', async () => {
      const real = await newPlayer(t, 'real', 0n);
      const trial = await newPlayer(t, 'play', 1_000n);
      await expect(launchToken(t, trial, 'real')).rejects.toMatchObject({ code: 'trial.forbidden' });
      await expect(launchToken(t, real, 'play')).rejects.toMatchObject({ code: 'request.invalid' });
      await expect(launchToken(t, 999_999_999, 'real')).rejects.toMatchObject({ code: 'request.invalid' });
    });

    it('ends a session after 30 idle minutes and after 24 hours, but not its rounds', async () => {
      const s = await startSession(t, client, 'real');
      const roundId = nextId('r');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '5' }));
      clock.advance(SESSION_IDLE_MS - MINUTE_MS);
      expectOk(await client.balance({ sessionToken: s.sessionToken }));
      clock.advance(SESSION_IDLE_MS + MINUTE_MS);
      expect((await client.balance({ sessionToken: s.sessionToken })).code).toBe('SESSION_EXPIRED');
      const late = await client.debit({
        sessionToken: s.sessionToken,
        txId: nextId('d'),
        roundId,
        amount: '5',
      });
      expect(late.code).toBe('SESSION_EXPIRED');
      // The round still closes: a credit names the round, not the session.
      const credit = expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '7.50' }));
      expect(credit.balance).toBe('1002.50');

      const kept = await startSession(t, client, 'real');
      for (let spent = 0; spent < SESSION_ABSOLUTE_MS - 20 * MINUTE_MS; spent += 20 * MINUTE_MS) {
        clock.advance(20 * MINUTE_MS);
        expectOk(await client.balance({ sessionToken: kept.sessionToken }));
      }
      clock.advance(20 * MINUTE_MS);
      expect((await client.balance({ sessionToken: kept.sessionToken })).code).toBe('SESSION_EXPIRED');
    });
    it('ends a member’s game sessions and unused launch tokens when the operator resets the password', async () => {
      const s = await startSession(t, client, 'real');
      const other = await startSession(t, client, 'real');
      const unused = await launchToken(t, s.memberId, 'real');
      const [member] = await queryRows<{ account: string }>(
        t.db.database.db,
        'SELECT account FROM members WHERE id = $1',
        [s.memberId],
      );
      await opsCommand(t.app, { command: 'reset-password', account: member!.account, reason: 'test' });
      // A token not yet exchanged is refused at once; a session held in memory within seconds.
      expect((await client.authenticate({ token: unused })).code).toBe('INVALID_TOKEN');
      clock.advance(SESSION_RECHECK_MS);
      expect((await client.balance({ sessionToken: s.sessionToken })).code).toBe('SESSION_EXPIRED');
      const debit = await client.debit({
        sessionToken: s.sessionToken,
        txId: nextId('d'),
        roundId: nextId('r'),
        amount: '1',
      });
      expect(debit.code).toBe('SESSION_EXPIRED');
      // Another member's session goes on.
      expectOk(await client.balance({ sessionToken: other.sessionToken }));
    });

    it('ends a member’s game sessions and unused launch tokens when the member signs out', async () => {
      const s = await startSession(t, client, 'real');
      const other = await startSession(t, client, 'real');
      const unused = await launchToken(t, s.memberId, 'real');
      const merchant = (await t.app.merchants.get(DEMO_MERCHANT))!;
      const member = (await findById(t.db.database.db, DEMO_MERCHANT, s.memberId))!;
      const token = await t.app.accounts.sessions.start(merchant, member, { ip: '10.9.9.9' });
      const out = await t.app.inject({
        method: 'DELETE',
        url: routes.logout.path,
        headers: siteHeaders({ authorization: token }),
      });
      expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
      expect((await client.authenticate({ token: unused })).code).toBe('INVALID_TOKEN');
      clock.advance(SESSION_RECHECK_MS);
      expect((await client.balance({ sessionToken: s.sessionToken })).code).toBe('SESSION_EXPIRED');
      expectOk(await client.balance({ sessionToken: other.sessionToken }));
    });
  });

  describe('debit and credit', () => {
    it('opens a round with debits and settles it with the closing credit', async () => {
      const s = await startSession(t, client, 'real', 100_000n);
      const houseBefore = await houseOf(`HOUSE:${INHOUSE_VENDOR}`);
      const roundId = nextId('r');
      const d1 = expectOk(
        await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '10.00' }),
      );
      expect(d1).toMatchObject({ balance: '990.00', roundId, replayed: false });
      expect(d1.orderNo).toMatch(new RegExp(`^${INHOUSE_VENDOR}-\\d+$`));
      const d2 = expectOk(
        await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '2.5' }),
      );
      expect(d2).toMatchObject({ balance: '987.50', orderNo: d1.orderNo });
      expect(await roundOf(roundId)).toMatchObject({ status: 'open', bet_minor: '1250', win_minor: '0' });

      const detail = { roll: 4321, target: 5000 };
      const credit = expectOk(
        await client.credit({
          txId: nextId('c'),
          roundId,
          amount: '30',
          detail,
          fair: FAIR,
          playerId: s.playerId,
        }),
      );
      expect(credit).toMatchObject({ balance: '1017.50', orderNo: d1.orderNo, replayed: false });
      const round = await roundOf(roundId);
      expect(round).toMatchObject({
        member_id: String(s.memberId),
        game_code: 'dice',
        mode: 'real',
        status: 'settled',
        bet_minor: '1250',
        win_minor: '3000',
        balance_before_minor: '100000',
        balance_after_minor: '101750',
        detail,
        fair: FAIR,
      });
      expect(round?.settled_at).not.toBeNull();
      expect(await walletOf(t, s.memberId)).toBe(101_750n);
      expect(await houseOf(`HOUSE:${INHOUSE_VENDOR}`)).toBe(houseBefore - 1750n);
      const kinds = await transfersKeyed(`vendor:${INHOUSE_VENDOR}:`);
      expect(kinds.filter((k) => k.kind === TX_TYPE.bet).length).toBeGreaterThanOrEqual(2);
    });

    it('keeps a round open after a credit with closeRound false; a zero credit closes it', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
      expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '0.50', closeRound: false }));
      expect(await roundOf(roundId)).toMatchObject({ status: 'open', win_minor: '50' });
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
      const zero = expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '0' }));
      expect(zero.balance).toBe('98.50');
      expect(await roundOf(roundId)).toMatchObject({
        status: 'settled',
        bet_minor: '200',
        win_minor: '50',
        balance_after_minor: '9850',
      });
    });

    it('answers a repeated call with its first answer and moves money once', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const debit = { sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '4.00' };
      const first = expectOk(await client.debit(debit));
      const again = expectOk(await client.debit(debit));
      expect(again).toEqual({ ...first, replayed: true });
      const credit = { txId: nextId('c'), roundId, amount: '9.00' };
      const paid = expectOk(await client.credit(credit));
      // The credit closed the round; its repeat still answers as the first time.
      expect(await client.credit(credit)).toEqual({ ...paid, replayed: true });
      expect(await client.debit(debit)).toEqual({ ...first, replayed: true });
      expect(await walletOf(t, s.memberId)).toBe(10_500n);
      expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${debit.txId}`)).toHaveLength(1);
    });

    it('refuses a transaction id reused for another request', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const txId = nextId('d');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId, roundId, amount: '4.00' }));
      const other = await client.debit({ sessionToken: s.sessionToken, txId, roundId, amount: '5.00' });
      expect(other.code).toBe('DUPLICATE_TRANSACTION');
      const elsewhere = await client.debit({
        sessionToken: s.sessionToken,
        txId,
        roundId: nextId('r'),
        amount: '4',
      });
      expect(elsewhere.code).toBe('DUPLICATE_TRANSACTION');
      expect((await client.credit({ txId, roundId, amount: '1' })).code).toBe('DUPLICATE_TRANSACTION');
      expect(await walletOf(t, s.memberId)).toBe(9_600n);
      expect(await roundOf(roundId)).toMatchObject({ status: 'open', bet_minor: '400', win_minor: '0' });
    });

    it('refuses debits and credits of a closed round, and credits of a round never debited', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
      expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '2' }));
      const late = await client.debit({
        sessionToken: s.sessionToken,
        txId: nextId('d'),
        roundId,
        amount: '1',
      });
      expect(late.code).toBe('ROUND_CLOSED');
      expect((await client.credit({ txId: nextId('c'), roundId, amount: '2' })).code).toBe('ROUND_CLOSED');
      expect((await client.credit({ txId: nextId('c'), roundId: nextId('r'), amount: '2' })).code).toBe(
        'UNKNOWN_TRANSACTION',
      );
      expect(await walletOf(t, s.memberId)).toBe(10_100n);
      expect(await roundOf(roundId)).toMatchObject({ bet_minor: '100', win_minor: '200' });
    });

    it('refuses another player’s round', async () => {
      const a = await startSession(t, client, 'real', 10_000n);
      const b = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      expectOk(await client.debit({ sessionToken: a.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
      const theirs = await client.debit({
        sessionToken: b.sessionToken,
        txId: nextId('d'),
        roundId,
        amount: '1',
      });
      expect(theirs.code).toBe('INVALID_REQUEST');
      const wrongPlayer = await client.credit({
        txId: nextId('c'),
        roundId,
        amount: '1',
        playerId: b.playerId,
      });
      expect(wrongPlayer.code).toBe('INVALID_REQUEST');
      expect(await walletOf(t, b.memberId)).toBe(10_000n);
    });

    it('refuses a debit above the balance and records nothing', async () => {
      const s = await startSession(t, client, 'real', 500n);
      const roundId = nextId('r');
      const txId = nextId('d');
      const refused = await client.debit({ sessionToken: s.sessionToken, txId, roundId, amount: '5.01' });
      expect(refused).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: '5.00' });
      expect(await roundOf(roundId)).toBeNull();
      // Nothing was recorded: the same id may carry a debit that fits.
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId, roundId, amount: '5.00' }));
      expect(await walletOf(t, s.memberId)).toBe(0n);
    });

    it('refuses bad input and changes nothing', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const base = { sessionToken: s.sessionToken, txId: nextId('d'), roundId };
      for (const amount of ['-1.00', '1.001', '0', '0.00', 'abc', '1e3', '']) {
        expect((await client.debit({ ...base, amount })).code, amount).toBe('INVALID_REQUEST');
      }
      expect((await client.debit({ ...base, txId: 'has:colon', amount: '1' })).code).toBe('INVALID_REQUEST');
      expect((await client.credit({ txId: nextId('c'), roundId, amount: '-1' })).code).toBe(
        'INVALID_REQUEST',
      );
      const heavy = { blob: 'x'.repeat(33 * 1024) };
      expectOk(await client.debit({ ...base, amount: '1' }));
      expect((await client.credit({ txId: nextId('c'), roundId, amount: '1', detail: heavy })).code).toBe(
        'INVALID_REQUEST',
      );
      const badFair = { ...FAIR, serverSeedHash: 'nope' };
      expect((await client.credit({ txId: nextId('c'), roundId, amount: '1', fair: badFair })).code).toBe(
        'INVALID_REQUEST',
      );
      expect(await walletOf(t, s.memberId)).toBe(9_900n);
      expect(await roundOf(roundId)).toMatchObject({ status: 'open', bet_minor: '100', win_minor: '0' });
    });

    it('takes amounts only in the documented format, in every amount field', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const deviations = [
        ' 10.00',
        '10.00 ',
        '\t10',
        '10\n',
        '+10',
        '-0',
        '1e3',
        '1E3',
        '10.001',
        '010',
        '00.50',
        '00',
        '10.',
        '.5',
        '1,000',
        '1_000',
        '0x10',
        'Infinity',
        '١٠',
        '１０',
      ];
      for (const amount of deviations) {
        const debit = await client.debit({
          sessionToken: s.sessionToken,
          txId: nextId('d'),
          roundId,
          amount,
        });
        expect(debit, JSON.stringify(amount)).toMatchObject({ code: 'INVALID_REQUEST' });
        expect((debit as { message: string }).message).toMatch(/^amount: /);
        const settle = await client.settle({
          sessionToken: s.sessionToken,
          txId: nextId('s'),
          roundId: nextId('r'),
          bet: amount,
          win: '0',
        });
        expect(settle.code, JSON.stringify(amount)).toBe('INVALID_REQUEST');
        const win = await client.settle({
          sessionToken: s.sessionToken,
          txId: nextId('s'),
          roundId: nextId('r'),
          bet: '1',
          win: amount,
        });
        expect(win.code, JSON.stringify(amount)).toBe('INVALID_REQUEST');
      }
      // A number is not a decimal string either.
      const numeric = { sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: 10 };
      expect((await client.debit(numeric as never)).code).toBe('INVALID_REQUEST');
      expect(await walletOf(t, s.memberId)).toBe(10_000n);
      expect(await roundOf(roundId)).toBeNull();
      // The documented forms are taken, zero with or without decimals included.
      for (const amount of ['10', '10.5', '10.50', '0.01', '0.5']) {
        expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount }));
      }
      for (const amount of deviations) {
        const credit = await client.credit({ txId: nextId('c'), roundId, amount });
        expect(credit.code, JSON.stringify(amount)).toBe('INVALID_REQUEST');
      }
      expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '0.00', closeRound: false }));
      expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '0' }));
      expect(await walletOf(t, s.memberId)).toBe(10_000n - 3_151n);
    });
  });

  describe('rollback', () => {
    it('undoes a debit of an open round and cancels the round when no stake is left', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const d1 = nextId('d');
      const d2 = nextId('d');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: d1, roundId, amount: '3' }));
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: d2, roundId, amount: '2' }));
      const rb = { txId: nextId('rb'), originalTxId: d1, playerId: s.playerId, roundId };
      expect(expectOk(await client.rollback(rb))).toMatchObject({ balance: '98.00', replayed: false });
      expect(await roundOf(roundId)).toMatchObject({ status: 'open', bet_minor: '200' });
      expect(await client.rollback(rb)).toMatchObject({ code: 'OK', balance: '98.00', replayed: true });
      // Rolled back, the debit's repeat says so instead of answering OK.
      const again = await client.debit({ sessionToken: s.sessionToken, txId: d1, roundId, amount: '3' });
      expect(again.code).toBe('TRANSACTION_ROLLED_BACK');
      // A second rollback (another id) of the same debit moves nothing.
      expectOk(await client.rollback({ ...rb, txId: nextId('rb') }));
      expect(await walletOf(t, s.memberId)).toBe(9_800n);

      expectOk(await client.rollback({ txId: nextId('rb'), originalTxId: d2, playerId: s.playerId }));
      const round = await roundOf(roundId);
      expect(round).toMatchObject({ status: 'cancelled', bet_minor: '0', balance_after_minor: '10000' });
      expect(round?.settled_at).not.toBeNull();
      expect(await walletOf(t, s.memberId)).toBe(10_000n);
      expect((await client.credit({ txId: nextId('c'), roundId, amount: '1' })).code).toBe('ROUND_CLOSED');
      const reversals = await queryRows<{ n: string }>(
        t.db.database.db,
        `SELECT count(*)::text AS n FROM ledger_transfers WHERE merchant_code = $1 AND kind = $2
           AND reverses_transfer_id IN (SELECT id FROM ledger_transfers WHERE idempotency_key IN ($3, $4))`,
        [DEMO_MERCHANT, TX_TYPE.reversal, `vendor:${INHOUSE_VENDOR}:${d1}`, `vendor:${INHOUSE_VENDOR}:${d2}`],
      );
      expect(reversals[0]?.n).toBe('2');
    });

    it('leaves a tombstone for a debit not yet seen, so the late debit is refused', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const debitId = nextId('d');
      const rb = { txId: nextId('rb'), originalTxId: debitId, playerId: s.playerId };
      expect(expectOk(await client.rollback(rb))).toMatchObject({ balance: '100.00', replayed: false });
      expect((await client.rollback(rb)).code).toBe('OK');
      const late = await client.debit({ sessionToken: s.sessionToken, txId: debitId, roundId, amount: '3' });
      expect(late.code).toBe('TRANSACTION_ROLLED_BACK');
      const settle = await client.settle({
        sessionToken: s.sessionToken,
        txId: debitId,
        roundId,
        bet: '3',
        win: '0',
      });
      expect(settle.code).toBe('TRANSACTION_ROLLED_BACK');
      expect(await walletOf(t, s.memberId)).toBe(10_000n);
      expect(await roundOf(roundId)).toBeNull();
    });

    it('refuses to roll back a debit of a settled round', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const debitId = nextId('d');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: debitId, roundId, amount: '3' }));
      expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '1' }));
      const refused = await client.rollback({
        txId: nextId('rb'),
        originalTxId: debitId,
        playerId: s.playerId,
      });
      expect(refused.code).toBe('ROUND_CLOSED');
      const settleId = nextId('s');
      expectOk(
        await client.settle({
          sessionToken: s.sessionToken,
          txId: settleId,
          roundId: nextId('r'),
          bet: '1',
          win: '0',
        }),
      );
      const ofSettle = await client.rollback({
        txId: nextId('rb'),
        originalTxId: settleId,
        playerId: s.playerId,
      });
      expect(ofSettle.code).toBe('ROUND_CLOSED');
      expect(await walletOf(t, s.memberId)).toBe(9_700n);
    });

    it('refuses a rollback naming another player or round', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const other = await newPlayer(t, 'real', 0n);
      const roundId = nextId('r');
      const debitId = nextId('d');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: debitId, roundId, amount: '3' }));
      const base = { txId: nextId('rb'), originalTxId: debitId };
      expect((await client.rollback({ ...base, playerId: String(other) })).code).toBe('INVALID_REQUEST');
      const wrongRound = await client.rollback({ ...base, playerId: s.playerId, roundId: nextId('r') });
      expect(wrongRound.code).toBe('INVALID_REQUEST');
      expect(await walletOf(t, s.memberId)).toBe(9_700n);
    });
  });

  describe('settle', () => {
    it('takes the bet and pays the win in one call, recording the round settled', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      const req = {
        sessionToken: s.sessionToken,
        txId: nextId('s'),
        roundId,
        bet: '2.00',
        win: '3.96',
        detail: { roll: 1234 },
        fair: FAIR,
      };
      const first = expectOk(await client.settle(req));
      expect(first).toMatchObject({ balance: '101.96', roundId, replayed: false });
      expect(await client.settle(req)).toEqual({ ...first, replayed: true });
      expect((await client.settle({ ...req, win: '4.00' })).code).toBe('DUPLICATE_TRANSACTION');
      // Both legs use one shard of the house account, so a settle locks one house row.
      const legs = await queryRows<{
        idempotency_key: string;
        from_account_id: string;
        to_account_id: string;
      }>(
        t.db.database.db,
        `SELECT idempotency_key, from_account_id::text, to_account_id::text FROM ledger_transfers
         WHERE merchant_code = $1 AND idempotency_key LIKE $2 ORDER BY idempotency_key`,
        [DEMO_MERCHANT, `vendor:${INHOUSE_VENDOR}:${req.txId}:%`],
      );
      expect(legs.map((l) => l.idempotency_key.split(':').pop())).toEqual(['bet', 'win']);
      expect(legs[0]?.to_account_id).toBe(legs[1]?.from_account_id);
      expect(await roundOf(roundId)).toMatchObject({
        order_no: first.orderNo,
        status: 'settled',
        bet_minor: '200',
        win_minor: '396',
        balance_before_minor: '10000',
        balance_after_minor: '10196',
        detail: { roll: 1234 },
        fair: FAIR,
      });
      const lost = expectOk(
        await client.settle({
          sessionToken: s.sessionToken,
          txId: nextId('s'),
          roundId: nextId('r'),
          bet: '1',
          win: '0',
        }),
      );
      expect(lost.balance).toBe('100.96');
      const closed = await client.settle({ ...req, txId: nextId('s') });
      expect(closed.code).toBe('ROUND_CLOSED');
      expect(await walletOf(t, s.memberId)).toBe(10_096n);
    });

    it('closes a round opened by debits', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = nextId('r');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '1' }));
      expectOk(
        await client.settle({ sessionToken: s.sessionToken, txId: nextId('s'), roundId, bet: '1', win: '5' }),
      );
      expect(await roundOf(roundId)).toMatchObject({
        status: 'settled',
        bet_minor: '200',
        win_minor: '500',
        balance_before_minor: '10000',
        balance_after_minor: '10300',
      });
    });

    it('moves and records nothing when refused: an overdraft, a rolled-back id, another player’s round', async () => {
      const s = await startSession(t, client, 'real', 100n);
      const other = await startSession(t, client, 'real', 10_000n);
      const transfers = async () =>
        (
          await queryRows<{ n: string }>(
            t.db.database.db,
            `SELECT (SELECT count(*) FROM ledger_transfers) + (SELECT count(*) FROM vendor_transactions)
               + (SELECT count(*) FROM game_rounds) AS n`,
            [],
          )
        )[0]?.n;
      const before = await transfers();
      const settle = (extra: { txId?: string; roundId?: string; bet: string; win: string }) =>
        client.settle({ sessionToken: s.sessionToken, txId: nextId('s'), roundId: nextId('r'), ...extra });
      // The win would cover it, but the bet comes first.
      const poor = await settle({ bet: '1.01', win: '50' });
      expect(poor).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: '1.00' });
      expect(await transfers()).toBe(before);
      const txId = nextId('s');
      expectOk(
        await client.rollback({ txId: nextId('rb'), originalTxId: txId, playerId: String(s.memberId) }),
      );
      const afterTombstone = await transfers();
      expect((await settle({ txId, bet: '1', win: '0' })).code).toBe('TRANSACTION_ROLLED_BACK');
      expect(await transfers()).toBe(afterTombstone);
      const roundId = nextId('r');
      expectOk(
        await client.debit({ sessionToken: other.sessionToken, txId: nextId('d'), roundId, amount: '1' }),
      );
      const afterDebit = await transfers();
      expect((await settle({ roundId, bet: '1', win: '2' })).code).toBe('INVALID_REQUEST');
      expect(await transfers()).toBe(afterDebit);
      expect(await walletOf(t, s.memberId)).toBe(100n);
      expect((await settle({ bet: '1', win: '0' })).code).toBe('OK');
      expect(await walletOf(t, s.memberId)).toBe(0n);
    });

    it('plays a trial account with play money only', async () => {
      const s = await startSession(t, client, 'play', 200_000n);
      expect(s).toMatchObject({ mode: 'play', balance: '2000.00' });
      const housePlay = await houseOf('HOUSE:PLAY');
      const houseReal = await houseOf(`HOUSE:${INHOUSE_VENDOR}`);
      expectOk(
        await client.settle({
          sessionToken: s.sessionToken,
          txId: nextId('s'),
          roundId: nextId('r'),
          bet: '10',
          win: '25',
        }),
      );
      const roundId = nextId('r');
      expectOk(await client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: '5' }));
      expectOk(await client.credit({ txId: nextId('c'), roundId, amount: '1' }));
      expect(await walletOf(t, s.memberId, 'PLAY')).toBe(201_100n);
      expect(await houseOf('HOUSE:PLAY')).toBe(housePlay - 1_100n);
      expect(await houseOf(`HOUSE:${INHOUSE_VENDOR}`)).toBe(houseReal);
      const accounts = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, s.memberId);
      expect(accounts.map((a) => a.code)).toEqual(['PLAY']);
      expect(await roundOf(roundId)).toMatchObject({ mode: 'play', status: 'settled' });
    });
  });

  describe('credits (many in one call)', () => {
    /** A round of the player's opened by a debit of `amount`. */
    const opened = async (sessionToken: string, amount = '1') => {
      const roundId = nextId('r');
      expectOk(await client.debit({ sessionToken, txId: nextId('d'), roundId, amount }));
      return roundId;
    };

    it('answers each credit as the credit call would, moves each win once, and a repeat moves nothing', async () => {
      const a = await startSession(t, client, 'real', 10_000n);
      const b = await startSession(t, client, 'real', 10_000n);
      const houseBefore = await houseOf(`HOUSE:${INHOUSE_VENDOR}`);
      const rounds = [
        await opened(a.sessionToken),
        await opened(b.sessionToken),
        await opened(a.sessionToken),
      ];
      const body = {
        credits: [
          { txId: nextId('c'), roundId: rounds[0]!, amount: '5', playerId: a.playerId, detail: { roll: 1 } },
          { txId: nextId('c'), roundId: rounds[1]!, amount: '0', detail: { roll: 2 } },
          { txId: nextId('c'), roundId: rounds[2]!, amount: '2.50', fair: FAIR },
        ],
      };
      const reply = expectOk(await client.credits(body));
      expect(reply.results).toEqual([
        expect.objectContaining({
          code: 'OK',
          txId: body.credits[0]!.txId,
          roundId: rounds[0],
          replayed: false,
        }),
        expect.objectContaining({ code: 'OK', balance: '99.00', roundId: rounds[1], replayed: false }),
        expect.objectContaining({ code: 'OK', balance: '105.50', roundId: rounds[2], replayed: false }),
      ]);
      expect(await walletOf(t, a.memberId)).toBe(10_550n);
      expect(await walletOf(t, b.memberId)).toBe(9_900n);
      expect(await houseOf(`HOUSE:${INHOUSE_VENDOR}`)).toBe(houseBefore + 300n - 750n);
      expect(await roundOf(rounds[0]!)).toMatchObject({
        status: 'settled',
        win_minor: '500',
        balance_after_minor: '10300',
        detail: { roll: 1 },
      });
      expect(await roundOf(rounds[1]!)).toMatchObject({
        status: 'settled',
        win_minor: '0',
        detail: { roll: 2 },
      });
      expect(await roundOf(rounds[2]!)).toMatchObject({ status: 'settled', win_minor: '250', fair: FAIR });
      const first = reply.results as { orderNo: string }[];
      // The same call again, or one credit of it alone: the first answers, nothing moves.
      const again = expectOk(await client.credits(body));
      expect(again.results).toEqual(reply.results.map((r) => ({ ...r, replayed: true })));
      expect(await client.credit(body.credits[0]!)).toEqual({ ...reply.results[0], replayed: true });
      expect(first[0]!.orderNo).toBe((await roundOf(rounds[0]!))!.order_no);
      expect(await walletOf(t, a.memberId)).toBe(10_550n);
      for (const c of body.credits)
        expect(await transfersKeyed(`vendor:${INHOUSE_VENDOR}:${c.txId}`)).toHaveLength(
          c.amount === '0' ? 0 : 1,
        );
      expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
    });

    it('answers the unusual ones of a batch on their own: closed, unknown, another player’s, a win to hold', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const other = await startSession(t, client, 'real', 10_000n);
      const closed = await opened(s.sessionToken);
      expectOk(await client.credit({ txId: nextId('c'), roundId: closed, amount: '0' }));
      const theirs = await opened(other.sessionToken);
      // dice's multiple is 9900: a stake of 0.01 may win 99.00 at most.
      const small = await opened(s.sessionToken, '0.01');
      const usual = await opened(s.sessionToken);
      const reply = expectOk(
        await client.credits({
          credits: [
            { txId: nextId('c'), roundId: closed, amount: '1' },
            { txId: nextId('c'), roundId: nextId('r'), amount: '1' },
            { txId: nextId('c'), roundId: theirs, amount: '1', playerId: s.playerId },
            { txId: nextId('c'), roundId: small, amount: '100' },
            { txId: nextId('c'), roundId: usual, amount: '3' },
          ],
        }),
      );
      expect(reply.results.map((r) => r.code)).toEqual([
        'ROUND_CLOSED',
        'UNKNOWN_TRANSACTION',
        'INVALID_REQUEST',
        'OK',
        'OK',
      ]);
      expect(reply.results[3]).toMatchObject({ status: 'PENDING_REVIEW' });
      expect(reply.results[4]).not.toHaveProperty('status');
      // The stakes (1 + 0.01 + 1) went, the usual win came; the held one waits.
      expect(await walletOf(t, s.memberId)).toBe(10_000n - 201n + 300n);
      expect(await roundOf(small)).toMatchObject({ status: 'open', win_minor: '0' });
      expect(await roundOf(theirs)).toMatchObject({ status: 'open' });
      expect(await roundOf(usual)).toMatchObject({ status: 'settled', win_minor: '300' });
      expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
    });

    it('refuses a batch that is empty, too long, names an id twice or has a bad credit, and changes nothing', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = await opened(s.sessionToken);
      const good = { txId: nextId('c'), roundId, amount: '1' };
      const bad = [
        { credits: [] },
        {
          credits: Array.from({ length: 1001 }, (_, i) => ({
            ...good,
            txId: `${good.txId}-${i}`,
            roundId: `${roundId}-${i}`,
          })),
        },
        { credits: [good, { ...good, roundId: nextId('r') }] },
        { credits: [good, { ...good, txId: nextId('c') }] },
        { credits: [good, { txId: nextId('c'), roundId: nextId('r'), amount: '-1' }] },
        {},
      ];
      for (const body of bad)
        expect((await client.credits(body as never)).code, JSON.stringify(body).slice(0, 80)).toBe(
          'INVALID_REQUEST',
        );
      expect(await roundOf(roundId)).toMatchObject({ status: 'open', win_minor: '0' });
      expect(await walletOf(t, s.memberId)).toBe(9_900n);
    });

    it('takes a batch only from a vendor whose signature holds', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const roundId = await opened(s.sessionToken);
      const body = JSON.stringify({ credits: [{ txId: nextId('c'), roundId, amount: '50' }] });
      const headers = signedHeaders({
        merchant: DEMO_MERCHANT,
        vendor: INHOUSE_VENDOR,
        secret: 'wrong-secret',
        nowMs: clock.now(),
        rawBody: body,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `${SEAMLESS_PREFIX}/credits`,
        headers,
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_SIGNATURE');
      expect(await roundOf(roundId)).toMatchObject({ status: 'open', win_minor: '0' });
      expect(await walletOf(t, s.memberId)).toBe(9_900n);
    });
  });

  describe('who may call', () => {
    const send = (call: string, body: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `${SEAMLESS_PREFIX}/${call}`, headers, payload: body });
    const headersFor = (
      secret: string,
      body: string,
      over: Partial<{ vendor: string; nowMs: number }> = {},
    ) =>
      signedHeaders({
        merchant: DEMO_MERCHANT,
        vendor: over.vendor ?? INHOUSE_VENDOR,
        secret,
        nowMs: over.nowMs ?? clock.now(),
        rawBody: body,
      });

    it('answers over HTTP what the in-process client gets', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const secret = (await t.app.vendors.credentials.secretFor(
        (await t.app.merchants.get(DEMO_MERCHANT))!,
        INHOUSE_VENDOR,
      ))!;
      const body = JSON.stringify({ sessionToken: s.sessionToken });
      const res = await send('balance', body, headersFor(secret, body));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'OK', balance: '100.00', currency: 'USD' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('refuses bad signatures, stale timestamps and unknown vendors with 401', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const secret = (await t.app.vendors.credentials.secretFor(
        (await t.app.merchants.get(DEMO_MERCHANT))!,
        INHOUSE_VENDOR,
      ))!;
      const body = JSON.stringify({
        sessionToken: s.sessionToken,
        txId: nextId('d'),
        roundId: nextId('r'),
        amount: '1',
      });
      const cases: [Record<string, string>, string][] = [
        [headersFor('wrong-secret', body), 'INVALID_SIGNATURE'],
        [headersFor(secret, body.replace('"1"', '"9"')), 'INVALID_SIGNATURE'],
        [headersFor(secret, body, { nowMs: clock.now() - 5 * MINUTE_MS - 1000 }), 'INVALID_SIGNATURE'],
        [headersFor(secret, body, { nowMs: clock.now() + 5 * MINUTE_MS + 1000 }), 'INVALID_SIGNATURE'],
        [{ ...headersFor(secret, body), 'x-signature': '' }, 'INVALID_SIGNATURE'],
        [headersFor(secret, body, { vendor: EXTERNAL_VENDOR }), 'VENDOR_UNKNOWN'],
        [headersFor(secret, body, { vendor: 'NOPE' }), 'VENDOR_UNKNOWN'],
        [{ ...headersFor(secret, body), merchant: 'NOBODY' }, 'VENDOR_UNKNOWN'],
      ];
      // The second case signs another body than the one sent.
      for (const [headers, code] of cases) {
        const res = await send('debit', body, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(code);
      }
      const late = new VendorClient({
        merchant: DEMO_MERCHANT,
        vendor: INHOUSE_VENDOR,
        secret,
        transport: inProcessTransport(t.app.vendors.handler),
        clock: { now: () => clock.now() - 6 * MINUTE_MS },
      });
      expect((await late.balance({ sessionToken: s.sessionToken })).code).toBe('INVALID_SIGNATURE');
      expect(await walletOf(t, s.memberId)).toBe(10_000n);
    });

    it('turns away an address after 30 untrusted calls a minute, and lets it back after', async () => {
      const s = await startSession(t, client, 'real', 10_000n);
      const secret = (await t.app.vendors.credentials.secretFor(
        (await t.app.merchants.get(DEMO_MERCHANT))!,
        INHOUSE_VENDOR,
      ))!;
      const body = JSON.stringify({ sessionToken: s.sessionToken });
      const from = (remoteAddress: string, headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: `${SEAMLESS_PREFIX}/balance`,
          headers,
          payload: body,
          remoteAddress,
        });
      const flooder = '198.51.100.7';
      for (let i = 0; i < MAX_UNTRUSTED_CALLS; i++) {
        expect((await from(flooder, headersFor('wrong-secret', body))).statusCode).toBe(401);
      }
      // Now even a correctly signed call from there is refused before it is read…
      const blocked = await from(flooder, headersFor(secret, body));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // …while the vendor's own address is served as before.
      expect((await from('198.51.100.8', headersFor(secret, body))).json().code).toBe('OK');
      clock.advance(UNTRUSTED_WINDOW_MS);
      expect((await from(flooder, headersFor(secret, body))).json()).toMatchObject({ code: 'OK' });
    });

    it('answers unreadable bodies with INVALID_REQUEST', async () => {
      const secret = (await t.app.vendors.credentials.secretFor(
        (await t.app.merchants.get(DEMO_MERCHANT))!,
        INHOUSE_VENDOR,
      ))!;
      const notJson = 'not json';
      const res = await send('balance', notJson, headersFor(secret, notJson));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_REQUEST');
      const huge = JSON.stringify({ x: 'y'.repeat(70 * 1024) });
      const big = await send('balance', huge, headersFor(secret, huge));
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('INVALID_REQUEST');
    });

    it('lets the operator make an external vendor’s secret once, and rotate it', async () => {
      const made = await opsCommand(t.app, { command: 'vendor-secret', vendor: EXTERNAL_VENDOR });
      expect(made).toMatchObject({ vendor: EXTERNAL_VENDOR, rotated: false });
      expect(made.secret).toMatch(/^[0-9a-f]{64}$/);
      await expect(opsCommand(t.app, { command: 'vendor-secret', vendor: EXTERNAL_VENDOR })).rejects.toThrow(
        /has a secret already/,
      );
      await expect(opsCommand(t.app, { command: 'vendor-secret', vendor: 'NOPE' })).rejects.toThrow(
        /does not list/,
      );
      const external = (secret: string) =>
        new VendorClient({
          merchant: DEMO_MERCHANT,
          vendor: EXTERNAL_VENDOR,
          secret,
          transport: inProcessTransport(t.app.vendors.handler),
          clock,
        });
      const memberId = await newPlayer(t, 'real', 700n);
      const token = await launchToken(t, memberId, 'real', EXTERNAL_VENDOR);
      const auth = expectOk(await external(made.secret).authenticate({ token }));
      expect(auth.balance).toBe('7.00');
      const rotated = await opsCommand(t.app, {
        command: 'vendor-secret',
        vendor: EXTERNAL_VENDOR,
        rotate: true,
      });
      expect(rotated.secret).not.toBe(made.secret);
      expect((await external(made.secret).balance({ sessionToken: auth.sessionToken })).code).toBe(
        'INVALID_SIGNATURE',
      );
      expectOk(await external(rotated.secret).balance({ sessionToken: auth.sessionToken }));
      // Real money of an external vendor goes to its own house account.
      const roundId = nextId('r');
      const ext = external(rotated.secret);
      expectOk(await ext.debit({ sessionToken: auth.sessionToken, txId: nextId('d'), roundId, amount: '2' }));
      expect(await houseOf(`HOUSE:${EXTERNAL_VENDOR}`)).toBe(200n);
      // The in-house vendor cannot touch the external vendor's round.
      expect((await client.credit({ txId: nextId('c'), roundId, amount: '1' })).code).toBe(
        'UNKNOWN_TRANSACTION',
      );
    });
  });

  it('purges spent launch tokens and ended sessions a day later', async () => {
    const memberId = await newPlayer(t, 'real', 0n);
    await launchToken(t, memberId, 'real');
    const count = async (table: string) =>
      Number(
        (await queryRows<{ n: string }>(t.db.database.db, `SELECT count(*)::text AS n FROM ${table}`, []))[0]
          ?.n,
      );
    const tokensBefore = await count('vendor_launch_tokens');
    expect(tokensBefore).toBeGreaterThan(0);
    clock.advance(3 * SESSION_ABSOLUTE_MS);
    expect(await t.app.jobs.runNow(VENDOR_HOUSEKEEPING_JOB)).toBeGreaterThan(0);
    expect(await count('vendor_launch_tokens')).toBe(0);
    expect(await count('vendor_sessions')).toBe(0);
  });

  it('keeps the ledger invariants', async () => {
    const report = await checkLedger(t.db.database, DEMO_MERCHANT);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
