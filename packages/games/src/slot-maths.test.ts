import { describe, expect, it } from 'vitest';
import { ratio, sub, toPercent } from './ratio.ts';
import { slotCapBound, slotEnumeration, slotReturn } from './slot-maths.ts';

// The figures docs/games-maths.md publishes.
const DOCS = {
  rtp: '96.4381',
  lineReturn: '76.6993',
  scatterReturn: '4.8844',
  freeSpinReturn: '14.8544',
  triggerProbability: '0.8344',
  hitFrequency: '31.5957',
  volatility: '3.488',
};

describe('slot maths', () => {
  const r = slotReturn();

  it('returns exactly what the docs say, between 95 % and 97 %', () => {
    expect(toPercent(r.rtp, 4)).toBe(DOCS.rtp);
    expect(toPercent(r.lineReturn, 4)).toBe(DOCS.lineReturn);
    expect(toPercent(r.scatterReturn, 4)).toBe(DOCS.scatterReturn);
    expect(toPercent(r.freeSpinReturn, 4)).toBe(DOCS.freeSpinReturn);
    expect(toPercent(r.triggerProbability, 4)).toBe(DOCS.triggerProbability);
    expect(sub(r.rtp, ratio(95n, 100n)).num > 0n).toBe(true);
    expect(sub(ratio(97n, 100n), r.rtp).num > 0n).toBe(true);
  });

  it('adds up: the round return is the base spin plus its free spins', () => {
    expect(sub(r.rtp, r.baseReturn)).toEqual(r.freeSpinReturn);
    expect(sub(r.baseReturn, r.lineReturn)).toEqual(r.scatterReturn);
  });

  it('agrees with the full enumeration of stop combinations, which gives hit frequency and volatility', () => {
    const e = slotEnumeration();
    expect(e.combinations).toBe(34n * 36n * 37n * 36n * 34n);
    expect(e.spinReturn).toEqual(r.baseReturn);
    expect(toPercent(e.hitFrequency, 4)).toBe(DOCS.hitFrequency);
    expect(e.volatility.toFixed(3)).toBe(DOCS.volatility);
  });

  it('loses a negligible return to the free-spin cap', () => {
    expect(slotCapBound(r)).toBeLessThan(1e-12);
  });
});
