/**
 * The demo's risk limits (config/games.json maxWinMultiple, config/vendors.json maxWin) against
 * the in-house games' maths: no legitimate result of an in-house game may ever be held. The
 * maxima are computed here from @aurum/games, not copied, so a change to a game's pays, its
 * stake limits or the configuration that would hold a legitimate win fails this test.
 */
import path from 'node:path';
import { gameConfigSchema, type MerchantConfig, vendorSchema } from '@aurum/contract';
import {
  BACCARAT_BETS,
  BACCARAT_PAYS,
  type BaccaratRound,
  settle as baccaratSettle,
  DICE_MIN_CHANCE,
  diceMultiplier,
  lineWin,
  MULTIPLIER_SCALE,
  PLINKO_TABLES,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_SCATTER_PAYS,
  SLOT_STRIPS,
  type SlotSymbol,
} from '@aurum/games';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { STAKE_LIMITS } from '../inhouse/index.ts';
import { WinLimits, winLimitsOf } from './risk-limits.ts';

const LINES = SLOT_PAYLINES.length;

/**
 * The most one slot spin pays, in line bets (stake / 20), lines and SCATTER together: every
 * stop of reels 1–3, and reels 4–5 only where a line is still alive and could beat the best.
 */
function slotMaxSpinUnits(): number {
  const windows = SLOT_STRIPS.map((strip) =>
    strip.map((_, stop) => [0, 1, 2].map((row) => strip[(stop + row) % strip.length]!)),
  ) as SlotSymbol[][][];
  const scatters = windows.map((reel) => reel.map((w) => w.filter((s) => s === 'SCATTER').length));
  const mostScatters = (reel: number) => Math.max(...scatters[reel]!);
  const scatterUnits = (n: number) => (SLOT_SCATTER_PAYS[n as 3 | 4 | 5] ?? 0) * LINES;
  const topLinePay = (s: SlotSymbol) => lineWin([s, s, s, s, s])?.units ?? 0;
  const [w1, w2, w3, w4, w5] = windows as [
    SlotSymbol[][],
    SlotSymbol[][],
    SlotSymbol[][],
    SlotSymbol[][],
    SlotSymbol[][],
  ];
  let best = 0;
  for (let a = 0; a < w1.length; a++)
    for (let b = 0; b < w2.length; b++)
      for (let c = 0; c < w3.length; c++) {
        const alive = SLOT_PAYLINES.filter((rows) => {
          const lead = w1[a]![rows[0]!]!;
          const s2 = w2[b]![rows[1]!]!;
          const s3 = w3[c]![rows[2]!]!;
          return lead !== 'SCATTER' && (s2 === lead || s2 === 'WILD') && (s3 === lead || s3 === 'WILD');
        });
        const s123 = scatters[0]![a]! + scatters[1]![b]! + scatters[2]![c]!;
        const bound =
          alive.reduce((sum, rows) => sum + topLinePay(w1[a]![rows[0]!]!), 0) +
          scatterUnits(Math.min(5, s123 + mostScatters(3) + mostScatters(4)));
        if (bound <= best) continue;
        for (let d = 0; d < w4.length; d++)
          for (let e = 0; e < w5.length; e++) {
            let pay = scatterUnits(s123 + scatters[3]![d]! + scatters[4]![e]!);
            for (const rows of alive) {
              const line = [w1[a]!, w2[b]!, w3[c]!, w4[d]!, w5[e]!].map((w, reel) => w[rows[reel]!]!);
              pay += lineWin(line)?.units ?? 0;
            }
            best = Math.max(best, pay);
          }
      }
  return best;
}

/** The most one baccarat deal returns with every spot at `stake`: each outcome and pair combination. */
function baccaratMaxPayout(stake: bigint): bigint {
  const stakes = Object.fromEntries(BACCARAT_BETS.map((bet) => [bet, stake]));
  let best = 0n;
  for (const outcome of ['player', 'banker', 'tie'] as const)
    for (const playerPair of [false, true])
      for (const bankerPair of [false, true]) {
        const round = { outcome, playerPair, bankerPair } as BaccaratRound;
        const paid = Object.values(baccaratSettle(stakes, round)).reduce((s, p) => s + (p ?? 0n), 0n);
        if (paid > best) best = paid;
      }
  return best;
}

describe('the demo risk limits let every legitimate in-house win through', () => {
  let config: MerchantConfig;
  const game = (code: string) => config.games.find((g) => g.gameCode === code)!;
  const cap = (vendor: string) => {
    const text = config.vendors.find((v) => v.vassalage === vendor)?.maxWin;
    if (text === undefined) throw new Error(`${vendor} has no maxWin`);
    return BigInt(Math.round(Number(text) * 100));
  };
  /** The most a stake may win as the wallet computes it: stake × multiple, floored. */
  const limitFor = (vendor: string, code: string, stakeMinor: bigint, betType: string | null = null) =>
    winLimitsOf({ config } as MerchantState, vendor, code).limitOf([{ betType, stakeMinor }]);

  beforeAll(async () => {
    config = await readMerchantConfig(path.join(REPO_ROOT, 'config'));
  });

  it('dice: the 0.01 % chance pays 9900×', () => {
    const top = diceMultiplier(DICE_MIN_CHANCE) / MULTIPLIER_SCALE;
    expect(top).toBe(9900);
    expect(game('dice').maxWinMultiple).toBeGreaterThanOrEqual(top);
    const max = STAKE_LIMITS.dice.maxMinor;
    expect(limitFor('AURX', 'dice', max)?.limitMinor).toBeGreaterThanOrEqual(
      (max * BigInt(top * 1e4)) / 10_000n,
    );
  });

  it('plinko: the best bucket of any board pays 888×', () => {
    const top =
      Math.max(...Object.values(PLINKO_TABLES).flatMap((t) => Object.values(t).flat())) / MULTIPLIER_SCALE;
    expect(top).toBe(888);
    expect(game('plinko').maxWinMultiple).toBeGreaterThanOrEqual(top);
    const max = STAKE_LIMITS.plinko.maxMinor;
    expect(limitFor('AURX', 'plinko', max)?.limitMinor).toBeGreaterThanOrEqual(max * 888n);
  });

  it('slot: the best spin, then 500 free spins at double pay, each the best spin again', () => {
    const spin = slotMaxSpinUnits() / LINES;
    expect(spin).toBe(202.5);
    const round = spin * (1 + SLOT_FREE_SPIN_MULTIPLIER * SLOT_MAX_FREE_SPINS);
    expect(round).toBe(202_702.5);
    expect(game('dynasty').maxWinMultiple).toBeGreaterThanOrEqual(round);
    const max = STAKE_LIMITS.slot.maxMinor;
    expect(limitFor('AURX', 'dynasty', max)?.limitMinor).toBeGreaterThanOrEqual((max * 2_027_025n) / 10n);
  });

  it('baccarat: 8:1 on a tie and 11:1 on a pair, per bet type and over a whole table', () => {
    const config = game('baccarat');
    for (const bet of BACCARAT_BETS) {
      const pays = BACCARAT_PAYS[bet];
      const returned = 1 + Number(pays.num) / Number(pays.den);
      expect(config.maxWinMultipleByBetType?.[bet], bet).toBeGreaterThanOrEqual(returned);
      expect(config.maxWinMultiple).toBeGreaterThanOrEqual(returned);
    }
    // The in-house table settles every spot in one call: its best deal is a tie with both pairs.
    const max = STAKE_LIMITS.baccarat.maxMinor;
    const best = baccaratMaxPayout(max);
    expect(best).toBe(35n * max);
    const allSpots = BigInt(BACCARAT_BETS.length) * max;
    expect(limitFor('AURL', 'baccarat', allSpots)?.limitMinor).toBeGreaterThanOrEqual(best);
  });

  it('the in-house vendors’ caps cover their games’ largest stakes at their largest multiples', () => {
    for (const g of config.games.filter((g) => g.engine)) {
      const max = STAKE_LIMITS[g.engine!].maxMinor;
      // Baccarat's best deal (35× of a spot) is below its multiple of the whole table's stakes.
      const best =
        g.engine === 'baccarat'
          ? baccaratMaxPayout(max)
          : (max * BigInt(Math.round(g.maxWinMultiple! * 1e4))) / 10_000n;
      expect(cap(g.vassalage), g.gameCode).toBeGreaterThanOrEqual(best);
    }
  });
});

describe('win limits', () => {
  const limits = new WinLimits(120_000n, new Map([['tie', 90_000n]]), 1_000_000n);

  it('is the stakes times their multiples, per bet type, below the vendor cap', () => {
    expect(limits.limitOf([{ betType: null, stakeMinor: 1_000n }])).toEqual({
      limitMinor: 12_000n,
      rule: 'GAME_MULTIPLE',
    });
    expect(
      limits.limitOf([
        { betType: 'tie', stakeMinor: 1_000n },
        { betType: 'player', stakeMinor: 333n },
      ]),
    ).toEqual({ limitMinor: 9_000n + 3_996n, rule: 'GAME_MULTIPLE' });
    expect(limits.limitOf([{ betType: null, stakeMinor: 100_000n }])).toEqual({
      limitMinor: 1_000_000n,
      rule: 'VENDOR_CAP',
    });
  });

  it('holds a win only above the limit, never a zero win', () => {
    const stakes = [{ betType: null, stakeMinor: 100n }];
    expect(limits.exceeded(stakes, 1_200n, 1_200n)).toBeNull();
    expect(limits.exceeded(stakes, 1_201n, 1n)).toEqual({ limitMinor: 1_200n, rule: 'GAME_MULTIPLE' });
    expect(limits.exceeded(stakes, 5_000n, 0n)).toBeNull();
  });

  it('floors fractional multiples to the minor unit, and is absent without any limit', () => {
    const banker = new WinLimits(19_500n, new Map(), null);
    expect(banker.limitOf([{ betType: null, stakeMinor: 101n }])).toEqual({
      limitMinor: 196n,
      rule: 'GAME_MULTIPLE',
    });
    const capOnly = new WinLimits(null, new Map(), 500n);
    expect(capOnly.limitOf([{ betType: null, stakeMinor: 1n }])).toEqual({
      limitMinor: 500n,
      rule: 'VENDOR_CAP',
    });
    const none = new WinLimits(null, new Map(), null);
    expect(none.any).toBe(false);
    expect(none.exceeded([{ betType: null, stakeMinor: 1n }], 10n ** 12n, 10n ** 12n)).toBeNull();
  });
});

describe('the limits as configuration', () => {
  const game = { vassalage: 'AUR', gameCode: 'g', names: { EN: 'G' }, icon: '/g.svg' };
  const vendor = { vassalage: 'AUR', gameType: 'RNG', name: 'A', icon: '/a.svg' };

  it('takes positive multiples of up to 4 decimals, per bet type too', () => {
    expect(gameConfigSchema.parse({ ...game, maxWinMultiple: 1.9505 }).maxWinMultiple).toBe(1.9505);
    expect(
      gameConfigSchema.parse({ ...game, maxWinMultipleByBetType: { tie: 9 } }).maxWinMultipleByBetType,
    ).toEqual({
      tie: 9,
    });
    for (const bad of [0, -1, 1.00001, 2e9, '12', Number.NaN]) {
      expect(gameConfigSchema.safeParse({ ...game, maxWinMultiple: bad }).success, String(bad)).toBe(false);
    }
    expect(gameConfigSchema.safeParse({ ...game, maxWinMultipleByBetType: { 'no such': 2 } }).success).toBe(
      false,
    );
    expect(gameConfigSchema.safeParse({ ...game, maxWinMultipleByBetType: { tie: 0 } }).success).toBe(false);
  });

  it('takes a vendor cap as a positive decimal amount only', () => {
    expect(vendorSchema.parse({ ...vendor, maxWin: '50000.00' }).maxWin).toBe('50000.00');
    expect(vendorSchema.parse(vendor).maxWin).toBeUndefined();
    for (const bad of ['0', '0.00', '-1', ' 10', '1e5', '10.001', '010', 50000]) {
      expect(vendorSchema.safeParse({ ...vendor, maxWin: bad }).success, String(bad)).toBe(false);
    }
  });
});
