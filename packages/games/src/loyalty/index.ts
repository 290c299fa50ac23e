/**
 * The loyalty rules engine (issue 16): rebates, VIP ranks, wagering requirements, the points mall
 * and the rescue fund, as pure functions over bigint minor units; the server's loyalty module
 * stores and pays what they compute. Their worked examples are `vectors/loyalty/*.json`.
 */

export {
  claimMission,
  MISSION_METRICS,
  type MilestoneStatus,
  type MissionInput,
  type MissionMetric,
  type MissionRules,
  type MissionState,
  type MissionStatus,
  metricDecimals,
  metricText,
  missionState,
  parseMissionRules,
  profitMultiple,
  runMissionVector,
} from './missions.ts';
export {
  cashToPoints,
  earnPoints,
  type MallItem,
  type Redemption,
  redeemItem,
  rejectRedemption,
} from './points.ts';
export {
  accrueRebate,
  addRebate,
  claimRebate,
  NO_REBATE,
  REBATE_DECIMALS,
  type RebateBalance,
  rebateTotal,
} from './rebate.ts';
export { parseRescueTiers, type RescueTier, rescueFund } from './rescue.ts';
export { LoyaltyRuleError, percentOf } from './rules.ts';
export {
  runPointsVector,
  runRebateVector,
  runRescueVector,
  runVipVector,
  runWageringVector,
} from './vectors.ts';
export {
  keepVip,
  meetsConditions,
  parseVipRules,
  qualifyingLevel,
  upgradeVip,
  VIP_CONDITIONS,
  type VipCondition,
  type VipConditions,
  type VipLevel,
  type VipMode,
  type VipProgress,
  type VipRules,
  type VipStats,
  type VipUpgrade,
  vipProgress,
} from './vip.ts';
export {
  requiredTurnover,
  turnoverContribution,
  type WageringProgress,
  type WageringRule,
  wageringProgress,
} from './wagering.ts';
