/**
 * The member-centre pages that exist so far (spec §2 Member centre), in the spec's order, with
 * the VIP bonus page (playerRank, the member dropdown's target) and the rebate page of the loyalty
 * issue. The modal shows these as its page selector and the header's member dropdown offers only
 * these; the others arrive with their issues.
 */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'creditReport',
  'personalProfit',
  'bonusDetails',
  'playerRank',
  'rebate',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;

export type MemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];

export const isMemberCentrePage = (value: unknown): value is MemberCentrePage =>
  (MEMBER_CENTRE_PAGES as readonly unknown[]).includes(value);
