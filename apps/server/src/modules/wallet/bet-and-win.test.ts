import { TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { createTestDb, DEMO_MERCHANT, engines, type TestDb } from '../../testing/app.ts';
import { type AccountRef, HOUSE_PLAY, memberAccount, systemAccount } from './accounts.ts';
import { checkLedger } from './invariants.ts';
import { type BetAndWinRequest, Ledger } from './ledger.ts';
import { createFundedMembers } from './testing.ts';

const M = DEMO_MERCHANT;
const HOUSE = systemAccount('HOUSE:BAW');
const TRIAL_TYPE = 4;

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (e instanceof AppError ? e.code : `unexpected: ${String(e)}`),
  );

describe.each(engines)('ledger bet and win on %s', (engine) => {
  let t: TestDb;
  let ledger: Ledger;
  const changes: { merchant: string; memberIds: number[] }[] = [];
  let seq = 0;

  beforeAll(async () => {
    t = await createTestDb(engine);
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
  const balance = async (ref: AccountRef) =>
    ref.memberId === null
      ? ledger.systemBalance(db(), M, ref.code)
      : ((await ledger.balances(db(), M, ref.memberId)).find((a) => a.code === ref.code)?.balanceMinor ?? 0n);
  const counts = async () => {
    const [row] = await t.database.rawTransaction((tx) =>
      tx.rows<{ transfers: string; entries: string }>(
        'SELECT (SELECT count(*) FROM ledger_transfers)::text AS transfers, (SELECT count(*) FROM ledger_entries)::text AS entries',
      ),
    );
    return row;
  };
  const round = (
    memberId: number,
    betMinor: bigint,
    winMinor: bigint,
    extra: Partial<BetAndWinRequest> = {},
  ) => {
    const n = ++seq;
    return {
      merchant: M,
      wallet: memberAccount(memberId),
      house: HOUSE,
      betMinor,
      winMinor,
      keys: { bet: `baw-${n}:bet`, win: `baw-${n}:win` },
      memo: `round ${n}`,
      actor: 'test',
      shard: n,
      ...extra,
    } satisfies BetAndWinRequest;
  };

  it('writes both transfers with exact entries in order: the bet, then the win', async () => {
    const [a] = await fundedMembers(1, 10_000n);
    const [before] = await ledger.balances(db(), M, a!);
    const houseBefore = await balance(HOUSE);
    const { result } = await ledger.moveBetAndWin(round(a!, 300n, 1_000n));
    expect(result?.bet.replayed).toBe(false);
    expect(result?.bet).toMatchObject({ kind: TX_TYPE.bet, amountMinor: 300n, memo: expect.any(String) });
    expect(result?.bet.from).toMatchObject({
      memberId: a,
      amountMinor: -300n,
      balanceBeforeMinor: 10_000n,
      balanceAfterMinor: 9_700n,
      version: before!.version + 1n,
    });
    expect(result?.win?.to).toMatchObject({
      memberId: a,
      amountMinor: 1_000n,
      balanceBeforeMinor: 9_700n,
      balanceAfterMinor: 10_700n,
      version: before!.version + 2n,
    });
    expect(result!.win!.from.balanceBeforeMinor).toBe(result!.bet.to.balanceAfterMinor);
    expect(result!.win!.from.version).toBe(result!.bet.to.version + 1n);
    expect(result!.win!.transferId).toBeGreaterThan(result!.bet.transferId);
    // What was returned is what was stored.
    expect(await ledger.findTransfer(db(), M, result!.bet.transferId)).toEqual({ ...result!.bet });
    expect(await ledger.findTransfer(db(), M, result!.win!.transferId)).toEqual({ ...result!.win! });
    expect(await balance(memberAccount(a!))).toBe(10_700n);
    expect(await balance(HOUSE)).toBe(houseBefore - 700n);
    const [after] = await ledger.balances(db(), M, a!);
    expect(after!.version).toBe(before!.version + 2n);
    expect((await checkLedger(t.database)).problems).toEqual([]);
  });

  it('writes only the bet when the round won nothing', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    const before = await counts();
    const { result } = await ledger.moveBetAndWin(round(a!, 250n, 0n));
    expect(result?.win).toBeNull();
    expect(result?.bet.from).toMatchObject({ balanceBeforeMinor: 1_000n, balanceAfterMinor: 750n });
    const after = await counts();
    expect(Number(after!.transfers) - Number(before!.transfers)).toBe(1);
    expect(Number(after!.entries) - Number(before!.entries)).toBe(2);
    expect((await checkLedger(t.database)).problems).toEqual([]);
  });

  it('needs the balance to cover the bet before the win, and then changes nothing', async () => {
    const [a] = await fundedMembers(1, 100n);
    const before = await counts();
    const houseBefore = await balance(HOUSE);
    const req = round(a!, 101n, 5_000n);
    expect(await codeOf(ledger.moveBetAndWin(req))).toBe('wallet.insufficient.funds');
    expect(await balance(memberAccount(a!))).toBe(100n);
    expect(await balance(HOUSE)).toBe(houseBefore);
    expect(await counts()).toEqual(before);
    // A refused round leaves no trace: its keys work once the money is there; the whole balance may go.
    const { result } = await ledger.moveBetAndWin({ ...req, betMinor: 100n });
    expect(result?.win?.to.balanceAfterMinor).toBe(5_000n);
  });

  it('forgets an account id that a rolled-back transaction made, and runs again', async () => {
    const [a] = await fundedMembers(1);
    await expect(
      ledger.run(async (tx) => {
        await ledger.accountFor(tx, M, a!, 'MAIN');
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    // The wallet is made anew, empty: the bet is refused for what it is.
    expect(await codeOf(ledger.moveBetAndWin(round(a!, 1n, 0n)))).toBe('wallet.insufficient.funds');
  });

  it('answers the same keys with the first result and refuses them for another round', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    const req = round(a!, 100n, 40n);
    const first = await ledger.moveBetAndWin(req);
    const again = await ledger.moveBetAndWin({ ...req, actor: 'someone else' });
    expect(again.result?.bet).toEqual({ ...first.result!.bet, replayed: true, createdAt: expect.any(Date) });
    expect(again.result?.win?.transferId).toBe(first.result?.win?.transferId);
    expect(again.result?.win?.replayed).toBe(true);
    expect(await balance(memberAccount(a!))).toBe(940n);
    expect(await codeOf(ledger.moveBetAndWin({ ...req, winMinor: 41n }))).toBe('idempotency.conflict');
    expect(await codeOf(ledger.moveBetAndWin({ ...req, winMinor: 0n }))).toBe('idempotency.conflict');
    const lost = round(a!, 100n, 0n);
    await ledger.moveBetAndWin(lost);
    expect(await codeOf(ledger.moveBetAndWin({ ...lost, winMinor: 10n }))).toBe('idempotency.conflict');
    // The win's key used alone before: nothing of the round goes in.
    const taken = round(a!, 100n, 10n);
    await ledger.move({
      merchant: M,
      from: HOUSE,
      to: memberAccount(a!),
      amountMinor: 10n,
      kind: TX_TYPE.win,
      idempotencyKey: taken.keys.win,
      actor: 'test',
    });
    const before = await counts();
    expect(await codeOf(ledger.moveBetAndWin(taken))).toBe('idempotency.conflict');
    expect(await counts()).toEqual(before);
    expect(await balance(memberAccount(a!))).toBe(850n);
    expect((await checkLedger(t.database)).problems).toEqual([]);
  });

  it('applies the rules of a transfer to each leg', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    const [trial] = await createFundedMembers(t.database, ledger, {
      merchant: M,
      count: 1,
      type: TRIAL_TYPE,
    });
    const play = memberAccount(trial!, 'PLAY');
    await ledger.move({
      merchant: M,
      from: systemAccount(HOUSE_PLAY),
      to: play,
      amountMinor: 500n,
      kind: TX_TYPE.playMoney,
      idempotencyKey: `fund-play-${trial}`,
      actor: 'test',
    });
    expect(await codeOf(ledger.moveBetAndWin(round(trial!, 10n, 5n, { wallet: play })))).toBe(
      'wallet.transfer.forbidden',
    );
    expect(await codeOf(ledger.moveBetAndWin(round(a!, 10n, 5n, { house: systemAccount(HOUSE_PLAY) })))).toBe(
      'wallet.transfer.forbidden',
    );
    const { result } = await ledger.moveBetAndWin(
      round(trial!, 10n, 25n, { wallet: play, house: systemAccount(HOUSE_PLAY) }),
    );
    expect(result?.win?.to.balanceAfterMinor).toBe(515n);
    expect(await codeOf(ledger.moveBetAndWin(round(a!, 0n, 5n)))).toBe('wallet.amount.invalid');
    expect(await codeOf(ledger.moveBetAndWin(round(a!, 10n, -1n)))).toBe('wallet.amount.invalid');
    expect(
      await codeOf(ledger.moveBetAndWin(round(a!, 10n, 5n, { keys: { bet: 'same', win: 'same' } }))),
    ).toBe('request.invalid');
    expect(
      await codeOf(ledger.moveBetAndWin(round(a!, 10n, 5n, { wallet: memberAccount(a!, 'PLAY') }))),
    ).toBe('wallet.transfer.forbidden');
  });

  it('reports the balance change after its own commit, or after the caller’s', async () => {
    const [a] = await fundedMembers(1, 1_000n);
    changes.length = 0;
    await ledger.moveBetAndWin(round(a!, 10n, 20n));
    expect(changes).toEqual([{ merchant: M, memberIds: [a!] }]);
    changes.length = 0;
    await expect(
      ledger.run(async (tx) => {
        await ledger.betAndWin(tx, round(a!, 10n, 0n));
        expect(changes).toEqual([]);
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    expect(changes).toEqual([]);
    expect(await balance(memberAccount(a!))).toBe(1_010n);
    await ledger.run((tx) => ledger.betAndWin(tx, round(a!, 10n, 0n)));
    expect(changes).toEqual([{ merchant: M, memberIds: [a!] }]);
  });

  it('keeps every invariant with many rounds at once on a few wallets and house shards', async () => {
    const players = await fundedMembers(5, 100_000n);
    const houseBefore = await balance(HOUSE);
    const rounds = Array.from({ length: 60 }, (_, i) =>
      round(players[i % players.length]!, 100n + BigInt(i), BigInt((i * 37) % 400), { shard: i % 2 }),
    );
    const results = await Promise.all(rounds.map((r) => ledger.moveBetAndWin(r)));
    expect(results.every((r) => r.result?.bet.replayed === false)).toBe(true);
    const net = rounds.reduce((sum, r) => sum + r.betMinor - r.winMinor, 0n);
    expect(await balance(HOUSE)).toBe(houseBefore + net);
    let total = 0n;
    for (const p of players) total += await balance(memberAccount(p));
    expect(total).toBe(500_000n - net);
    expect((await checkLedger(t.database)).problems).toEqual([]);
  });
});
