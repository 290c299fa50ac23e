import { describe, expect, it } from 'vitest';
import { readVerifyQuery, verifyHref } from '../../lib/games/verify-link';
import { checkFields, initialFields, parseTarget } from './verify-form';

const SEED = 'ab'.repeat(32);

describe('verifier form', () => {
  it('round-trips a round through the address the game pages and the recall link to', () => {
    const href = verifyHref({
      game: 'dice',
      serverSeed: SEED,
      clientSeed: 'a b:c',
      nonce: 12,
      target: 4950,
      direction: 'over',
    });
    expect(href.startsWith('/play/verify?')).toBe(true);
    const q = readVerifyQuery(href.slice(href.indexOf('?')));
    expect(q).toEqual({
      game: 'dice',
      serverSeed: SEED,
      clientSeed: 'a b:c',
      nonce: 12,
      target: 4950,
      direction: 'over',
    });
    expect(initialFields(q)).toMatchObject({ game: 'dice', nonce: '12', target: '49.50', direction: 'over' });
  });

  it('ignores what it cannot read in the address', () => {
    expect(readVerifyQuery('?game=slot&nonce=-1&rows=9&risk=wild&direction=up')).toEqual({});
    expect(initialFields({})).toMatchObject({
      game: 'dice',
      nonce: '0',
      target: '50.00',
      rows: 16,
      risk: 'medium',
    });
  });

  it('reads targets on the roll scale', () => {
    expect(parseTarget('54.21')).toBe(5421);
    expect(parseTarget('7')).toBe(700);
    expect(parseTarget('7.5')).toBe(750);
    expect(parseTarget('100')).toBeNull();
    expect(parseTarget('1.234')).toBeNull();
  });

  it('names every field that is wrong and recomputes only when all are right', () => {
    const bad = checkFields({
      ...initialFields({}),
      serverSeed: 'xyz',
      clientSeed: '',
      nonce: '1.5',
      target: '99.50',
      direction: 'under',
    });
    expect(bad.problems).toEqual(['serverSeed', 'clientSeed', 'nonce', 'target']);
    expect(bad.input).toBeNull();
    const good = checkFields({
      ...initialFields({}),
      serverSeed: ` ${SEED} `,
      clientSeed: 'seed',
      nonce: '3',
    });
    expect(good.problems).toEqual([]);
    expect(good.input).toMatchObject({ serverSeed: SEED, nonce: 3, target: 5000, direction: 'under' });
  });

  it('does not hold plinko to a dice target', () => {
    const r = checkFields({
      ...initialFields({ game: 'plinko' }),
      serverSeed: SEED,
      clientSeed: 's',
      target: 'n/a',
    });
    expect(r.problems).toEqual([]);
  });
});
