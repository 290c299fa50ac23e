/**
 * The verifier form's values as typed, and their check: each field says what is wrong with it,
 * and the round is recomputed only when every field the game needs is acceptable.
 */
import {
  type DiceDirection,
  diceChance,
  diceMultiplier,
  isClientSeed,
  type PlinkoRisk,
  type PlinkoRows,
  SERVER_SEED_PATTERN,
} from '@aurum/games';
import type { VerifyGame, VerifyQuery } from '../../lib/games/verify-link';
import { rollText } from '../lib/format';
import type { VerifyInput } from './recompute';

export interface VerifyFields {
  game: VerifyGame;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** Dice target as shown: "50.00". */
  target: string;
  direction: DiceDirection;
  rows: PlinkoRows;
  risk: PlinkoRisk;
}

export type FieldProblem = 'serverSeed' | 'clientSeed' | 'nonce' | 'target';

/** The form's starting values: the query's, else a dice bet under 50.00 at nonce 0. */
export function initialFields(q: Partial<VerifyQuery>): VerifyFields {
  return {
    game: q.game ?? 'dice',
    serverSeed: q.serverSeed ?? '',
    clientSeed: q.clientSeed ?? '',
    nonce: String(q.nonce ?? 0),
    target: rollText(q.target ?? 5000),
    direction: q.direction ?? 'under',
    rows: q.rows ?? 16,
    risk: q.risk ?? 'medium',
  };
}

/** "54.21" → 5421 on the roll's 0..9999 scale; null when it is not such a figure. */
export function parseTarget(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function validTarget(target: number | null, direction: DiceDirection): boolean {
  if (target === null) return false;
  try {
    diceMultiplier(diceChance(target, direction));
    return true;
  } catch {
    return false;
  }
}

export function checkFields(f: VerifyFields): { problems: FieldProblem[]; input: VerifyInput | null } {
  const problems: FieldProblem[] = [];
  const seed = f.serverSeed.trim();
  if (!SERVER_SEED_PATTERN.test(seed)) problems.push('serverSeed');
  if (!isClientSeed(f.clientSeed)) problems.push('clientSeed');
  const nonce = /^\d{1,15}$/.test(f.nonce.trim()) ? Number(f.nonce.trim()) : null;
  if (nonce === null) problems.push('nonce');
  const target = parseTarget(f.target);
  if (f.game === 'dice' && !validTarget(target, f.direction)) problems.push('target');
  if (problems.length > 0 || nonce === null) return { problems, input: null };
  return {
    problems,
    input: {
      game: f.game,
      serverSeed: seed,
      clientSeed: f.clientSeed,
      nonce,
      target: target ?? 0,
      direction: f.direction,
      rows: f.rows,
      risk: f.risk,
    },
  };
}
