/**
 * The API contract's runtime values for the browser. The package index would also evaluate every
 * zod schema, so values come from the contract's schema-free modules and from `virtual:contract`
 * (extracted at build time); types keep coming from '@aurum/contract'. Import contract values
 * from here, never from the package.
 */
export {
  ACCOUNT_TYPE,
  BANNER_GROUPS,
  GAME_CLASSIFY,
  GAME_TYPES,
  routeTable,
  SYSTEM_STATUS,
  TX_TYPE,
} from 'virtual:contract';
export {
  AFFILIATE_CHANNELS,
  AFFILIATE_REASON_MAX,
  AFFILIATE_REASON_MIN,
  AFFILIATE_TEAM_MAX,
} from '../../../../packages/contract/src/affiliate-options.ts';
export { isErrorCode, sessionEndingCodes } from '../../../../packages/contract/src/errors.ts';
export { enabledFeatures, isFeatureOn } from '../../../../packages/contract/src/features.ts';
export {
  DEVICE_WEB,
  GATEWAY_VERSION,
  HEADER,
  isLanguage,
  LANGUAGES,
} from '../../../../packages/contract/src/headers.ts';
export { KYC_ID_TYPES, KYC_IMAGE_MAX_BYTES } from '../../../../packages/contract/src/kyc-options.ts';
export { formatMoney, minorToDecimal, parseMoney } from '../../../../packages/contract/src/money.ts';
export {
  REALTIME_CLOSE,
  REALTIME_FINAL_CLOSES,
  REALTIME_PATH,
} from '../../../../packages/contract/src/realtime.ts';
export { REPORT_PRESETS } from '../../../../packages/contract/src/report-presets.ts';
export {
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
} from '../../../../packages/contract/src/two-factor-codes.ts';
