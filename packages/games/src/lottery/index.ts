/**
 * The lottery rules engine: families and layouts, provable issue draws, bet types, pricing and
 * exact settlement, the configuration's checks and the expected-return proofs. Pure and
 * browser-safe, like the rest of @aurum/games.
 */
export {
  BET_TYPES,
  type BetType,
  betType,
  betTypesOf,
  type Evaluation,
  type LotterySelection,
  type Pricing,
  type PushRule,
  type PushRules,
  type StakeKind,
} from './bet-types.ts';
export {
  type Cadence,
  formatExactMinor,
  formatMinor,
  type LotteryConfig,
  LotteryConfigError,
  type LotteryGame,
  type LotteryLimits,
  lotteryGame,
  type OddsBoard,
  PRIZE_MODES,
  type PrizeMode,
  type PrizeModeConfig,
  parseDecimal,
  parseLotteryConfig,
  toMinor,
} from './config.ts';
export {
  type DrawGame,
  drawIssue,
  drawOfIssue,
  ISSUE_ID_PATTERN,
  issueWords,
  lotteryDrawId,
} from './draw.ts';
export {
  BALL_FAMILIES,
  drawProblem,
  LHC_WAVES,
  type LhcWave,
  LOTTERY_FAMILIES,
  type LotteryDraw,
  type LotteryFamily,
  lhcWave,
  lhcZodiac,
  lhcZodiacNumbers,
  lunarYearAnimal,
  type PrizeTier,
  SEA4D_TIERS,
  tiersOf,
  VN_LAYOUTS,
  VN_TIERS,
  type VnLayout,
  ZODIAC,
  type Zodiac,
} from './layouts.ts';
export {
  type BetTypeReturn,
  type BetTypeSummary,
  betTypeSummaries,
  lotteryMaxMultiples,
  lotteryReturns,
} from './returns.ts';
export {
  type LotteryBet,
  LotteryBetError,
  type LotteryOutcome,
  type LotteryQuote,
  type LotterySettlement,
  type PlacedPrice,
  placedPriceOf,
  placedPriceText,
  quoteBet,
  settleBet,
} from './settle.ts';
export { runLotteryDrawVector, runLotterySettleVector, type VectorVerdict } from './vectors.ts';
