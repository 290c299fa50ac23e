import { randomBytes } from 'node:crypto';
import {
  type ErrorCode,
  envelopeSchema,
  failureEnvelopeSchema,
  minorToDecimal,
  routes,
  type Statement,
  TX_TYPE,
} from '@aurum/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findByAccount, insertMember } from '../accounts/index.ts';
import { type AccountRef, checkLedger, memberAccount, systemAccount } from '../wallet/index.ts';

const PASSWORD = 'Test1234';
/** 2026-03-01 00:00 in the demo merchant's business zone (GMT+8). */
const MARCH_1 = Date.UTC(2026, 1, 28, 16, 0, 0);
const statementSchema = envelopeSchema(routes.statement.response);
const fileSchema = envelopeSchema(routes.statementFile.response);

type Wallet = 'MAIN' | 'HOLD' | 'VENDOR:AURL';
interface Move {
  at: number;
  wallet: Wallet;
  kind: number;
  /** Signed, minor units. */
  amount: bigint;
}

describe.each(engines)('member statement on %s', (engine) => {
  const clock = new ManualClock(MARCH_1 - 5 * DAY_MS);
  let t: TestApp;
  let token: string;
  let account: string;
  let memberId: number;
  /** What the test moved, as each wallet saw it: the model the statement must agree with. */
  const moves: Move[] = [];

  const get = (path: string, auth: string | null, query: Record<string, string | number>, language = 'EN') =>
    t.app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: siteHeaders({ language, ...(auth ? { authorization: auth } : {}) }),
      remoteAddress: nextIp(),
    });
  const statement = async (query: Record<string, string | number>): Promise<Statement> => {
    const res = await get(routes.statement.path, token, query);
    expect(res.statusCode, res.body).toBe(200);
    const body = statementSchema.parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const file = async (query: Record<string, string | number>, language = 'EN') => {
    const res = await get(routes.statementFile.path, token, query, language);
    expect(res.statusCode, res.body).toBe(200);
    const body = fileSchema.parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const failure = async (
    query: Record<string, string | number>,
    status: number,
    code: ErrorCode,
    auth = token,
  ) => {
    const res = await get(routes.statement.path, auth, query);
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
    const csv = await get(routes.statementFile.path, auth, { format: 'csv', ...query });
    expect(csv.statusCode, csv.body).toBe(status);
  };

  const move = async (from: AccountRef, to: AccountRef, amount: bigint, kind: number, at: number) => {
    clock.set(at);
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from,
      to,
      amountMinor: amount,
      kind,
      idempotencyKey: `st-${randomBytes(8).toString('hex')}`,
      memo: kind === TX_TYPE.bet ? 'AURX dynasty r1' : null,
      actor: 'test',
    });
    for (const [ref, sign] of [
      [from, -1n],
      [to, 1n],
    ] as const) {
      if (ref.memberId === memberId)
        moves.push({ at, wallet: ref.code as Wallet, kind, amount: sign * amount });
    }
  };
  /** The model's balance of a wallet before `at`, and its movements in [from, to). */
  const model = (wallet: Wallet, from: number, to: number) => {
    const of = moves.filter((m) => m.wallet === wallet);
    const sum = (list: Move[]) => list.reduce((s, m) => s + m.amount, 0n);
    const inside = of.filter((m) => m.at >= from && m.at < to);
    return {
      opening: minorToDecimal(sum(of.filter((m) => m.at < from))),
      closing: minorToDecimal(sum(of.filter((m) => m.at < to))),
      count: inside.length,
    };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    const db = t.db.database.db;
    account = `st${randomBytes(3).toString('hex')}`;
    await insertMember(db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type: 0,
      passwordHash: await hashPassword(PASSWORD),
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    memberId = (await findByAccount(db, DEMO_MERCHANT, account))!.id;
    const main = memberAccount(memberId);
    const game = memberAccount(memberId, 'VENDOR:AURL');
    // Hundreds of movements from 5 days before March to 25 days into it, 97 minutes apart.
    let at = MARCH_1 - 5 * DAY_MS + MINUTE_MS;
    await move(systemAccount('CLEARING'), main, 1_000_000n, TX_TYPE.deposit, at);
    let toGame = 0n;
    for (let i = 0; i < 400; i++) {
      at += 97 * MINUTE_MS;
      const amount = BigInt(100 + ((i * 7919) % 5000));
      switch (i % 8) {
        case 0:
        case 1:
        case 2:
          await move(main, systemAccount('HOUSE:AURX'), amount, TX_TYPE.bet, at);
          break;
        case 3:
          await move(systemAccount('HOUSE:AURX'), main, amount * 2n, TX_TYPE.win, at);
          break;
        case 4:
          await move(main, game, amount, TX_TYPE.transferToGame, at);
          toGame = amount;
          break;
        case 5:
          await move(game, main, toGame / 2n, TX_TYPE.transferFromGame, at);
          break;
        case 6:
          await move(systemAccount('BONUS'), main, amount, TX_TYPE.bonus, at);
          break;
        default:
          await move(main, memberAccount(memberId, 'HOLD'), amount, TX_TYPE.hold, at);
          if (i % 16 === 7)
            await move(memberAccount(memberId, 'HOLD'), main, amount, TX_TYPE.release, at + 1);
          else
            await move(
              memberAccount(memberId, 'HOLD'),
              systemAccount('CLEARING'),
              amount,
              TX_TYPE.withdrawal,
              at + 1,
            );
      }
    }
    // The last withdrawal is still pending.
    await move(main, memberAccount(memberId, 'HOLD'), 12_345n, TX_TYPE.hold, at + 2 * MINUTE_MS);
    // Around the business day's edge: the last millisecond of March 20 and the first of March 21 (GMT+8).
    const march21 = MARCH_1 + 20 * DAY_MS;
    await move(systemAccount('BONUS'), main, 111n, TX_TYPE.bonus, march21 - 1);
    await move(systemAccount('BONUS'), main, 222n, TX_TYPE.bonus, march21);
    clock.set(MARCH_1 + 26 * DAY_MS);
    token = (await loginAs(t.app, account, PASSWORD)).token;
  }, 120_000);
  afterAll(async () => t.close());

  it('reconciles every wallet with the ledger over a month of hundreds of movements', async () => {
    expect(moves.length).toBeGreaterThan(450);
    const s = await statement({ preset: 'thisMonth' });
    expect(s.period).toEqual({ from: MARCH_1, to: MARCH_1 + 31 * DAY_MS, utcOffset: '+08:00' });
    expect(s.currency).toBe('USD');
    expect(s.wallets.map((w) => w.wallet)).toEqual(['MAIN', 'VENDOR:AURL']);
    expect(s.wallets[1]!.vendorName).toBeTruthy();
    for (const w of [...s.wallets, s.pendingWithdrawals]) {
      const m = model(w.wallet as Wallet, s.period.from, s.period.to);
      expect({ wallet: w.wallet, opening: w.opening, closing: w.closing, count: w.count }).toEqual({
        wallet: w.wallet,
        ...m,
      });
      // opening + credits - debits = closing, and the types add up to the wallet's totals.
      const cents = (x: string) => BigInt(x.replace('.', ''));
      expect(cents(w.opening) + cents(w.credits) - cents(w.debits)).toBe(cents(w.closing));
      expect(w.types.reduce((n, x) => n + cents(x.credits), 0n)).toBe(cents(w.credits));
      expect(w.types.reduce((n, x) => n + cents(x.debits), 0n)).toBe(cents(w.debits));
      expect(w.types.reduce((n, x) => n + x.count, 0)).toBe(w.count);
    }
    // The period reaches the present, so each closing balance is the wallet's balance now.
    const rows = await queryRows<{ code: string; balance: string }>(
      t.db.database.db,
      `SELECT code, balance::text AS balance FROM ledger_accounts WHERE member_id = $1`,
      [memberId],
    );
    for (const r of rows) {
      const w = r.code === 'HOLD' ? s.pendingWithdrawals : s.wallets.find((x) => x.wallet === r.code)!;
      expect(w.closing).toBe(minorToDecimal(BigInt(r.balance)));
    }
    expect(s.pendingWithdrawals.closing).toBe('123.45');
    const main = s.wallets[0]!;
    expect(main.types.map((x) => x.txTypeId)).toEqual([
      TX_TYPE.transferToGame,
      TX_TYPE.transferFromGame,
      TX_TYPE.bet,
      TX_TYPE.win,
      TX_TYPE.bonus,
      TX_TYPE.hold,
      TX_TYPE.release,
    ]);
    expect(await checkLedger(t.db.database, DEMO_MERCHANT)).toMatchObject({ ok: true });
  });

  it('joins one period to the next: last month closes where this month opens', async () => {
    const last = await statement({ preset: 'lastMonth' });
    const now = await statement({ preset: 'thisMonth' });
    expect(last.period).toEqual({ from: MARCH_1 - 28 * DAY_MS, to: MARCH_1, utcOffset: '+08:00' });
    expect(last.wallets[0]!.closing).toBe(now.wallets[0]!.opening);
    expect(last.pendingWithdrawals.closing).toBe(now.pendingWithdrawals.opening);
    expect(last.wallets[0]!.count).toBe(model('MAIN', last.period.from, last.period.to).count);
  });

  it('bounds days in the business time zone (GMT+8), not UTC', async () => {
    const march21 = MARCH_1 + 20 * DAY_MS;
    // The last millisecond of March 20 and the first of March 21 in the zone, each alone.
    const before = await statement({ preset: 'custom', startDate: march21 - 1, endDate: march21 });
    const after = await statement({ preset: 'custom', startDate: march21, endDate: march21 + 1 });
    expect(before.wallets[0]!.types).toEqual([
      { txTypeId: TX_TYPE.bonus, credits: '1.11', debits: '0.00', count: 1 },
    ]);
    expect(after.wallets[0]!.types).toEqual([
      { txTypeId: TX_TYPE.bonus, credits: '2.22', debits: '0.00', count: 1 },
    ]);
    expect(after.wallets[0]!.opening).toBe(before.wallets[0]!.closing);
    // "Yesterday" seen at 00:30 GMT+8 on March 22 is March 21 in the zone.
    clock.set(march21 + DAY_MS + 30 * MINUTE_MS);
    const yesterday = await statement({ preset: 'yesterday' });
    expect(yesterday.period).toEqual({ from: march21, to: march21 + DAY_MS, utcOffset: '+08:00' });
    expect(yesterday.wallets[0]!.count).toBe(model('MAIN', march21, march21 + DAY_MS).count);
    clock.set(MARCH_1 + 26 * DAY_MS);
  });

  it('writes every movement into the CSV, summing to the statement', async () => {
    const s = await statement({ preset: 'thisMonth' });
    const f = await file({ preset: 'thisMonth', format: 'csv' });
    expect(f.contentType).toBe('text/csv');
    expect(f.filename).toBe(`statement-${account}-2026-03-01-2026-03-31.csv`);
    const lines = f.data.split('\r\n');
    expect(lines[0]).toBe('Statement');
    expect(lines).toContain('Time zone,UTC+08:00');
    const start = lines.indexOf('Wallet,Time,Transfer,Type,Amount,Balance after,Remark');
    expect(start).toBeGreaterThan(0);
    const movements = lines
      .slice(start + 1)
      .filter(Boolean)
      .map((l) => l.split(','));
    const byWallet = new Map<string, bigint>();
    for (const [wallet, , , , amount] of movements) {
      byWallet.set(wallet!, (byWallet.get(wallet!) ?? 0n) + BigInt(amount!.replace('.', '')));
    }
    const cents = (x: string) => BigInt(x.replace('.', ''));
    const main = s.wallets[0]!;
    expect(byWallet.get('Main wallet')).toBe(cents(main.closing) - cents(main.opening));
    expect(byWallet.get('Pending withdrawals')).toBe(
      cents(s.pendingWithdrawals.closing) - cents(s.pendingWithdrawals.opening),
    );
    expect(movements.length).toBe(s.wallets.reduce((n, w) => n + w.count, 0) + s.pendingWithdrawals.count);
    // In the member's language.
    const cn = await file({ preset: 'thisMonth', format: 'csv' }, 'CN');
    expect(cn.data.split('\r\n')[0]).toBe('对账单');
    expect(cn.data).toContain('主钱包');
    expect(cn.data).toContain('投注');
  });

  it('makes a valid PDF of several pages', async () => {
    for (const [language, title] of [
      ['EN', 'Statement'],
      ['CN', '对账单'],
    ] as const) {
      const f = await file({ preset: 'thisMonth', format: 'pdf' }, language);
      expect(f.contentType).toBe('application/pdf');
      expect(f.filename.endsWith('.pdf')).toBe(true);
      const bytes = Buffer.from(f.data, 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBeGreaterThan(1);
      expect(pdf.getTitle()).toBe(`${title} ${account}`);
    }
  });

  it('refuses bad input with a 4xx envelope', async () => {
    await failure({ preset: 'someday' }, 400, 'request.invalid');
    await failure({ preset: 'custom' }, 400, 'request.invalid');
    await failure({ preset: 'custom', startDate: MARCH_1, endDate: MARCH_1 - 1 }, 400, 'request.invalid');
    await failure({ preset: 'custom', startDate: 0, endDate: MARCH_1 }, 400, 'request.invalid');
    await failure({ preset: 'today', account: 'someone' }, 400, 'request.invalid');
    await failure({ preset: 'custom', startDate: 'x', endDate: MARCH_1 }, 400, 'request.invalid');
    const res = await get(routes.statementFile.path, token, { preset: 'today', format: 'xls' });
    expect(res.statusCode).toBe(400);
  });

  it('answers only a signed-in member', async () => {
    await failure({ preset: 'today' }, 401, 'user.or.token.invalid', '');
    await failure({ preset: 'today' }, 401, 'user.or.token.invalid', 'not-a-token');
  });
});
