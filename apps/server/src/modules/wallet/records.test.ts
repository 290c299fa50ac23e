import { randomBytes } from 'node:crypto';
import {
  type ErrorCode,
  envelopeSchema,
  failureEnvelopeSchema,
  type RouteDef,
  routes,
  TX_TYPE,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  opsCommand,
  setFeature,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findByAccount, insertMember } from '../accounts/index.ts';
import { checkLedger } from './invariants.ts';

const PASSWORD = 'Test1234';
const PAY_PASSWORD = '135790';
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const at = (minutes: number) => T0 + minutes * MINUTE_MS;

type Res = { statusCode: number; json(): unknown; body: string };
type Row = {
  transferId: number;
  txTimeInTimestamp: number;
  amount: string;
  balanceAfter: string;
  txTypeId: number;
  wallet: string;
  remark: string | null;
  remarkArgs?: Record<string, string | number>;
};
type Page = { content: Row[]; pageNum: number; totalPages: number; total: number };

const pageSchema = envelopeSchema(routes.transactions.response);

describe.each(engines)('account record on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let member: { token: string; account: string };
  let agent: { token: string; account: string };

  const get = (route: RouteDef, token: string | null, query = '', language = 'EN') =>
    t.app.inject({
      method: 'GET',
      url: `${route.path}${query}`,
      headers: siteHeaders({ language, ...(token ? { authorization: token } : {}) }),
      remoteAddress: nextIp(),
    });
  const failure = (res: Res, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const records = async (
    token: string,
    params: Record<string, string | number>,
    language = 'EN',
  ): Promise<Page> => {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await get(routes.transactions, token, `?${query}`, language);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = pageSchema.parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  /** Rows as [minutes after T0, type, wallet, amount, balance after]; one transfer's pair by wallet. */
  const shape = (rows: Row[]) =>
    [...rows]
      .sort(
        (a, b) =>
          b.txTimeInTimestamp - a.txTimeInTimestamp ||
          b.transferId - a.transferId ||
          a.wallet.localeCompare(b.wallet),
      )
      .map((r) => [(r.txTimeInTimestamp - T0) / MINUTE_MS, r.txTypeId, r.wallet, r.amount, r.balanceAfter]);
  const addMember = async (type: number, upline?: string) => {
    const db = t.db.database.db;
    const account = `rec${randomBytes(3).toString('hex')}`;
    await insertMember(db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type,
      upline: upline ? await findByAccount(db, DEMO_MERCHANT, upline) : null,
      passwordHash: await hashPassword(PASSWORD),
      paymentPasswordHash: await hashPassword(PAY_PASSWORD),
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    return { token: (await loginAs(t.app, account, PASSWORD)).token, account };
  };
  const ok = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
  };
  const post = (route: RouteDef, token: string, body: Record<string, unknown>) =>
    route.encrypted
      ? callEncrypted(t.app, 'POST', route.path, body, { token })
      : t.app.inject({
          method: 'POST',
          url: route.path,
          headers: siteHeaders({ authorization: token }),
          payload: body,
          remoteAddress: nextIp(),
        });

  // One member's history, ten minutes apart: a credit, game wallet transfers both ways, a
  // transfer to the upline, a recall and a hold (a withdrawal in progress).
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    agent = await addMember(1);
    member = await addMember(0, agent.account);
    await opsCommand(t.app, { command: 'adjust', account: member.account, amount: '100', reason: 'welcome' });
    clock.set(at(10));
    ok(
      await post(routes.walletTransfer, member.token, {
        from: 'MAIN',
        to: 'AURL',
        amount: '30',
        idempotencyKey: 'r1',
      }),
    );
    clock.set(at(20));
    ok(
      await post(routes.walletTransfer, member.token, {
        from: 'AURL',
        to: 'MAIN',
        amount: '5',
        idempotencyKey: 'r2',
      }),
    );
    clock.set(at(30));
    ok(
      await post(routes.uplineTransfer, member.token, {
        amount: '10',
        paymentPassword: PAY_PASSWORD,
        idempotencyKey: 'r3',
      }),
    );
    clock.set(at(40));
    ok(await post(routes.walletRecall, member.token, { idempotencyKey: 'r4' }));
    clock.set(at(45));
    const m = await findByAccount(t.db.database.db, DEMO_MERCHANT, member.account);
    // A round of Golden Dynasty that settled at 45: its bet as the seamless wallet records it.
    await queryRows(
      t.db.database.db,
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, 'AURX', 'rec-1', 'O-rec-1', $2, 'dynasty', 'real', 'settled', 200, 0, $3::timestamptz, $3::timestamptz)`,
      [DEMO_MERCHANT, m!.id, new Date(at(45)).toISOString()],
    );
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: { memberId: m!.id, code: 'MAIN' },
      to: { memberId: null, code: 'HOUSE:AURX' },
      amountMinor: 200n,
      kind: TX_TYPE.bet,
      idempotencyKey: `bet-${m!.id}`,
      memo: 'AURX dynasty rec-1',
      actor: 'test',
    });
    clock.set(at(50));
    await t.app.ledger.run((tx) =>
      t.app.ledger.hold(tx, {
        merchant: DEMO_MERCHANT,
        memberId: m!.id,
        amountMinor: 700n,
        idempotencyKey: `hold-${m!.id}`,
        actor: 'test',
        memo: 'withdrawal W1',
      }),
    );
    clock.set(at(55));
    // The agent's session went idle meanwhile.
    agent = { ...agent, token: (await loginAs(t.app, agent.account, PASSWORD)).token };
  });
  afterAll(async () => t.close());

  const everything = { startTime: T0, endTime: at(60) };

  it('lists every movement of the member’s wallets once, newest first, with the balance after each', async () => {
    const page = await records(member.token, everything);
    expect(page).toMatchObject({ total: 7, pageNum: 1, totalPages: 1 });
    // The member's side once: a move between main and a game wallet on main only, and no
    // withdrawal-hold wallet (the hold shows on main).
    expect(shape(page.content)).toEqual([
      [50, TX_TYPE.hold, 'MAIN', '-7.00', '81.00'],
      [45, TX_TYPE.bet, 'MAIN', '-2.00', '88.00'],
      [40, TX_TYPE.transferFromGame, 'MAIN', '25.00', '90.00'],
      [30, TX_TYPE.agentTransfer, 'MAIN', '-10.00', '65.00'],
      [20, TX_TYPE.transferFromGame, 'MAIN', '5.00', '75.00'],
      [10, TX_TYPE.transferToGame, 'MAIN', '-30.00', '70.00'],
      [0, TX_TYPE.adjustment, 'MAIN', '100.00', '100.00'],
    ]);
    // What the sentences name: the game and the time its round settled; the game wallet by name.
    const args = new Map(page.content.map((r) => [r.txTypeId, r.remarkArgs]));
    expect(args.get(TX_TYPE.bet)).toEqual({ game: 'Golden Dynasty', time: at(45) });
    expect(args.get(TX_TYPE.transferToGame)).toEqual({ wallet: 'Aurum Live' });
    expect(args.get(TX_TYPE.adjustment)).toBeUndefined();
    const cn = await records(member.token, { ...everything, txTypeIds: `${TX_TYPE.bet}` }, 'CN');
    expect(cn.content[0]?.remarkArgs).toEqual({ game: '金色王朝', time: at(45) });
    // Newest first as sent, not only after sorting.
    const times = page.content.map((r) => r.txTimeInTimestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const remarks = new Map(page.content.map((r) => [`${r.txTypeId}:${r.wallet}`, r.remark]));
    expect(remarks.get(`${TX_TYPE.adjustment}:MAIN`)).toBe('welcome');
    expect(remarks.get(`${TX_TYPE.agentTransfer}:MAIN`)).toBe(`${member.account} → ${agent.account}`);
    expect(remarks.get(`${TX_TYPE.transferToGame}:MAIN`)).toBe('MAIN → AURL');
    expect(remarks.get(`${TX_TYPE.hold}:MAIN`)).toBe('withdrawal W1');
    // Nothing in a row names an account of the member's or anyone else's by id.
    for (const row of page.content) {
      expect(
        Object.keys(row)
          .filter((k) => k !== 'remarkArgs')
          .sort(),
      ).toEqual(
        ['amount', 'balanceAfter', 'remark', 'transferId', 'txTimeInTimestamp', 'txTypeId', 'wallet'].sort(),
      );
    }
  });

  it('shows the other side of a transfer only to its own member', async () => {
    const page = await records(agent.token, everything);
    expect(shape(page.content)).toEqual([[30, TX_TYPE.agentTransfer, 'MAIN', '10.00', '10.00']]);
    expect(page.content[0]!.remark).toBe(`${member.account} → ${agent.account}`);
  });

  it('keeps to the time range, both ends included', async () => {
    const page = await records(member.token, { startTime: at(20), endTime: at(30) });
    expect(shape(page.content).map((r) => r.slice(0, 3))).toEqual([
      [30, TX_TYPE.agentTransfer, 'MAIN'],
      [20, TX_TYPE.transferFromGame, 'MAIN'],
    ]);
    expect((await records(member.token, { startTime: at(20) + 1, endTime: at(30) - 1 })).total).toBe(0);
    expect((await records(member.token, { startTime: at(60), endTime: at(600) })).content).toEqual([]);
  });

  it('filters by transaction type', async () => {
    const fromGame = await records(member.token, { ...everything, txTypeIds: `${TX_TYPE.transferFromGame}` });
    expect(fromGame.total).toBe(2);
    expect(new Set(fromGame.content.map((r) => r.txTypeId))).toEqual(new Set([TX_TYPE.transferFromGame]));
    const some = await records(member.token, {
      ...everything,
      txTypeIds: `${TX_TYPE.agentTransfer},${TX_TYPE.adjustment}`,
    });
    expect(shape(some.content).map((r) => r.slice(0, 2))).toEqual([
      [30, TX_TYPE.agentTransfer],
      [0, TX_TYPE.adjustment],
    ]);
    expect((await records(member.token, { ...everything, txTypeIds: `${TX_TYPE.deposit}` })).total).toBe(0);
  });

  it('finds a withdrawal in progress by the withdrawal type: the money set aside on main', async () => {
    const withdrawals = await records(member.token, { ...everything, txTypeIds: `${TX_TYPE.withdrawal}` });
    expect(shape(withdrawals.content)).toEqual([[50, TX_TYPE.hold, 'MAIN', '-7.00', '81.00']]);
  });

  it('pages newest first', async () => {
    const all = (await records(member.token, { ...everything, size: 100 })).content;
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => records(member.token, { ...everything, page, size: 4 })),
    );
    expect(pages.map((p) => [p.pageNum, p.totalPages, p.total, p.content.length])).toEqual([
      [1, 2, 7, 4],
      [2, 2, 7, 3],
      [3, 2, 7, 0],
      [4, 2, 7, 0],
    ]);
    expect(pages.flatMap((p) => p.content)).toEqual(all);
  });

  it('refuses bad queries with a 4xx envelope', async () => {
    const bad = async (query: string) =>
      failure(await get(routes.transactions, member.token, query), 400, 'request.invalid');
    await bad('');
    await bad(`?startTime=${T0}`);
    await bad(`?startTime=${at(10)}&endTime=${T0}`);
    await bad(`?startTime=${T0}&endTime=${at(60)}&txTypeIds=99`);
    await bad(`?startTime=${T0}&endTime=${at(60)}&txTypeIds=a,b`);
    await bad(`?startTime=${T0}&endTime=${at(60)}&txTypeIds=`);
    await bad(`?startTime=-1&endTime=${at(60)}`);
    await bad(`?startTime=${T0}&endTime=100000000000000000000`);
    await bad(`?startTime=${T0}&endTime=${at(60)}&size=101`);
    await bad(`?startTime=${T0}&endTime=${at(60)}&page=0`);
    // Another member's records cannot be asked for: there is no such parameter.
    await bad(`?startTime=${T0}&endTime=${at(60)}&memberId=1`);
    await bad(`?startTime=${T0}&endTime=${at(60)}&account=${agent.account}`);
    failure(
      await get(routes.transactions, null, `?startTime=${T0}&endTime=${at(60)}`),
      401,
      'user.or.token.invalid',
    );
  });

  it('gives consolidated contract info to real members: empty until contracts exist', async () => {
    const res = await get(routes.consolidatedFunds, member.token);
    expect(res.statusCode).toBe(200);
    expect(envelopeSchema(routes.consolidatedFunds.response).parse(res.json())).toEqual({
      success: true,
      value: { dailysalreqtype: [], divtypereq: [], contracthoursalreqs: [], realtimesalreqtype: [] },
    });
    failure(await get(routes.consolidatedFunds, null), 401, 'user.or.token.invalid');
  });

  it('refuses the consolidated contract info while AGENTPOLICY3 is off', async () => {
    await setFeature(t.app, 'AGENTPOLICY3', false);
    try {
      failure(await get(routes.consolidatedFunds, member.token), 403, 'feature.disabled');
    } finally {
      await setFeature(t.app, 'AGENTPOLICY3', true);
    }
    expect((await get(routes.consolidatedFunds, member.token)).statusCode).toBe(200);
  });

  it('refuses trial accounts the record and the contract info', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: routes.loginFreePlay.path,
      headers: siteHeaders(),
      payload: { os: 'Linux', platform: 'W', gatewayVersion: '3' },
      remoteAddress: nextIp(),
    });
    const trial = (res.json() as { value: { token: string } }).value;
    ok(await get(routes.walletBalance, trial.token)); // its play money exists
    failure(
      await get(routes.transactions, trial.token, `?startTime=${T0}&endTime=${at(60)}`),
      403,
      'trial.forbidden',
    );
    failure(await get(routes.consolidatedFunds, trial.token), 403, 'trial.forbidden');
  });

  it('keeps the ledger whole', async () => {
    const report = await checkLedger(t.db.database);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
