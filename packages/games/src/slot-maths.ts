/**
 * Exact maths of the slot, from the reel strips and pay tables in slot.ts rather than from
 * simulation: return to player, hit frequency and volatility. docs/games-maths.md quotes these
 * figures and slot-maths.test.ts recomputes them, so the two cannot drift apart.
 */
import { add, div, mul, type Ratio, ratio, sub, toNumber } from './ratio.ts';
import {
  lineWin,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS_AWARD,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_ROWS,
  SLOT_SCATTER_PAYS,
  SLOT_STRIPS,
  SLOT_SYMBOLS,
  type SlotSymbol,
} from './slot.ts';

const LINES = SLOT_PAYLINES.length;
const SYMBOLS = SLOT_SYMBOLS.length;
const SCATTER = SLOT_SYMBOLS.indexOf('SCATTER');
const WILD = SLOT_SYMBOLS.indexOf('WILD');
const MAX_SCATTERS = SLOT_STRIPS.length * SLOT_ROWS;

/** Pay of a SCATTER count in line bets (scatter pays are in total bets = 20 line bets). */
const scatterUnits = Array.from(
  { length: MAX_SCATTERS + 1 },
  (_, k) => (SLOT_SCATTER_PAYS[k as 3 | 4 | 5] ?? 0) * LINES,
);
const triggers = (scatters: number) => scatterUnits[scatters]! > 0;

const symbolIndex = (s: SlotSymbol) => SLOT_SYMBOLS.indexOf(s);

/** How many stops of each reel show 0, 1, 2, 3 SCATTERs in their window. */
function scatterCountsPerReel(): number[][] {
  return SLOT_STRIPS.map((strip) => {
    const counts = Array<number>(SLOT_ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < SLOT_ROWS; row++) if (strip[(stop + row) % strip.length] === 'SCATTER') k++;
      counts[k]!++;
    }
    return counts;
  });
}

/** Convolution of stop-weighted count distributions: weights of total counts over several reels. */
function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((x, i) => {
    b.forEach((y, j) => {
      out[i + j]! += x * y;
    });
  });
  return out;
}

/** The exact return of the slot and the parts it is made of, each per unit of stake. */
export interface SlotReturn {
  /** Expected line pay of one spin at ×1. */
  lineReturn: Ratio;
  /** Expected SCATTER pay of one spin at ×1. */
  scatterReturn: Ratio;
  /** P(3 or more SCATTERs) on one spin: the chance of (re)triggering free spins. */
  triggerProbability: Ratio;
  /** Expected free spins per paid round, retriggers included, without the cap: a / (1 − a). */
  freeSpinsPerRound: Ratio;
  /** Return of the base spin alone. */
  baseReturn: Ratio;
  /** Return of the free spins a round leads to. */
  freeSpinReturn: Ratio;
  /** The whole round's return to player. */
  rtp: Ratio;
}

/**
 * Exact return from the strips. A line reads one position per reel, and on a cyclic strip each
 * row shows symbol s with probability count(s) / length, independently across reels; so one
 * line's expected pay is a sum over symbol 5-tuples, and the 20 lines add up to 20 times it.
 * SCATTERs are counted per window by enumerating each reel's stops and convolving the reels.
 * Free spins play the same strips at SLOT_FREE_SPIN_MULTIPLIER; each spin awards
 * a = 10 · P(trigger) spins on average, so a round plays a + a² + … = a / (1 − a) of them.
 */
export function slotReturn(): SlotReturn {
  const counts = SLOT_STRIPS.map((strip) => {
    const c = Array<number>(SYMBOLS).fill(0);
    for (const s of strip) c[symbolIndex(s)]!++;
    return c;
  });
  const combos = SLOT_STRIPS.reduce((n, strip) => n * BigInt(strip.length), 1n);
  let lineUnits = 0n;
  const tuple: SlotSymbol[] = [];
  const walk = (reel: number, weight: number) => {
    if (reel === SLOT_STRIPS.length) {
      const win = lineWin(tuple);
      if (win) lineUnits += BigInt(weight * win.units);
      return;
    }
    counts[reel]!.forEach((count, s) => {
      if (count === 0) return;
      tuple[reel] = SLOT_SYMBOLS[s]!;
      walk(reel + 1, weight * count);
    });
  };
  walk(0, 1);
  // 20 lines × E[line pay in line bets] × (line bet / stake = 1/20) = E[line pay in line bets].
  const lineReturn = ratio(lineUnits, combos);

  const scatterDist = scatterCountsPerReel().reduce(convolve);
  let scatterPay = 0n;
  let triggerWeight = 0n;
  scatterDist.forEach((weight, k) => {
    scatterPay += BigInt(weight * scatterUnits[k]!);
    if (triggers(k)) triggerWeight += BigInt(weight);
  });
  const scatterReturn = ratio(scatterPay, combos * BigInt(LINES));
  const triggerProbability = ratio(triggerWeight, combos);

  const spinReturn = add(lineReturn, scatterReturn);
  const a = mul(ratio(BigInt(SLOT_FREE_SPINS_AWARD)), triggerProbability);
  const freeSpinsPerRound = div(a, sub(ratio(1n), a));
  const freeSpinReturn = mul(mul(freeSpinsPerRound, ratio(BigInt(SLOT_FREE_SPIN_MULTIPLIER))), spinReturn);
  return {
    lineReturn,
    scatterReturn,
    triggerProbability,
    freeSpinsPerRound,
    baseReturn: spinReturn,
    freeSpinReturn,
    rtp: add(spinReturn, freeSpinReturn),
  };
}

/** Figures that need every stop combination: hit frequency and the round's variance. */
export interface SlotEnumeration {
  /** Stop combinations enumerated: the product of the strip lengths. */
  combinations: bigint;
  /** P(a base spin pays anything), lines or SCATTER. */
  hitFrequency: Ratio;
  /** E[spin win] per unit stake, from the enumeration (must equal SlotReturn.baseReturn). */
  spinReturn: Ratio;
  /** Variance of a whole round's return per unit stake, free spins included. */
  roundVariance: Ratio;
  /** Standard deviation of a round's return per unit stake: the slot's volatility index. */
  volatility: number;
}

/**
 * Enumerates every stop combination (the product of the strip lengths) and returns exact hit
 * frequency and volatility. After reels 1–3 a line either already shows 3 of a kind or can no
 * longer pay, so reels 4 and 5 are enumerated only when some line is still alive; otherwise
 * only their SCATTER counts matter. Requires reel 1 to carry no WILD (the strips do not), so
 * reel 1 decides each line's symbol. Takes a few seconds.
 */
export function slotEnumeration(): SlotEnumeration {
  if (SLOT_STRIPS[0]!.includes('WILD')) throw new Error('enumeration assumes no WILD on reel 1');
  const strips = SLOT_STRIPS.map((strip) => strip.map(symbolIndex));
  const windows = strips.map((strip) =>
    strip.map((_, stop) =>
      Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stop + row) % strip.length]!),
    ),
  );
  const scatters = windows.map((reel) => reel.map((w) => w.filter((s) => s === SCATTER).length));
  // Final pay in line bets of a line whose reels 1–3 show its lead symbol (or WILD), by reel 4 and 5 symbols.
  const pay3 = new Float64Array(SYMBOLS * SYMBOLS * SYMBOLS);
  for (let lead = 0; lead < SYMBOLS; lead++)
    for (let s4 = 0; s4 < SYMBOLS; s4++)
      for (let s5 = 0; s5 < SYMBOLS; s5++) {
        const s = SLOT_SYMBOLS[lead]!;
        pay3[(lead * SYMBOLS + s4) * SYMBOLS + s5] =
          lineWin([s, s, s, SLOT_SYMBOLS[s4]!, SLOT_SYMBOLS[s5]!])?.units ?? 0;
      }
  const perReel = scatterCountsPerReel();
  const rest = convolve(perReel[3]!, perReel[4]!);
  const [w1, w2, w3, w4, w5] = windows as [number[][], number[][], number[][], number[][], number[][]];
  const [c1, c2, c3, c4, c5] = scatters as [number[], number[], number[], number[], number[]];
  let sumY = 0n;
  let sumY2 = 0n;
  let sumYI = 0n;
  let hits = 0n;
  let trig = 0n;
  const aliveRow4: number[] = [];
  const aliveRow5: number[] = [];
  const aliveLead: number[] = [];
  for (let a = 0; a < w1.length; a++)
    for (let b = 0; b < w2.length; b++)
      for (let c = 0; c < w3.length; c++) {
        aliveLead.length = 0;
        aliveRow4.length = 0;
        aliveRow5.length = 0;
        for (const rows of SLOT_PAYLINES) {
          const lead = w1[a]![rows[0]!]!;
          const s2 = w2[b]![rows[1]!]!;
          const s3 = w3[c]![rows[2]!]!;
          if (lead !== SCATTER && (s2 === lead || s2 === WILD) && (s3 === lead || s3 === WILD)) {
            aliveLead.push(lead);
            aliveRow4.push(rows[3]!);
            aliveRow5.push(rows[4]!);
          }
        }
        const s123 = c1[a]! + c2[b]! + c3[c]!;
        let y1 = 0;
        let y2 = 0;
        let yi = 0;
        let hit = 0;
        let tr = 0;
        if (aliveLead.length === 0) {
          rest.forEach((weight, k) => {
            const y = scatterUnits[s123 + k]!;
            y1 += weight * y;
            y2 += weight * y * y;
            if (y > 0) hit += weight;
            if (triggers(s123 + k)) {
              tr += weight;
              yi += weight * y;
            }
          });
        } else {
          for (let d = 0; d < w4.length; d++)
            for (let e = 0; e < w5.length; e++) {
              const k = s123 + c4[d]! + c5[e]!;
              let y = scatterUnits[k]!;
              for (let i = 0; i < aliveLead.length; i++)
                y +=
                  pay3[
                    (aliveLead[i]! * SYMBOLS + w4[d]![aliveRow4[i]!]!) * SYMBOLS + w5[e]![aliveRow5[i]!]!
                  ]!;
              y1 += y;
              y2 += y * y;
              if (y > 0) hit++;
              if (triggers(k)) {
                tr++;
                yi += y;
              }
            }
        }
        sumY += BigInt(y1);
        sumY2 += BigInt(y2);
        sumYI += BigInt(yi);
        hits += BigInt(hit);
        trig += BigInt(tr);
      }
  const combinations = SLOT_STRIPS.reduce((n, strip) => n * BigInt(strip.length), 1n);
  const perStake = (units: bigint, power: bigint) => ratio(units, combinations * BigInt(LINES) ** power);
  const roundVariance = roundVarianceOf(
    perStake(sumY, 1n),
    perStake(sumY2, 2n),
    perStake(sumYI, 1n),
    ratio(trig, combinations),
  );
  return {
    combinations,
    hitFrequency: ratio(hits, combinations),
    spinReturn: perStake(sumY, 1n),
    roundVariance,
    volatility: Math.sqrt(toNumber(roundVariance)),
  };
}

/**
 * Variance of a round R = Y + I·G, where (Y, I) is a spin's win and trigger flag and G the
 * value of one award of free spins: G is the sum of 10 independent free spins
 * Z = m·Y' + I'·G'. With n = 10, E[Z] = m·E[Y] / (1 − n·p) and
 * E[Z²](1 − n·p) = m²E[Y²] + 2m·n·E[YI]·E[Z] + n(n − 1)·p·E[Z]².
 */
function roundVarianceOf(m1: Ratio, m2: Ratio, mYI: Ratio, p: Ratio): Ratio {
  const r = (n: number) => ratio(BigInt(n));
  const n = r(SLOT_FREE_SPINS_AWARD);
  const m = r(SLOT_FREE_SPIN_MULTIPLIER);
  const oneMinus = sub(r(1), mul(n, p));
  const ez = div(mul(m, m1), oneMinus);
  const ez2 = div(
    add(
      add(mul(mul(m, m), m2), mul(mul(mul(r(2), m), n), mul(mYI, ez))),
      mul(mul(mul(n, sub(n, r(1))), p), mul(ez, ez)),
    ),
    oneMinus,
  );
  const eg = mul(n, ez);
  const eg2 = add(mul(n, ez2), mul(mul(n, sub(n, r(1))), mul(ez, ez)));
  const er = add(m1, mul(p, eg));
  const er2 = add(add(m2, mul(mul(r(2), mYI), eg)), mul(p, eg2));
  return sub(er2, mul(er, er));
}

const logChoose = (n: number, k: number) => {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i);
  return s;
};

/**
 * Upper bound on the return the SLOT_MAX_FREE_SPINS cap takes away. A round plays more than
 * the cap only if its first `cap` free spins retrigger at least cap / 10 times, so
 * P(T > cap) ≤ P(Binomial(cap, p) ≥ cap / 10); the lost return is
 * m·E[W]·E[(T − cap)⁺] ≤ m·E[W]·√(E[T²]·P(T > cap)) (Cauchy–Schwarz), with E[T²] from the
 * branching process of awards (offspring Binomial(10, p) per award).
 */
export function slotCapBound(r: SlotReturn = slotReturn()): number {
  const p = toNumber(r.triggerProbability);
  const n = SLOT_FREE_SPINS_AWARD;
  const cap = SLOT_MAX_FREE_SPINS;
  const need = Math.ceil(cap / n);
  let tail = 0;
  for (let k = need; k <= cap; k++)
    tail += Math.exp(logChoose(cap, k) + k * Math.log(p) + (cap - k) * Math.log1p(-p));
  // Awards N: from the base spin with probability p, then a Galton–Watson total progeny Y with
  // offspring mean μ = n·p and variance σ² = n·p(1 − p): E[Y²] = σ²/(1 − μ)³ + 1/(1 − μ)².
  const mu = n * p;
  const ey2 = (n * p * (1 - p)) / (1 - mu) ** 3 + 1 / (1 - mu) ** 2;
  const et2 = n * n * p * ey2;
  return SLOT_FREE_SPIN_MULTIPLIER * toNumber(r.baseReturn) * Math.sqrt(et2 * tail);
}
