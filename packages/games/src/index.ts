/**
 * @aurum/games: the in-house games' maths, pure and synchronous, for the game server and for
 * the browser (the provably-fair verifier recomputes rounds with it). Node-only randomness
 * lives in `@aurum/games/node`.
 */
export {
  BACCARAT_BETS,
  BACCARAT_DECKS,
  BACCARAT_HOUSE_EDGE_PERCENT,
  BACCARAT_PAYS,
  BACCARAT_SHOE_SIZE,
  type BaccaratBet,
  type BaccaratOutcome,
  type BaccaratPayouts,
  type BaccaratRound,
  type BaccaratStakes,
  bankerDraws,
  type Card,
  cardValue,
  dealRound,
  handTotal,
  outcomeOf,
  playerDraws,
  settle,
  shoeCard,
} from './baccarat.ts';
export { type BaccaratOdds, baccaratOdds } from './baccarat-maths.ts';
export * from './contracts/index.ts';
export {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  DICE_OUTCOMES,
  type DiceBet,
  type DiceDirection,
  type DiceRound,
  diceChance,
  diceMultiplier,
  diceRound,
  diceRtp,
  MULTIPLIER_SCALE,
} from './dice.ts';
export {
  CLIENT_SEED_PATTERN,
  fairBlock,
  fairWords,
  isClientSeed,
  SERVER_SEED_PATTERN,
  seededWords,
  serverSeedHash,
} from './fair.ts';
export * from './lottery/index.ts';
export * from './loyalty/index.ts';
export {
  PLINKO_RISKS,
  PLINKO_ROWS,
  PLINKO_TABLES,
  type PlinkoBet,
  type PlinkoRisk,
  type PlinkoRound,
  type PlinkoRows,
  plinkoRound,
  plinkoRtp,
} from './plinko.ts';
export { type Ratio, toNumber, toPercent } from './ratio.ts';
export { hmacSha256, sha256, toHex, utf8Bytes } from './sha256.ts';
export {
  drawStops,
  evaluateWindow,
  lineWin,
  playRound,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS_AWARD,
  SLOT_LINE_PAYS,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_REELS,
  SLOT_ROWS,
  SLOT_SCATTER_PAYS,
  SLOT_STRIPS,
  SLOT_SYMBOLS,
  type SlotLineWin,
  type SlotPayingSymbol,
  type SlotPosition,
  type SlotRound,
  type SlotScatterWin,
  type SlotSpin,
  type SlotSymbol,
  spin,
  windowAt,
} from './slot.ts';
export {
  type SlotEnumeration,
  type SlotReturn,
  slotCapBound,
  slotEnumeration,
  slotReturn,
} from './slot-maths.ts';
export {
  chiSquare,
  chiSquareCritical99,
  runsTest,
  serialCorrelation,
  type TestResult,
  Z_99,
  Z_995,
} from './stats.ts';
export { uniformInt, type WordSource } from './uniform.ts';
