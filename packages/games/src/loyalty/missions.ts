/**
 * Missions and daily tasks (issue 16): a mission counts one metric over its period (a daily
 * task's period is the business day) and pays each milestone its target reaches once, when the
 * member claims it before the period ends. The metrics:
 *
 * - `validBet`: the valid bet of the settled real-money rounds (minor units);
 * - `deposit`: the deposits credited to the main wallet (minor units);
 * - `betCount`: how many settled real-money rounds;
 * - `profitMultiple`: the best net win of one round as a multiple of its stake, in hundredths
 *   ((payout − stake) / stake, rounded down: a stake of 10 paid 55 is 4.50×).
 *
 * A milestone is `incomplete` (target not reached), `claimable` (reached, not yet paid),
 * `received` (paid) or `expired` (the period ended before it was paid). A mission is `claimable`
 * while any milestone is, `finished` once every milestone is received, `expired` when its period
 * ended with one left, `incomplete` otherwise. The server counts the metric and pays; this decides.
 */
import { formatMinor, toMinor } from '../decimal.ts';
import type { VectorVerdict } from '../lottery/vectors.ts';
import { LoyaltyRuleError, refuse } from './rules.ts';

export const MISSION_METRICS = ['validBet', 'deposit', 'betCount', 'profitMultiple'] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];

/** A profit multiple is counted in hundredths (4.50× is 450). */
export const MULTIPLE_DECIMALS = 2;
/** A mission has at most this many milestones. */
export const MAX_MILESTONES = 20;

export interface Milestone {
  /** In the metric's units: minor units for money, a count, or hundredths of a multiple. */
  readonly target: bigint;
  readonly rewardMinor: bigint;
}

export interface MissionRules {
  readonly metric: MissionMetric;
  /** Targets strictly rising. */
  readonly milestones: readonly Milestone[];
}

export type MilestoneStatus = 'incomplete' | 'claimable' | 'received' | 'expired';
export type MissionStatus = 'incomplete' | 'claimable' | 'finished' | 'expired';

/** How many decimals a metric's figures are written with. */
export const metricDecimals = (metric: MissionMetric, currencyDecimals: number): number =>
  metric === 'betCount' ? 0 : metric === 'profitMultiple' ? MULTIPLE_DECIMALS : currencyDecimals;

/** A figure of a metric as text ("1000.00", "3", "4.50"). */
export function metricText(metric: MissionMetric, value: bigint, currencyDecimals: number): string {
  const decimals = metricDecimals(metric, currencyDecimals);
  const digits = value.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * A mission as the configuration writes it: { metric, milestones: [{ target: "1000", reward:
 * "5" }] }. Refuses an unknown metric, no milestones or more than MAX_MILESTONES, a target or
 * reward that is not a positive amount of the metric's (currency's) decimals, targets not rising.
 */
export function parseMissionRules(raw: unknown, currencyDecimals: number): MissionRules {
  if (typeof raw !== 'object' || raw === null) return refuse('a mission must be an object');
  const { metric, milestones } = raw as Record<string, unknown>;
  if (!MISSION_METRICS.includes(metric as MissionMetric)) return refuse(`unknown mission metric ${metric}`);
  const m = metric as MissionMetric;
  if (!Array.isArray(milestones) || milestones.length === 0)
    return refuse('a mission has at least one milestone');
  if (milestones.length > MAX_MILESTONES) return refuse(`a mission has at most ${MAX_MILESTONES} milestones`);
  const positive = (v: unknown, decimals: number, what: string) => {
    let n: bigint;
    try {
      n = toMinor(String(v), decimals);
    } catch {
      return refuse(`${what} is not an amount with at most ${decimals} decimals: ${v}`);
    }
    if (n <= 0n) refuse(`${what} must be above zero`);
    return n;
  };
  const parsed = milestones.map((ms, i) => {
    if (typeof ms !== 'object' || ms === null) return refuse(`milestones[${i}] must be an object`);
    const { target, reward } = ms as Record<string, unknown>;
    return {
      target: positive(target, metricDecimals(m, currencyDecimals), `milestones[${i}].target`),
      rewardMinor: positive(reward, currencyDecimals, `milestones[${i}].reward`),
    };
  });
  parsed.forEach((ms, i) => {
    if (i > 0 && ms.target <= parsed[i - 1]!.target) refuse('milestone targets must rise');
  });
  return { metric: m, milestones: parsed };
}

/** One round's profit multiple in hundredths: (payout − stake) / stake rounded down; 0 for no win. */
export function profitMultiple(betMinor: bigint, winMinor: bigint): bigint {
  if (betMinor <= 0n || winMinor <= betMinor) return 0n;
  return ((winMinor - betMinor) * 10n ** BigInt(MULTIPLE_DECIMALS)) / betMinor;
}

export interface MissionInput {
  /** The metric's figure over the period. */
  readonly value: bigint;
  /** Indexes (0 up) of the milestones already paid. */
  readonly received: readonly number[];
  /** The period has ended (nothing more is claimable). */
  readonly ended: boolean;
}

export interface MissionState {
  readonly status: MissionStatus;
  readonly milestones: readonly {
    readonly index: number;
    readonly target: bigint;
    readonly rewardMinor: bigint;
    /** The figure counted toward this milestone (at most its target). */
    readonly progress: bigint;
    readonly status: MilestoneStatus;
  }[];
  /** The claimable milestones' indexes and what they pay together. */
  readonly claimable: readonly number[];
  readonly claimableMinor: bigint;
}

export function missionState(rules: MissionRules, input: MissionInput): MissionState {
  if (input.value < 0n) refuse('a mission figure is never negative');
  const received = new Set(input.received);
  const milestones = rules.milestones.map((ms, index) => {
    const reached = input.value >= ms.target;
    const status: MilestoneStatus = received.has(index)
      ? 'received'
      : input.ended
        ? 'expired'
        : reached
          ? 'claimable'
          : 'incomplete';
    return {
      index,
      target: ms.target,
      rewardMinor: ms.rewardMinor,
      progress: reached ? ms.target : input.value,
      status,
    };
  });
  const claimable = milestones.filter((ms) => ms.status === 'claimable');
  const status: MissionStatus = claimable.length
    ? 'claimable'
    : milestones.every((ms) => ms.status === 'received')
      ? 'finished'
      : input.ended
        ? 'expired'
        : 'incomplete';
  return {
    status,
    milestones,
    claimable: claimable.map((ms) => ms.index),
    claimableMinor: claimable.reduce((sum, ms) => sum + ms.rewardMinor, 0n),
  };
}

/**
 * What a claim pays: one milestone (its index) or every claimable one ('all'), each its own
 * reward. Refuses a milestone that does not exist or is not claimable, and 'all' with nothing.
 */
export function claimMission(
  rules: MissionRules,
  input: MissionInput,
  which: number | 'all',
): { index: number; rewardMinor: bigint }[] {
  const state = missionState(rules, input);
  if (which === 'all') {
    if (!state.claimable.length) refuse('nothing is claimable');
    return state.claimable.map((index) => ({ index, rewardMinor: rules.milestones[index]!.rewardMinor }));
  }
  const ms = state.milestones[which];
  if (!ms) return refuse(`no milestone ${which}`);
  if (ms.status !== 'claimable') refuse(`milestone ${which} is ${ms.status}, not claimable`);
  return [{ index: which, rewardMinor: ms.rewardMinor }];
}

type Json = Record<string, unknown>;

/**
 * `loyalty.missions`: { currencyDecimals?, mission: { metric, milestones }, rounds?: [{ bet, win }]
 * (the period's rounds: validBet, betCount and profitMultiple are counted from them), value?
 * (the figure directly, e.g. for deposit), received?, ended?, claim?: index | "all", expect: {
 * value? ("1000.00"), status?, milestones?: [status…], claimable?: "5.00", paid?: [reward…], refused? } }.
 */
export function runMissionVector(v: Json): VectorVerdict {
  const d = v.currencyDecimals === undefined ? 2 : Number(v.currencyDecimals);
  const expect = (v.expect ?? {}) as Json;
  const mismatches: string[] = [];
  let rules: MissionRules;
  try {
    rules = parseMissionRules(v.mission, d);
  } catch (error) {
    if (!(error instanceof LoyaltyRuleError)) throw error;
    if (typeof expect.refused !== 'string' || !error.message.includes(expect.refused))
      mismatches.push(`refused: ${error.message}`);
    return { mismatches };
  }
  let value: bigint;
  if (v.rounds !== undefined) {
    const rounds = (v.rounds as Json[]).map((r) => ({
      bet: toMinor(String(r.bet), d),
      win: toMinor(String(r.win ?? '0'), d),
    }));
    value =
      rules.metric === 'betCount'
        ? BigInt(rounds.length)
        : rules.metric === 'profitMultiple'
          ? rounds.reduce((best, r) => {
              const x = profitMultiple(r.bet, r.win);
              return x > best ? x : best;
            }, 0n)
          : rounds.reduce((sum, r) => sum + r.bet, 0n);
  } else value = toMinor(String(v.value ?? '0'), metricDecimals(rules.metric, d));
  const input: MissionInput = {
    value,
    received: ((v.received as number[] | undefined) ?? []).map(Number),
    ended: v.ended === true,
  };
  const state = missionState(rules, input);
  if (expect.value !== undefined && expect.value !== metricText(rules.metric, value, d))
    mismatches.push(`value ${expect.value} ≠ ${metricText(rules.metric, value, d)}`);
  if (expect.status !== undefined && expect.status !== state.status)
    mismatches.push(`status ${expect.status} ≠ ${state.status}`);
  if (expect.milestones !== undefined) {
    const got = state.milestones.map((ms) => ms.status).join(', ');
    if ((expect.milestones as string[]).join(', ') !== got)
      mismatches.push(`milestones [${(expect.milestones as string[]).join(', ')}] ≠ [${got}]`);
  }
  if (expect.claimable !== undefined && toMinor(String(expect.claimable), d) !== state.claimableMinor)
    mismatches.push(`claimable ${expect.claimable} ≠ ${formatMinor(state.claimableMinor, d)}`);
  if (v.claim !== undefined) {
    try {
      const paid = claimMission(rules, input, v.claim === 'all' ? 'all' : Number(v.claim));
      if (expect.refused !== undefined) mismatches.push(`expected refused (${expect.refused})`);
      if (expect.paid !== undefined) {
        const want = (expect.paid as string[]).map((p) => toMinor(String(p), d));
        const got = paid.map((p) => p.rewardMinor);
        if (want.join() !== got.join())
          mismatches.push(
            `paid [${(expect.paid as string[]).join(', ')}] ≠ [${got.map((g) => formatMinor(g, d)).join(', ')}]`,
          );
      }
    } catch (error) {
      if (!(error instanceof LoyaltyRuleError)) throw error;
      if (typeof expect.refused !== 'string' || !error.message.includes(expect.refused))
        mismatches.push(`refused: ${error.message}`);
    }
  } else if (expect.refused !== undefined) mismatches.push(`expected refused (${expect.refused})`);
  return { mismatches };
}
