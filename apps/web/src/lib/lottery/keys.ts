/**
 * The lottery's query keys start with these: the public ones (menu, results, prices) and the
 * member's (tickets, chases, under the member root so signing out drops them). A pushed lottery
 * event (an issue drawn, settled or cancelled) has both read again where they are on screen.
 */
export const lotteryPublicRoot = ['lottery'] as const;
export const lotteryMemberRoot = ['member', 'lottery'] as const;
