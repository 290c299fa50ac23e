/**
 * The agent contracts' rules engine (issue 15): tiers and their checks, dividends with fees,
 * exclusions and carry, daily / hourly / real-time salaries, the differential down the agent
 * tree and the payments of a settlement run, prize-group rebates and red-envelope splits. Pure;
 * the server's agents module stores bills and pays them through the ledger. Worked examples:
 * `vectors/contracts/*.json`.
 */
export {
  type CarryMode,
  type ContractNode,
  changePrizeGroup,
  type Dividend,
  type DividendPeriod,
  type DividendTerms,
  dividend,
  equalSplit,
  HOUSE,
  type Payment,
  payAll,
  prizeGroupRebate,
  randomSplit,
  realtimeSalary,
  type SalaryTerms,
  salary,
  settleTree,
} from './settle.ts';
export {
  ContractRuleError,
  checkAgainstUpline,
  type Figures,
  matchTier,
  parseTiers,
  TIER_FIGURES,
  type Tier,
  type TierFigure,
  tierPays,
} from './tiers.ts';
export { runEnvelopeVector, runPeriodsVector, runPrizeGroupVector, runTeamVector } from './vectors.ts';
