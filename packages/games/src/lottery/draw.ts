/**
 * Provable lottery draws: an issue's result is a function of its server seed and its issue id
 * only, f(seed, issue) — never of what was staked. The words come from
 * HMAC-SHA256(seed, `${issueId}:${counter}`) (fair.ts), integers from them by rejection sampling
 * (uniform.ts). docs/lottery-draws.md states the exact procedure; the two must agree.
 */
import { seededWords } from '../fair.ts';
import { uniformInt, type WordSource } from '../uniform.ts';
import {
  BALL_FAMILIES,
  type LotteryDraw,
  type LotteryFamily,
  lunarYearAnimal,
  tiersOf,
  type VnLayout,
  type Zodiac,
} from './layouts.ts';

/** An issue id: 1–64 characters of letters, digits, `.`, `_` and `-` (e.g. `ssc1m-20261126-0001`). */
export const ISSUE_ID_PATTERN = /^[0-9A-Za-z._-]{1,64}$/;

/** What a draw needs to know about its game: the family, the VN layout, the LHC lunar year. */
export interface DrawGame {
  readonly family: LotteryFamily;
  readonly layout?: VnLayout;
  /** LHC only: the lunar year's animal on the draw date (see lunarYearAnimal). */
  readonly year?: Zodiac;
}

/** The issue's word stream: blocks HMAC-SHA256(seed, `${issueId}:0`), `…:1`, … read as u32 words. */
export function issueWords(serverSeed: string, issueId: string): WordSource {
  if (!ISSUE_ID_PATTERN.test(issueId)) throw new RangeError('issue id must be 1-64 of [0-9A-Za-z._-]');
  return seededWords(serverSeed, `${issueId}:`);
}

/** The first `take` entries of a Fisher–Yates shuffle of min..max: position i swaps with i + U(n − i). */
function shuffled(min: number, max: number, take: number, words: WordSource): number[] {
  const pool = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  for (let i = 0; i < take; i++) {
    const j = i + uniformInt(pool.length - i, words);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}

/**
 * The issue's result. Ball families: SSC five digits U(10) each; K3 three dice 1 + U(6) each;
 * PK10, 11x5 and LHC the first 10, 5 and 7 places of a Fisher–Yates shuffle of their range (LHC:
 * six main numbers then the special). VN and 4D: tier by tier, each number U(10^digits) written
 * with its leading zeros; a 4D number equal to one already drawn in the issue is drawn again.
 */
export function drawIssue(game: DrawGame, serverSeed: string, issueId: string): LotteryDraw {
  const words = issueWords(serverSeed, issueId);
  switch (game.family) {
    case 'ssc':
      return { family: 'ssc', balls: Array.from({ length: 5 }, () => uniformInt(10, words)) };
    case 'k3':
      return { family: 'k3', balls: Array.from({ length: 3 }, () => 1 + uniformInt(6, words)) };
    case 'pk10':
    case '11x5': {
      const shape = BALL_FAMILIES[game.family];
      return { family: game.family, balls: shuffled(shape.min, shape.max, shape.count, words) };
    }
    case 'lhc': {
      if (!game.year) throw new RangeError('an LHC draw needs the lunar year');
      const seven = shuffled(1, 49, 7, words);
      return { family: 'lhc', balls: seven.slice(0, 6), special: seven[6]!, year: game.year };
    }
    case 'vn':
    case '4d': {
      const seen = new Set<string>();
      const tiers = tiersOf(game.family, game.layout).map((t) =>
        Array.from({ length: t.count }, () => {
          for (;;) {
            const n = String(uniformInt(10 ** t.digits, words)).padStart(t.digits, '0');
            if (game.family === 'vn' || !seen.has(n)) {
              seen.add(n);
              return n;
            }
          }
        }),
      );
      return game.family === 'vn'
        ? { family: 'vn', layout: game.layout ?? 'mb', tiers }
        : { family: '4d', tiers };
    }
  }
}

/** The id an issue's draw is derived from (docs/lottery-draws.md): `<game>-<issue number>`. */
export const lotteryDrawId = (gameCode: string, issueNo: string) => `${gameCode}-${issueNo}`;

/** China Standard Time, the calendar the LHC lunar year is read in. */
const LHC_OFFSET_MS = 8 * 3_600_000;

/**
 * The draw of an issue of a configured game, as the server draws it and a verifier recomputes
 * it: from the committed seed and `<game>-<issue number>`; LHC reads the lunar year of its draw
 * date (UTC+8) from `drawAt` (epoch ms).
 */
export function drawOfIssue(
  game: { readonly code: string; readonly family: LotteryFamily; readonly layout?: VnLayout | undefined },
  serverSeed: string,
  issueNo: string,
  drawAt: number,
): LotteryDraw {
  const year =
    game.family === 'lhc'
      ? lunarYearAnimal(new Date(drawAt + LHC_OFFSET_MS).toISOString().slice(0, 10))
      : undefined;
  return drawIssue(
    { family: game.family, ...(game.layout ? { layout: game.layout } : {}), ...(year ? { year } : {}) },
    serverSeed,
    lotteryDrawId(game.code, issueNo),
  );
}
