import { describe, expect, it } from 'vitest';
import { PLINKO_RISKS, PLINKO_ROWS, PLINKO_TABLES, plinkoRound, plinkoRtp } from './plinko.ts';
import { ratio, sub, toPercent } from './ratio.ts';

const scripted =
  (...words: number[]) =>
  () => {
    const w = words.shift();
    if (w === undefined) throw new Error('ran out of words');
    return w;
  };

describe('plinko', () => {
  it('goes right on a 1 bit, lands in the bucket counting the rights, and pays its multiplier', () => {
    const round = plinkoRound({ stakeMinor: 250n, rows: 8, risk: 'low' }, scripted(1, 1, 0, 1, 1, 1, 1, 1));
    expect(round).toEqual({
      path: ['R', 'R', 'L', 'R', 'R', 'R', 'R', 'R'],
      bucket: 7,
      multiplier: 24000,
      payoutMinor: 600n,
    });
  });

  it('uses the right table for rows and risk, and floors the payout', () => {
    const allLeft = () => scripted(...Array<number>(16).fill(2));
    expect(plinkoRound({ stakeMinor: 3n, rows: 16, risk: 'high' }, allLeft())).toMatchObject({
      bucket: 0,
      multiplier: 8880000,
      payoutMinor: 2664n,
    });
    const middle = plinkoRound(
      { stakeMinor: 7n, rows: 12, risk: 'medium' },
      scripted(
        ...Array(12)
          .fill(0)
          .map((_, i) => i % 2),
      ),
    );
    expect(middle).toMatchObject({ bucket: 6, multiplier: 3000, payoutMinor: 2n });
  });

  it('refuses unknown boards and non-positive stakes', () => {
    const w = scripted();
    expect(() => plinkoRound({ stakeMinor: 1n, rows: 10 as 8, risk: 'low' }, w)).toThrow(RangeError);
    expect(() => plinkoRound({ stakeMinor: 1n, rows: 8, risk: 'wild' as 'low' }, w)).toThrow(RangeError);
    expect(() => plinkoRound({ stakeMinor: 0n, rows: 8, risk: 'low' }, w)).toThrow(RangeError);
  });

  it('has symmetric tables of rows + 1 buckets, middle lowest', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const table = PLINKO_TABLES[rows][risk];
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual(table);
        expect(Math.min(...table)).toBe(table[rows / 2]);
      }
    }
  });

  it.each(PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => [rows, risk] as const)))(
    'returns between 98.5 %% and 99 %% exactly on %i rows, %s risk',
    (rows, risk) => {
      const rtp = plinkoRtp(rows, risk);
      expect(sub(rtp, ratio(985n, 1000n)).num > 0n).toBe(true);
      expect(sub(ratio(99n, 100n), rtp).num > 0n).toBe(true);
    },
  );

  it('computes the binomial return exactly', () => {
    // 8 rows low: (2·5.8 + 16·2.4 + 56·1.2 + 112·0.9 + 70·0.5) / 256 = 253 / 256.
    expect(plinkoRtp(8, 'low')).toEqual(ratio(253n, 256n));
    expect(toPercent(plinkoRtp(8, 'low'), 4)).toBe('98.8281');
  });
});
