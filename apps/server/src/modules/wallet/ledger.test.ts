import path from 'node:path';
import { TX_TYPE } from '@aurum/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema.ts';
import { REPO_ROOT } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import { ensureMerchant } from '../../platform/merchants.ts';
import { createTestDb, DEMO_MERCHANT, engines, type TestDb } from '../../testing/app.ts';
import { type AccountRef, HOUSE_PLAY, memberAccount, systemAccount } from './accounts.ts';
import { checkLedger } from './invariants.ts';
import { Ledger, type TransferRequest } from './ledger.ts';
import { createFundedMembers } from './testing.ts';

const M = DEMO_MERCHANT;
const OTHER = 'OTHERCO';
const TRIAL_TYPE = 4;
const HOUSE = systemAccount('HOUSE:AURX');

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (e instanceof AppError ? e.code : `unexpected: ${String(e)}`),
  );

describe.each(engines)('ledger on %s', (engine) => {
  let t: TestDb;
  let ledger: Ledger;
  const changes: { merchant: string; memberIds: number[] }[] = [];
  let keySeq = 0;
  const key = (prefix = 'k') => `${prefix}-${++keySeq}`;

  beforeAll(async () => {
    t = await createTestDb(engine);
    const config = await readMerchantConfig(path.join(REPO_ROOT, 'config'));
    await ensureMerchant(t.database, { ...config, brand: { ...config.brand, merchant: OTHER } });
    ledger = new Ledger({
      database: t.database,
      shards: 4,
      onBalanceChanged: (merchant, memberIds) => changes.push({ merchant, memberIds }),
    });
  });
  afterAll(async () => t.drop());

  const db = () => t.database.db;
  const fundedMembers = (count: number, fundMinor?: bigint) =>
    createFundedMembers(t.database, ledger, { merchant: M, count, fundMinor });
  const balance = async (ref: AccountRef, merchant = M) =>
    ref.memberId === null
      ? ledger.systemBalance(db(), merchant, ref.code)
      : ((await ledger.balances(db(), merchant, ref.memberId)).find((a) => a.code === ref.code)
          ?.balanceMinor ?? 0n);
  const counts = async () => {
    const rows = await t.database.rawTransaction((tx) =>
      tx.rows<{ transfers: string; entries: string }>(
        'SELECT (SELECT count(*) FROM ledger_transfers)::text AS transfers, (SELECT count(*) FROM ledger_entries)::text AS entries',
      ),
    );
    return rows[0];
  };
  const move = (
    from: AccountRef,
    to: AccountRef,
    amountMinor: bigint,
    extra: Partial<TransferRequest> = {},
  ) =>
    ledger.move({
      merchant: M,
      from,
      to,
      amountMinor,
      kind: TX_TYPE.bet,
      idempotencyKey: key(),
      actor: 'test',
      ...extra,
    });

  it('moves money with one entry per side: balances before and after, versions', async () => {
    const [a] = await fundedMembers(1, 10_000n);
    const r = await move(memberAccount(a!), HOUSE, 2_500n, { memo: 'a bet' });
    expect(r.replayed).toBe(false);
    expect(r.from).toMatchObject({
      memberId: a,
      amountMinor: -2_500n,
      balanceBeforeMinor: 10_000n,
      balanceAfterMinor: 7_500n,
      version: 2n,
    });
    expect(r.to).toMatchObject({ memberId: null, amountMinor: 2_500n });
    expect(r.to.balanceAfterMinor - r.to.balanceBeforeMinor).toBe(2_500n);
    expect(await balance(memberAccount(a!))).toBe(7_500n);
    const stored = await ledger.findTransfer(db(), M, r.transferId);
    expect(stored).toMatchObject({
      memo: 'a bet',
      kind: TX_TYPE.bet,
      amountMinor: 2_500n,
      createdBy: 'test',
    });
    expect(stored?.from).toEqual(r.from);
  });

  it('moves a batch in one statement: each transfer its key and entries, chained per account; a used key moves nothing', async () => {
    const [a, b] = await fundedMembers(2, 1_000n);
    const [wa, wb] = [memberAccount(a!, 'MAIN'), memberAccount(b!, 'MAIN')];
    const houseBefore = await balance(HOUSE);
    const keys = [key('batch'), key('batch'), key('batch')];
    const win = (to: AccountRef, amountMinor: bigint, k: string): TransferRequest => ({
      merchant: M,
      from: HOUSE,
      to,
      amountMinor,
      kind: TX_TYPE.win,
      idempotencyKey: k,
      actor: 'test',
    });
    const batch = [win(wa, 100n, keys[0]!), win(wb, 50n, keys[1]!), win(wa, 25n, keys[2]!)];
    const moved = await ledger.run((tx) => ledger.transferMany(tx, M, batch, 'test', 3));
    expect(moved.map((r) => r?.to.balanceAfterMinor)).toEqual([1_100n, 1_050n, 1_125n]);
    expect(moved[2]!.to.balanceBeforeMinor).toBe(1_100n);
    expect(await balance(wa)).toBe(1_125n);
    expect(await balance(wb)).toBe(1_050n);
    expect(await balance(HOUSE)).toBe(houseBefore - 175n);
    // Again: every key is used, nothing moves, each answers null.
    expect(await ledger.run((tx) => ledger.transferMany(tx, M, batch, 'test', 3))).toEqual([
      null,
      null,
      null,
    ]);
    expect(await balance(wa)).toBe(1_125n);
    // A member paying more than it has refuses the whole batch.
    const pay = (from: AccountRef, amountMinor: bigint): TransferRequest => ({
      ...win(HOUSE, amountMinor, key('batch')),
      from,
    });
    expect(
      await codeOf(
        ledger.run((tx) => ledger.transferMany(tx, M, [pay(wb, 10n), pay(wa, 5_000n)], 'test', 1)),
      ),
    ).toBe('wallet.insufficient.funds');
    expect(await balance(wb)).toBe(1_050n);
    // Bad input is refused before anything is read.
    expect(
      await codeOf(ledger.run((tx) => ledger.transferMany(tx, M, [batch[0]!, batch[0]!], 'test', 1))),
    ).toBe('request.invalid');
    expect(
      await codeOf(ledger.run((tx) => ledger.transferMany(tx, M, [win(wa, 0n, key())], 'test', 1))),
    ).toBe('wallet.amount.invalid');
    await expect(ledger.transferMany(db(), M, [win(wa, 1n, key())], 'test', 1)).rejects.toThrow(/ledger.run/);
    expect((await checkLedger(t.database, M)).problems).toEqual([]);
  });

  it('refuses an overdraft of a member account and changes nothing', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    const before = await counts();
    const houseBefore = await balance(HOUSE);
    expect(await codeOf(move(memberAccount(a!), HOUSE, 1_001n))).toBe('wallet.insufficient.funds');
    expect(await balance(memberAccount(a!))).toBe(1_000n);
    expect(await balance(HOUSE)).toBe(houseBefore);
    expect(await counts()).toEqual(before);
    // The whole balance may go.
    await move(memberAccount(a!), HOUSE, 1_000n);
    expect(await balance(memberAccount(a!))).toBe(0n);
  });

  it('lets system accounts go below zero, their balance being the sum of their shards', async () => {
    const [a] = await fundedMembers(1);
    const house = systemAccount('HOUSE:SHARDTEST');
    for (let i = 0; i < 12; i++) await move(house, memberAccount(a!), 100n, { kind: TX_TYPE.win });
    expect(await balance(house)).toBe(-1_200n);
    expect(await balance(memberAccount(a!))).toBe(1_200n);
    const shards = await t.database.rawTransaction((tx) =>
      tx.rows<{ n: number }>(
        "SELECT count(*)::int AS n FROM ledger_accounts WHERE member_id IS NULL AND code = 'HOUSE:SHARDTEST'",
      ),
    );
    expect(shards[0]?.n).toBe(4);
  });

  it('answers a retry with the first result and refuses the key for another request', async () => {
    const [a] = await fundedMembers(1, 5_000n);
    const req: TransferRequest = {
      merchant: M,
      from: memberAccount(a!),
      to: HOUSE,
      amountMinor: 700n,
      kind: TX_TYPE.bet,
      idempotencyKey: key('retry'),
      actor: 'test',
    };
    const first = await ledger.move(req);
    const again = await ledger.move(req);
    expect(again.replayed).toBe(true);
    expect(again.transferId).toBe(first.transferId);
    expect(again.from).toEqual(first.from);
    expect(await balance(memberAccount(a!))).toBe(4_300n);
    for (const changed of [
      { amountMinor: 701n },
      { memo: 'other' },
      { kind: TX_TYPE.win },
      { to: systemAccount('BONUS') },
    ]) {
      expect(await codeOf(ledger.move({ ...req, ...changed }))).toBe('idempotency.conflict');
    }
    expect(await balance(memberAccount(a!))).toBe(4_300n);
  });

  it('keeps no trace of a refused transfer, so its key can be used once the money is there', async () => {
    const [a] = await fundedMembers(1);
    const req: TransferRequest = {
      merchant: M,
      from: memberAccount(a!),
      to: HOUSE,
      amountMinor: 300n,
      kind: TX_TYPE.bet,
      idempotencyKey: key('later'),
      actor: 'test',
    };
    expect(await codeOf(ledger.move(req))).toBe('wallet.insufficient.funds');
    await move(systemAccount('HOUSE:ADJUST'), memberAccount(a!), 300n, { kind: TX_TYPE.adjustment });
    expect((await ledger.move(req)).replayed).toBe(false);
    expect(await balance(memberAccount(a!))).toBe(0n);
  });

  it('corrects by reversing: a new transfer the other way, at most once', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    const bet = await move(memberAccount(a!), HOUSE, 400n);
    const reverse = (idempotencyKey: string) =>
      ledger.run((tx) =>
        ledger.reverse(tx, { merchant: M, transferId: bet.transferId, idempotencyKey, actor: 'ops' }),
      );
    const k = key('rev');
    const r = await reverse(k);
    expect(r).toMatchObject({
      kind: TX_TYPE.reversal,
      reversesTransferId: bet.transferId,
      amountMinor: 400n,
    });
    expect(r.from.accountId).toBe(bet.to.accountId);
    expect(r.to.accountId).toBe(bet.from.accountId);
    expect(await balance(memberAccount(a!))).toBe(1_000n);
    expect((await reverse(k)).replayed).toBe(true);
    expect(await codeOf(reverse(key('rev')))).toBe('wallet.transfer.reversed');
    expect(
      await codeOf(
        ledger.run((tx) =>
          ledger.reverse(tx, { merchant: M, transferId: r.transferId, idempotencyKey: key(), actor: 'ops' }),
        ),
      ),
    ).toBe('wallet.transfer.forbidden');
    expect(
      await codeOf(
        ledger.run((tx) =>
          ledger.reverse(tx, { merchant: M, transferId: 999_999, idempotencyKey: key(), actor: 'ops' }),
        ),
      ),
    ).toBe('wallet.transfer.not.found');
    expect(await balance(memberAccount(a!))).toBe(1_000n);
  });

  it('refuses a reversal that would overdraw the member', async () => {
    const [a] = await fundedMembers(1);
    const win = await move(HOUSE, memberAccount(a!), 500n, { kind: TX_TYPE.win });
    await move(memberAccount(a!), HOUSE, 200n);
    expect(
      await codeOf(
        ledger.run((tx) =>
          ledger.reverse(tx, {
            merchant: M,
            transferId: win.transferId,
            idempotencyKey: key(),
            actor: 'ops',
          }),
        ),
      ),
    ).toBe('wallet.insufficient.funds');
    expect(await balance(memberAccount(a!))).toBe(300n);
  });

  it('holds and releases money of the main wallet', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    const hold = { merchant: M, memberId: a!, amountMinor: 600n, actor: 'cashier' };
    await ledger.run((tx) => ledger.hold(tx, { ...hold, idempotencyKey: key('hold') }));
    expect(await balance(memberAccount(a!))).toBe(400n);
    expect(await balance(memberAccount(a!, 'HOLD'))).toBe(600n);
    expect(await codeOf(ledger.run((tx) => ledger.hold(tx, { ...hold, idempotencyKey: key('hold') })))).toBe(
      'wallet.insufficient.funds',
    );
    await ledger.run((tx) => ledger.release(tx, { ...hold, amountMinor: 250n, idempotencyKey: key('rel') }));
    expect(await balance(memberAccount(a!))).toBe(650n);
    expect(await balance(memberAccount(a!, 'HOLD'))).toBe(350n);
  });

  it("commits or rolls back with the caller's transaction, and reports changes after commit", async () => {
    const [a, b] = await fundedMembers(2, 1_000n);
    changes.length = 0;
    await expect(
      ledger.run(async (tx) => {
        await ledger.transfer(tx, {
          merchant: M,
          from: memberAccount(a!),
          to: memberAccount(b!),
          amountMinor: 100n,
          kind: TX_TYPE.agentTransfer,
          idempotencyKey: key('compose'),
          actor: 'test',
        });
        await tx.update(members).set({ nickname: 'changed' }).where(sql`${members.id} = ${a!}`);
        throw new Error('the caller fails after the transfer');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await balance(memberAccount(a!))).toBe(1_000n);
    expect(changes).toEqual([]);

    const both = await ledger.run(async (tx) => {
      const first = await ledger.transfer(tx, {
        merchant: M,
        from: memberAccount(a!),
        to: memberAccount(b!),
        amountMinor: 100n,
        kind: TX_TYPE.agentTransfer,
        idempotencyKey: key('compose'),
        actor: 'test',
      });
      const second = await ledger.transfer(tx, {
        merchant: M,
        from: memberAccount(b!),
        to: HOUSE,
        amountMinor: 1_100n,
        kind: TX_TYPE.bet,
        idempotencyKey: key('compose'),
        actor: 'test',
      });
      expect(changes).toEqual([]);
      return [first, second];
    });
    expect(both.map((r) => r.replayed)).toEqual([false, false]);
    expect(await balance(memberAccount(b!))).toBe(0n);
    expect(changes).toEqual([{ merchant: M, memberIds: [a!, b!] }]);
  });

  it("refuses to move a member's money in a transaction not opened by run (its event would be lost)", async () => {
    const [a, b] = await fundedMembers(2, 1_000n);
    changes.length = 0;
    await expect(
      db().transaction((tx) =>
        ledger.transfer(tx, {
          merchant: M,
          from: memberAccount(a!),
          to: memberAccount(b!),
          amountMinor: 100n,
          kind: TX_TYPE.agentTransfer,
          idempotencyKey: key('foreign'),
          actor: 'test',
        }),
      ),
    ).rejects.toThrow('ledger.run');
    expect(await balance(memberAccount(a!))).toBe(1_000n);
    expect(changes).toEqual([]);
  });

  it('reads a member account, creating it on first use', async () => {
    const [a] = await fundedMembers(1);
    const vendor = await ledger.run((tx) => ledger.accountFor(tx, M, a!, 'VENDOR:AUR'));
    expect(vendor).toMatchObject({ code: 'VENDOR:AUR', balanceMinor: 0n, version: 0n });
    const again = await ledger.accountFor(db(), M, a!, 'VENDOR:AUR');
    expect(again.accountId).toBe(vendor.accountId);
  });

  it('keeps play money apart from real money', async () => {
    const [trial] = await createFundedMembers(t.database, ledger, {
      merchant: M,
      count: 1,
      type: TRIAL_TYPE,
    });
    const [real] = await fundedMembers(1, 1_000n);
    const play = memberAccount(trial!, 'PLAY');
    await move(systemAccount(HOUSE_PLAY), play, 2_000n, { kind: TX_TYPE.playMoney });
    expect(await balance(play)).toBe(2_000n);
    expect(await codeOf(move(play, HOUSE, 10n))).toBe('wallet.transfer.forbidden');
    expect(await codeOf(move(play, memberAccount(real!), 10n))).toBe('wallet.transfer.forbidden');
    expect(await codeOf(move(systemAccount(HOUSE_PLAY), memberAccount(real!), 10n))).toBe(
      'wallet.transfer.forbidden',
    );
    expect(await codeOf(move(memberAccount(real!), systemAccount(HOUSE_PLAY), 10n))).toBe(
      'wallet.transfer.forbidden',
    );
    expect(await codeOf(move(systemAccount('HOUSE:ADJUST'), memberAccount(trial!), 10n))).toBe(
      'trial.forbidden',
    );
    expect(await codeOf(move(systemAccount(HOUSE_PLAY), memberAccount(real!, 'PLAY'), 10n))).toBe(
      'wallet.transfer.forbidden',
    );
    await move(play, systemAccount(HOUSE_PLAY), 500n);
    expect(await balance(play)).toBe(1_500n);
  });

  it('refuses bad requests before touching the database', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    const before = await counts();
    const main = memberAccount(a!);
    expect(await codeOf(move(main, HOUSE, 0n))).toBe('wallet.amount.invalid');
    expect(await codeOf(move(main, HOUSE, -5n))).toBe('wallet.amount.invalid');
    expect(await codeOf(move(main, HOUSE, 10n ** 18n))).toBe('wallet.amount.invalid');
    expect(await codeOf(move(main, HOUSE, 5 as unknown as bigint))).toBe('wallet.amount.invalid');
    expect(await codeOf(move(main, main, 5n))).toBe('wallet.transfer.forbidden');
    expect(await codeOf(move(main, HOUSE, 5n, { idempotencyKey: 'bad key' }))).toBe('request.invalid');
    expect(await codeOf(move(main, HOUSE, 5n, { kind: 999 }))).toBe('request.invalid');
    expect(await codeOf(move(main, HOUSE, 5n, { memo: 'x'.repeat(256) }))).toBe('request.invalid');
    expect(await codeOf(move(main, { memberId: null, code: 'NOPE' as 'BONUS' }, 5n))).toBe(
      'wallet.account.invalid',
    );
    expect(await codeOf(move(memberAccount(9_999_999), HOUSE, 5n))).toBe('wallet.account.invalid');
    // A member of one merchant has no account at another.
    expect(await codeOf(move(systemAccount('HOUSE:ADJUST'), main, 5n, { merchant: OTHER }))).toBe(
      'wallet.account.invalid',
    );
    expect(await counts()).toEqual(before);
  });

  it('finds a tampered balance with the invariant check', async () => {
    const clean = await checkLedger(t.database);
    expect(clean.problems).toEqual([]);
    expect(clean.ok).toBe(true);
    const [a] = await fundedMembers(1, 100n);
    const [row] = await ledger.balances(db(), M, a!);
    await t.database.rawTransaction((tx) =>
      tx.rows('UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1', [row!.accountId]),
    );
    const report = await checkLedger(t.database);
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ check: 'account-balance', accountId: row!.accountId, merchant: M }),
    );
    await t.database.rawTransaction((tx) =>
      tx.rows('UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1', [row!.accountId]),
    );
    expect((await checkLedger(t.database)).ok).toBe(true);

    const insertOrphan = `INSERT INTO ledger_entries (merchant_code, transfer_id, account_id, amount,
      balance_before, balance_after, account_version) VALUES ($1, 99999999, $2, 1, 0, 1, 99999999)`;
    await t.database.rawTransaction((tx) => tx.rows(insertOrphan, [M, row!.accountId]));
    const orphan = await checkLedger(t.database);
    expect(orphan.problems.map((p) => p.check)).toEqual(
      expect.arrayContaining(['merchant-sum', 'account-balance', 'entry-orphan', 'entry-chain']),
    );
    await t.database.rawTransaction((tx) =>
      tx.rows('DELETE FROM ledger_entries WHERE transfer_id = 99999999'),
    );
    expect((await checkLedger(t.database)).ok).toBe(true);
  });

  it('agrees with a model over random sequences of transfers, retries and reversals', async () => {
    const ids = await fundedMembers(3, 5_000n);
    const refs: AccountRef[] = [
      ...ids.map((id) => memberAccount(id)),
      memberAccount(ids[0]!, 'VENDOR:AUR'),
      systemAccount('HOUSE:MODEL'),
      systemAccount('BONUS'),
    ];
    const name = (r: AccountRef) => `${r.memberId}:${r.code}`;
    const op = fc.oneof(
      fc.record({
        type: fc.constant('transfer' as const),
        from: fc.nat(refs.length - 1),
        to: fc.nat(refs.length - 1),
        amount: fc.bigInt(1n, 3_000n),
        retry: fc.boolean(),
      }),
      fc.record({ type: fc.constant('reverse' as const), pick: fc.nat(), retry: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const model = new Map<string, bigint>();
        for (const r of refs) model.set(name(r), await balance(r));
        const done: { transferId: number; from: AccountRef; to: AccountRef; amount: bigint }[] = [];
        const reversed = new Set<number>();
        for (const o of ops) {
          if (o.type === 'transfer') {
            const from = refs[o.from]!;
            const to = refs[o.to]!;
            const req: TransferRequest = {
              merchant: M,
              from,
              to,
              amountMinor: o.amount,
              kind: TX_TYPE.bet,
              idempotencyKey: key('model'),
              actor: 'model',
            };
            const expected =
              from === to
                ? 'wallet.transfer.forbidden'
                : from.memberId !== null && model.get(name(from))! < o.amount
                  ? 'wallet.insufficient.funds'
                  : 'ok';
            const got = await codeOf(
              ledger.move(req).then((r) => {
                done.push({ transferId: r.transferId, from, to, amount: o.amount });
              }),
            );
            expect(got).toBe(expected);
            if (got === 'ok') {
              model.set(name(from), model.get(name(from))! - o.amount);
              model.set(name(to), model.get(name(to))! + o.amount);
              if (o.retry) expect((await ledger.move(req)).replayed).toBe(true);
            }
          } else if (done.length) {
            const target = done[o.pick % done.length]!;
            const k = key('model-rev');
            const reverse = () =>
              ledger.run((tx) =>
                ledger.reverse(tx, {
                  merchant: M,
                  transferId: target.transferId,
                  idempotencyKey: k,
                  actor: 'model',
                }),
              );
            const expected = reversed.has(target.transferId)
              ? 'wallet.transfer.reversed'
              : target.to.memberId !== null && model.get(name(target.to))! < target.amount
                ? 'wallet.insufficient.funds'
                : 'ok';
            expect(await codeOf(reverse())).toBe(expected);
            if (expected === 'ok') {
              reversed.add(target.transferId);
              model.set(name(target.to), model.get(name(target.to))! - target.amount);
              model.set(name(target.from), model.get(name(target.from))! + target.amount);
              if (o.retry) expect((await reverse()).replayed).toBe(true);
            }
          }
        }
        for (const r of refs) expect(await balance(r)).toBe(model.get(name(r)));
      }),
      { numRuns: engine === 'pglite' ? 15 : 10 },
    );
    expect((await checkLedger(t.database)).problems).toEqual([]);
  });
});
