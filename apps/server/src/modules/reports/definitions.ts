import { TX_TYPE } from '@aurum/contract';

/**
 * What each report figure is made of, by ledger transfer type (TX_TYPE): the one table the
 * reports read, so a later area that moves money of a new type adds its row here (and in
 * docs/operators.md, "Report definitions").
 *
 * - stake: a bet, paid by the member to the house (HOUSE:<vendor>): the seamless wallet's
 *   debit and settle (in-house games, the lottery and external vendors alike).
 * - payout: a win, paid by the house to the member: the seamless wallet's credit and settle.
 * - deduction: what NGR takes off GGR: bonuses (promotions, BONUS to the member), rebates
 *   (the lottery's prize-group rebate), agent salaries and dividends. Payment fees have no
 *   transfer type yet (no gateway charges one); they join this list when one does.
 * - deposit / withdrawal: the cashier's credit of a paid deposit (CLEARING to MAIN) and the
 *   payout of a withdrawal (HOLD to CLEARING; a returned margin, CLEARING to MAIN, counts back).
 *
 * A transfer that was reversed (a vendor's rollback of a bet: a void or refunded stake, or any
 * other reversal) counts nowhere. Play money (PLAY and HOUSE:PLAY) and transfers between two
 * members never count. The figure's sign follows the member: a stake or withdrawal counts when
 * the member pays, a payout, deduction or deposit when the member receives, and the opposite
 * direction counts negative.
 */
export type LineRole = 'stake' | 'payout' | 'deduction' | 'deposit' | 'withdrawal';

/** The deductions of NGR by name (the report's columns). */
export const DEDUCTIONS = ['bonuses', 'rebates', 'salaries', 'dividends', 'paymentFees'] as const;
export type Deduction = (typeof DEDUCTIONS)[number];

export interface LineDefinition {
  kind: number;
  role: LineRole;
  /** For a deduction: its column. */
  deduction?: Deduction;
}

export const REPORT_LINES: readonly LineDefinition[] = [
  { kind: TX_TYPE.bet, role: 'stake' },
  { kind: TX_TYPE.win, role: 'payout' },
  { kind: TX_TYPE.bonus, role: 'deduction', deduction: 'bonuses' },
  { kind: TX_TYPE.rebate, role: 'deduction', deduction: 'rebates' },
  { kind: TX_TYPE.salary, role: 'deduction', deduction: 'salaries' },
  { kind: TX_TYPE.dividend, role: 'deduction', deduction: 'dividends' },
  { kind: TX_TYPE.deposit, role: 'deposit' },
  { kind: TX_TYPE.withdrawal, role: 'withdrawal' },
];

const BY_KIND = new Map(REPORT_LINES.map((l) => [l.kind, l]));
export const lineOf = (kind: number): LineDefinition | undefined => BY_KIND.get(kind);

/** Whether the member paying counts positive (stake, withdrawal) or receiving does. */
export const countsWhenMemberPays = (role: LineRole) => role === 'stake' || role === 'withdrawal';

/** The kinds of the given roles, as SQL-safe integers. */
export const kindsOf = (...roles: LineRole[]) =>
  REPORT_LINES.filter((l) => roles.includes(l.role)).map((l) => l.kind);
