/**
 * A merchant's lottery configuration: games and cadences, units and prize groups, push rules,
 * fixed tables, VN point prices, odds boards and limits. The demo's lives in
 * config/lottery.json (money as decimal strings in the merchant's currency units);
 * parseLotteryConfig checks it and turns it into exact values: money in bigint minor units,
 * odds and table prizes as exact fractions.
 */
import { formatExactMinor, formatMinor, parseDecimal, toMinor } from '../decimal.ts';
import type { Ratio } from '../ratio.ts';

export { formatExactMinor, formatMinor, parseDecimal, toMinor };

import { betTypesOf, type PushRule, type PushRules } from './bet-types.ts';
import { LOTTERY_FAMILIES, type LotteryFamily, VN_LAYOUTS, type VnLayout } from './layouts.ts';

/** When a game draws: every N seconds from midnight of its zone, or daily at a time of its zone. */
export type Cadence = { readonly everySeconds: number } | { readonly dailyAt: string };

export interface LotteryGame {
  readonly code: string;
  readonly family: LotteryFamily;
  readonly layout?: VnLayout;
  readonly names: Readonly<Record<string, string>>;
  readonly cadence: Cadence;
  /** The zone the schedule (and the LHC lunar year) is read in, e.g. "+07:00". */
  readonly utcOffset: string;
  /** Sales close this many seconds before the draw. */
  readonly saleCloseLeadSeconds: number;
}

export interface OddsBoard {
  readonly code: string;
  readonly version: number;
  /** bet type → price key → odds (payout per 1 staked, stake included). */
  readonly odds: ReadonlyMap<string, ReadonlyMap<string, Ratio>>;
}

export interface LotteryLimits {
  readonly maxStakePerBetMinor: bigint;
  readonly maxStakePerIssueMinor: bigint;
  readonly maxPayoutPerIssuePerMemberMinor: bigint;
  readonly liabilityPerSelectionMinor: bigint;
  readonly maxMultiplier: number;
}

/** The prize modes of the site (§3 Brand config prizeModes, §4 Prize mode). */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** What a prize mode offers: the games of some families, on one odds board. */
export interface PrizeModeConfig {
  readonly board: string;
  readonly families: readonly LotteryFamily[];
}

export interface LotteryConfig {
  readonly currencyDecimals: number;
  readonly basePriceMinor: bigint;
  /** Allowed units as divisors of the base price: 1 (unit 1), 10 (0.1), 100 (0.01). */
  readonly unitDivisors: readonly number[];
  readonly prizeGroups: { readonly min: number; readonly max: number; readonly default: number };
  /**
   * The most the rebates outside the prize group (VIP rebate, real-time salary) may pay per
   * unit staked on lottery; the return proofs add it to every bet type.
   */
  readonly stackedRebateCap: Ratio;
  readonly pushRules: PushRules;
  readonly limits: LotteryLimits;
  readonly games: readonly LotteryGame[];
  /** bet type → price key → prize per base-price bet (units) or per 1 staked (amount), exact, in currency units. */
  readonly fixedTables: ReadonlyMap<string, ReadonlyMap<string, Ratio>>;
  /** VN point bets: bet type → layout → point price and pay per point and hit, minor units. */
  readonly points: ReadonlyMap<string, ReadonlyMap<VnLayout, { priceMinor: bigint; payMinor: bigint }>>;
  readonly oddsBoards: readonly OddsBoard[];
  /**
   * Each prize mode's families and odds board. A mode left out of the configuration offers
   * every family on the first board.
   */
  readonly prizeModes: ReadonlyMap<PrizeMode, PrizeModeConfig>;
}

/** Thrown for a configuration that cannot be used, naming what is wrong. */
export class LotteryConfigError extends Error {
  override name = 'LotteryConfigError';
}

const fail = (message: string): never => {
  throw new LotteryConfigError(message);
};

type Json = Record<string, unknown>;
const obj = (v: unknown, where: string): Json =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : fail(`${where} must be an object`);
const str = (v: unknown, where: string): string =>
  typeof v === 'string' ? v : fail(`${where} must be a string`);
const int = (v: unknown, where: string, min = 0): number =>
  Number.isSafeInteger(v) && (v as number) >= min
    ? (v as number)
    : fail(`${where} must be an integer ≥ ${min}`);
const dec = (v: unknown, where: string): Ratio => {
  try {
    return parseDecimal(str(v, where));
  } catch {
    return fail(`${where} must be a decimal string`);
  }
};
const money = (v: unknown, where: string, decimals: number): bigint => {
  try {
    return toMinor(str(v, where), decimals);
  } catch {
    return fail(`${where} must be an amount with at most ${decimals} decimals`);
  }
};

const PUSH_RULES = [
  'sscDragonTigerTie',
  'pk10Sum11',
  'x115Ball11',
  'x115Total30',
  'lhc49',
  'k3Triple',
] as const;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

function parseGame(raw: unknown, i: number): LotteryGame {
  const g = obj(raw, `games[${i}]`);
  const code = str(g.code, `games[${i}].code`);
  const family = str(g.family, `${code}.family`) as LotteryFamily;
  if (!LOTTERY_FAMILIES.includes(family)) fail(`${code}: unknown family ${family}`);
  const layout = g.layout === undefined ? undefined : (str(g.layout, `${code}.layout`) as VnLayout);
  if (family === 'vn' && !(layout && VN_LAYOUTS.includes(layout)))
    fail(`${code}: a VN game needs layout mb or mn`);
  if (family !== 'vn' && layout) fail(`${code}: only VN games have a layout`);
  const c = obj(g.cadence, `${code}.cadence`);
  const cadence: Cadence =
    c.everySeconds !== undefined
      ? { everySeconds: int(c.everySeconds, `${code}.cadence.everySeconds`, 1) }
      : { dailyAt: str(c.dailyAt, `${code}.cadence.dailyAt`) };
  if ('dailyAt' in cadence && !/^([01]\d|2[0-3]):[0-5]\d$/.test(cadence.dailyAt))
    fail(`${code}: dailyAt is HH:MM`);
  if ('everySeconds' in cadence && 86_400 % cadence.everySeconds !== 0)
    fail(`${code}: everySeconds must divide a day`);
  const utcOffset = str(g.utcOffset, `${code}.utcOffset`);
  if (!OFFSET.test(utcOffset)) fail(`${code}: utcOffset is ±HH:MM`);
  const saleCloseLeadSeconds = int(g.saleCloseLeadSeconds, `${code}.saleCloseLeadSeconds`, 1);
  if ('everySeconds' in cadence && saleCloseLeadSeconds >= cadence.everySeconds)
    fail(`${code}: sales must close before the draw`);
  const names = obj(g.names, `${code}.names`) as Record<string, string>;
  return { code, family, ...(layout ? { layout } : {}), names, cadence, utcOffset, saleCloseLeadSeconds };
}

function priceTable(raw: unknown, where: string): Map<string, Ratio> {
  return new Map(Object.entries(obj(raw, where)).map(([k, v]) => [k, dec(v, `${where}.${k}`)]));
}

/** Checks a configuration (the shape of config/lottery.json) and makes its values exact. */
export function parseLotteryConfig(raw: unknown): LotteryConfig {
  const c = obj(raw, 'config');
  const decimals = int(c.currencyDecimals, 'currencyDecimals');
  const basePriceMinor = money(c.basePrice, 'basePrice', decimals);
  const unitDivisors = (Array.isArray(c.units) ? c.units : fail('units must be a list')).map((u, i) => {
    const r = dec(u, `units[${i}]`);
    if (r.num !== 1n || ![1n, 10n, 100n].includes(r.den)) fail('units are 1, 0.1 and 0.01');
    if (basePriceMinor % r.den !== 0n) fail(`basePrice × ${u} is not a whole minor unit`);
    return Number(r.den);
  });
  const pg = obj(c.prizeGroups, 'prizeGroups');
  const prizeGroups = {
    min: int(pg.min, 'prizeGroups.min', 1),
    max: int(pg.max, 'prizeGroups.max', 1),
    default: int(pg.default, 'prizeGroups.default', 1),
  };
  if (
    !(
      prizeGroups.min <= prizeGroups.default &&
      prizeGroups.default <= prizeGroups.max &&
      prizeGroups.max < 2000
    )
  )
    fail('prize groups need min ≤ default ≤ max < 2000');
  const rules = obj(c.pushRules, 'pushRules');
  const pushRules = Object.fromEntries(
    PUSH_RULES.map((k) => {
      const v = rules[k];
      if (v !== 'lose' && v !== 'push') fail(`pushRules.${k} is lose or push`);
      return [k, v as PushRule];
    }),
  ) as unknown as PushRules;
  const l = obj(c.limits, 'limits');
  const limits: LotteryLimits = {
    maxStakePerBetMinor: money(l.maxStakePerBet, 'limits.maxStakePerBet', decimals),
    maxStakePerIssueMinor: money(l.maxStakePerIssue, 'limits.maxStakePerIssue', decimals),
    maxPayoutPerIssuePerMemberMinor: money(
      l.maxPayoutPerIssuePerMember,
      'limits.maxPayoutPerIssuePerMember',
      decimals,
    ),
    liabilityPerSelectionMinor: money(l.liabilityPerSelection, 'limits.liabilityPerSelection', decimals),
    maxMultiplier: int(l.maxMultiplier, 'limits.maxMultiplier', 1),
  };
  const games = (Array.isArray(c.games) ? c.games : fail('games must be a list')).map(parseGame);
  if (new Set(games.map((g) => g.code)).size !== games.length) fail('game codes must be unique');
  const fixedTables = new Map(
    Object.entries(obj(c.fixedTables, 'fixedTables')).map(([t, v]) => [t, priceTable(v, `fixedTables.${t}`)]),
  );
  const points = new Map(
    Object.entries(obj(c.points, 'points')).map(([t, v]) => [
      t,
      new Map(
        Object.entries(obj(v, `points.${t}`)).map(([layout, p]) => {
          const q = obj(p, `points.${t}.${layout}`);
          return [
            layout as VnLayout,
            {
              priceMinor: money(q.price, `points.${t}.${layout}.price`, decimals),
              payMinor: money(q.pay, `points.${t}.${layout}.pay`, decimals),
            },
          ];
        }),
      ),
    ]),
  );
  const oddsBoards = (Array.isArray(c.oddsBoards) ? c.oddsBoards : fail('oddsBoards must be a list')).map(
    (b, i): OddsBoard => {
      const board = obj(b, `oddsBoards[${i}]`);
      const code = str(board.code, `oddsBoards[${i}].code`);
      return {
        code,
        version: int(board.version, `${code}.version`, 1),
        odds: new Map(
          Object.entries(obj(board.odds, `${code}.odds`)).map(([t, v]) => [
            t,
            priceTable(v, `${code}.odds.${t}`),
          ]),
        ),
      };
    },
  );
  if (oddsBoards.length === 0) fail('at least one odds board');
  const modes = c.prizeModes === undefined ? {} : obj(c.prizeModes, 'prizeModes');
  for (const k of Object.keys(modes))
    if (!(PRIZE_MODES as readonly string[]).includes(k)) fail(`prizeModes.${k}: unknown prize mode`);
  const prizeModes = new Map(
    PRIZE_MODES.map((mode): [PrizeMode, PrizeModeConfig] => {
      if (modes[mode] === undefined)
        return [mode, { board: oddsBoards[0]!.code, families: [...LOTTERY_FAMILIES] }];
      const m = obj(modes[mode], `prizeModes.${mode}`);
      const board = str(m.board, `prizeModes.${mode}.board`);
      if (!oddsBoards.some((b) => b.code === board)) fail(`prizeModes.${mode}.board: no odds board ${board}`);
      const families = (
        Array.isArray(m.families) ? m.families : fail(`prizeModes.${mode}.families must be a list`)
      ).map((f, i) => {
        const family = str(f, `prizeModes.${mode}.families[${i}]`) as LotteryFamily;
        if (!LOTTERY_FAMILIES.includes(family)) fail(`prizeModes.${mode}: unknown family ${family}`);
        return family;
      });
      return [mode, { board, families }];
    }),
  );
  const config: LotteryConfig = {
    currencyDecimals: decimals,
    basePriceMinor,
    unitDivisors,
    prizeGroups,
    stackedRebateCap: dec(c.stackedRebateCap, 'stackedRebateCap'),
    pushRules,
    limits,
    games,
    fixedTables,
    points,
    oddsBoards,
    prizeModes,
  };
  // Every bet type a configured game offers must be priced.
  for (const game of games)
    for (const type of betTypesOf(game.family, game.layout)) {
      if (type.pricing === 'fixed')
        for (const key of type.keys)
          if (!fixedTables.get(type.code)?.has(key)) fail(`fixedTables.${type.code}.${key} is missing`);
      if (type.pricing === 'points' && !points.get(type.code)?.has(game.layout!))
        fail(`points.${type.code}.${game.layout} is missing`);
      if (type.pricing === 'odds')
        for (const board of oddsBoards) {
          const table = board.odds.get(type.code);
          for (const key of type.keys)
            if (!table?.has(key) && !table?.has('*'))
              fail(`${board.code}.odds.${type.code}.${key} is missing`);
        }
    }
  return config;
}

/** The configured game of `code`, or undefined. */
export function lotteryGame(config: LotteryConfig, code: string): LotteryGame | undefined {
  return config.games.find((g) => g.code === code);
}
