import { describe, expect, it } from 'vitest';
import {
  BACCARAT_BETS,
  BACCARAT_HOUSE_EDGE_PERCENT,
  BACCARAT_SHOE_SIZE,
  type BaccaratRound,
  bankerDraws,
  dealRound,
  handTotal,
  playerDraws,
  settle,
  shoeCard,
} from './baccarat.ts';
import { baccaratOdds } from './baccarat-maths.ts';
import { toNumber } from './ratio.ts';

const RANKS: Record<string, number> = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
/** Shoe index in the first deck of a card written like 'KH', '7S', 'TD'. */
const indexOf = (code: string) => {
  const rank = RANKS[code[0]!] ?? Number(code[0]);
  return 'SHDC'.indexOf(code[1]!) * 13 + rank - 1;
};
/**
 * Words that deal exactly these cards (a repeated code comes from the next deck): each word is
 * the card's position among the cards not yet drawn.
 */
const dealing = (...codes: string[]) => {
  const drawn: number[] = [];
  const words = codes.map((code) => {
    let index = indexOf(code);
    while (drawn.includes(index)) index += 52;
    const position = index - drawn.filter((d) => d < index).length;
    drawn.push(index);
    return position;
  });
  return () => {
    const w = words.shift();
    if (w === undefined) throw new Error('dealt more cards than scripted');
    return w;
  };
};
const label = (round: BaccaratRound) => ({
  player: round.player.map((c) => c.rank),
  banker: round.banker.map((c) => c.rank),
  totals: [round.playerTotal, round.bankerTotal],
  outcome: round.outcome,
});

describe('baccarat rules', () => {
  it('orders the shoe by deck, suit and rank', () => {
    expect(shoeCard(0)).toEqual({ rank: 1, suit: 0 });
    expect(shoeCard(25)).toEqual({ rank: 13, suit: 1 });
    expect(shoeCard(52)).toEqual({ rank: 1, suit: 0 });
    expect(shoeCard(BACCARAT_SHOE_SIZE - 1)).toEqual({ rank: 13, suit: 3 });
  });

  it('counts tens and pictures as 0 and keeps the last digit', () => {
    expect(handTotal([shoeCard(indexOf('KH')), shoeCard(indexOf('TS'))])).toBe(0);
    expect(handTotal([shoeCard(indexOf('7H')), shoeCard(indexOf('8S'))])).toBe(5);
    expect(handTotal([shoeCard(indexOf('AH')), shoeCard(indexOf('QS')), shoeCard(indexOf('9D'))])).toBe(0);
  });

  it('has the player draw on 0-5 and stand on 6-7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('follows every cell of the banker tableau', () => {
    // Rows: banker total 0..7; columns: the player's third card value 0..9. D draws, S stands.
    const tableau = [
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDSD',
      'SSDDDDDDSS',
      'SSSSDDDDSS',
      'SSSSSSDDSS',
      'SSSSSSSSSS',
    ];
    tableau.forEach((row, banker) => {
      [...row].forEach((cell, third) => {
        expect(bankerDraws(banker, third), `banker ${banker}, player third ${third}`).toBe(cell === 'D');
      });
    });
  });

  it('has the banker draw on 0-5 when the player stood', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((t) => bankerDraws(t, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('dealRound', () => {
  it('deals player, banker, player, banker', () => {
    const round = dealRound(dealing('2S', '3S', '4H', '3H', '5D'));
    expect(label(round).player.slice(0, 2)).toEqual([2, 4]);
    expect(label(round).banker.slice(0, 2)).toEqual([3, 3]);
  });

  it('stands both hands on a natural', () => {
    expect(label(dealRound(dealing('4S', '3S', '5H', '3H')))).toEqual({
      player: [4, 5],
      banker: [3, 3],
      totals: [9, 6],
      outcome: 'player',
    });
    // Player 5 would draw, but the banker's natural 8 ends the round.
    const round = dealRound(dealing('2S', '5S', '3H', '3H'));
    expect(round).toMatchObject({ natural: true, outcome: 'banker', playerTotal: 5, bankerTotal: 8 });
    expect(round.player).toHaveLength(2);
  });

  it('stands the player on 6 and 7, and the banker then draws on 0-5 only', () => {
    const bankerDrawsOn5 = dealRound(dealing('6S', '2S', 'KH', '3H', '2D'));
    expect(label(bankerDrawsOn5)).toEqual({
      player: [6, 13],
      banker: [2, 3, 2],
      totals: [6, 7],
      outcome: 'banker',
    });
    const bankerStandsOn6 = dealRound(dealing('7S', '3S', 'QH', '3H'));
    expect(label(bankerStandsOn6)).toEqual({
      player: [7, 12],
      banker: [3, 3],
      totals: [7, 6],
      outcome: 'player',
    });
  });

  it('draws the player third card and applies the tableau to it', () => {
    // Player 3 draws an 8; banker 3 stands against a third card of 8.
    const stands = dealRound(dealing('AS', 'AS', '2H', '2H', '8D'));
    expect(label(stands)).toEqual({ player: [1, 2, 8], banker: [1, 2], totals: [1, 3], outcome: 'banker' });
    // Banker 3 draws against any other third card.
    const draws = dealRound(dealing('AS', 'AD', '2H', '2D', '9D', '5C'));
    expect(label(draws)).toEqual({ player: [1, 2, 9], banker: [1, 2, 5], totals: [2, 8], outcome: 'banker' });
  });

  it('flags pairs by rank, not by value', () => {
    const round = dealRound(dealing('4S', 'KS', '4H', 'QH'));
    expect(round).toMatchObject({ playerPair: true, bankerPair: false, outcome: 'player', natural: true });
    const tie = dealRound(dealing('4S', '3S', '4S', '5H'));
    expect(tie).toMatchObject({ playerPair: true, bankerPair: false, outcome: 'tie' });
  });

  it('takes the j-th card not yet drawn, in shoe order', () => {
    // Word 0 every time: A♠, 2♠, 3♠, 4♠, then the player's 5♠; player 9 beats banker 6.
    const round = dealRound(() => 0);
    expect(round.player).toEqual([shoeCard(0), shoeCard(2), shoeCard(4)]);
    expect(round.banker).toEqual([shoeCard(1), shoeCard(3)]);
    expect(round.outcome).toBe('player');
    // After index 0 is drawn, position 1 among the undrawn cards is index 2, then position 0 is index 1.
    const words = [0, 1];
    const skipped = dealRound(() => words.shift() ?? 0);
    expect(skipped.player.slice(0, 2)).toEqual([shoeCard(0), shoeCard(1)]);
    expect(skipped.banker).toEqual([shoeCard(2), shoeCard(3)]);
  });
});

describe('settle', () => {
  const round = (outcome: BaccaratRound['outcome'], pairs = { playerPair: false, bankerPair: false }) =>
    ({ outcome, ...pairs }) as BaccaratRound;

  it('pays player even money and banker 95 %, floored', () => {
    expect(settle({ player: 100n, banker: 100n }, round('player'))).toEqual({ player: 200n, banker: 0n });
    expect(settle({ player: 100n, banker: 100n }, round('banker'))).toEqual({ player: 0n, banker: 195n });
    expect(settle({ banker: 19n }, round('banker'))).toEqual({ banker: 37n }); // 19 + ⌊18.05⌋
  });

  it('pushes player and banker bets on a tie and pays the tie 8 to 1', () => {
    expect(settle({ player: 100n, banker: 50n, tie: 10n }, round('tie'))).toEqual({
      player: 100n,
      banker: 50n,
      tie: 90n,
    });
    expect(settle({ tie: 10n }, round('banker'))).toEqual({ tie: 0n });
  });

  it('pays pairs 11 to 1 whatever the outcome', () => {
    expect(
      settle({ playerPair: 10n, bankerPair: 10n }, round('banker', { playerPair: true, bankerPair: false })),
    ).toEqual({
      playerPair: 120n,
      bankerPair: 0n,
    });
  });

  it('refuses non-positive stakes', () => {
    expect(() => settle({ player: 0n }, round('player'))).toThrow(RangeError);
  });
});

describe('baccarat odds', () => {
  const odds = baccaratOdds();
  const sig4 = (x: number) => Number(x.toPrecision(4));

  it('matches the published 8-deck house edges to 4 significant digits', () => {
    expect(sig4(toNumber(odds.edge.banker) * 100)).toBe(1.058); // 1.0579 %
    expect(sig4(toNumber(odds.edge.player) * 100)).toBe(1.235); // 1.2351 %
    expect(sig4(toNumber(odds.edge.tie) * 100)).toBe(14.36); // 14.3596 %
    expect(sig4(toNumber(odds.edge.playerPair) * 100)).toBe(10.36);
    expect(odds.edge.bankerPair).toEqual(odds.edge.playerPair);
  });

  it('publishes every bet’s house edge as the enumeration gives it, to 4 decimals', () => {
    for (const bet of BACCARAT_BETS) {
      const exact = odds.edge[bet];
      // Rounded half up at the 4th decimal of the percentage, in exact integer arithmetic.
      const scaled = (exact.num * 1_000_000n * 2n + exact.den) / (2n * exact.den);
      const text = `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}`;
      expect(BACCARAT_HOUSE_EDGE_PERCENT[bet], bet).toBe(text);
    }
  });

  it('has outcome probabilities summing to one', () => {
    const sum =
      toNumber(odds.probability.player) + toNumber(odds.probability.banker) + toNumber(odds.probability.tie);
    expect(sum).toBeCloseTo(1, 15);
    expect(sig4(toNumber(odds.probability.tie) * 100)).toBe(9.516);
  });
});
