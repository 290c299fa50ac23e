/**
 * Wagering (issue 16): every bonus carries a turnover requirement, a multiple of the bonus or of
 * the bonus and its deposit; each valid bet counts toward it by its category's contribution (a
 * category the rule does not list counts nothing, so a new category never opens a way around
 * it). The requirement is rounded up and a contribution down: rounding never favours the member.
 */
import { parseDecimal } from '../decimal.ts';
import { ceilTimes, floorTimes, nonNegative, percentOf, refuse } from './rules.ts';

export interface WageringRule {
  /** "10" is ten times the base. */
  readonly multiple: string;
  readonly base: 'bonus' | 'bonusAndDeposit';
  /** Per category, the per cent of a valid bet that counts ("100", "10", "0"). */
  readonly contributions: Readonly<Record<string, string>>;
}

/** The turnover a bonus asks for, in minor units. */
export function requiredTurnover(rule: WageringRule, bonusMinor: bigint, depositMinor = 0n): bigint {
  nonNegative(bonusMinor, 'a bonus');
  nonNegative(depositMinor, 'a deposit');
  let multiple: ReturnType<typeof parseDecimal>;
  try {
    multiple = parseDecimal(rule.multiple);
  } catch {
    return refuse(`not a multiple: ${rule.multiple}`);
  }
  const base = rule.base === 'bonusAndDeposit' ? bonusMinor + depositMinor : bonusMinor;
  return ceilTimes(base, multiple);
}

/** What one valid bet of `category` adds to the turnover done. */
export function turnoverContribution(rule: WageringRule, category: string, validBetMinor: bigint): bigint {
  nonNegative(validBetMinor, 'a valid bet');
  const share = rule.contributions[category];
  return share === undefined ? 0n : floorTimes(validBetMinor, percentOf(share));
}

export interface WageringProgress {
  readonly requiredMinor: bigint;
  /** At most the requirement. */
  readonly doneMinor: bigint;
  readonly remainingMinor: bigint;
  readonly complete: boolean;
}

/** The progress of a requirement after the given valid bets (in the order they settled). */
export function wageringProgress(
  rule: WageringRule,
  requiredMinor: bigint,
  bets: readonly { readonly category: string; readonly validBetMinor: bigint }[],
): WageringProgress {
  const counted = bets.reduce((sum, b) => sum + turnoverContribution(rule, b.category, b.validBetMinor), 0n);
  const doneMinor = counted < requiredMinor ? counted : requiredMinor;
  return {
    requiredMinor,
    doneMinor,
    remainingMinor: requiredMinor - doneMinor,
    complete: doneMinor >= requiredMinor,
  };
}
