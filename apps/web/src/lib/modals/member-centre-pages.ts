/**
 * The member-centre pages that exist so far (spec §2 Member centre), in the spec's order. The
 * modal shows these as its page selector and the header's member dropdown offers only these; the
 * others arrive with their issues.
 */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'messageV2',
] as const;

export type MemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];

export const isMemberCentrePage = (value: unknown): value is MemberCentrePage =>
  (MEMBER_CENTRE_PAGES as readonly unknown[]).includes(value);
