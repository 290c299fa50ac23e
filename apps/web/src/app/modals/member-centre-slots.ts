import { type ComponentType, lazy } from 'react';
import type { MemberCentreSlots } from '../../features/accounts/member/member-centre-modal';
import { loadChunk } from '../../lib/chunks/chunk-load';

/** Each page another feature builds for the member centre is its own lazily loaded chunk. */
function page<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadChunk(load));
}

/** The member centre's pages from the wallet, cashier, games (betting records), support and loyalty. */
export const memberCentreSlots: MemberCentreSlots = {
  transferFund: page(() => import('../../features/wallet/my-wallet-page')),
  transferUpline: page(() => import('../../features/wallet/transfer-upline-page')),
  transactionHistory: page(() => import('../../features/wallet/transaction-history-page')),
  creditReport: page(() => import('../../features/wallet/credit-report-page')),
  personalHistoryCopy: page(() => import('../../features/games/bets/bets-page')),
  depositv2: page(() => import('../../features/cashier/deposit-page')),
  withdraw: page(() => import('../../features/cashier/withdraw-page')),
  cashierSecurity: page(() => import('../../features/cashier/security-cashier')),
  messageV2: page(() => import('../../features/support/messages-page')),
  playerRank: page(() => import('../../features/loyalty/player-rank-page')),
  rebate: page(() => import('../../features/loyalty/rebate-page')),
  personalProfit: page(() => import('../../features/loyalty/personal-profit-page')),
  bonusDetails: page(() => import('../../features/loyalty/bonus-details-page')),
  missionLeaderboard: page(() => import('../../features/loyalty/missions-page')),
  rewardCenter: page(() => import('../../features/loyalty/reward-center-page')),
  referral: page(() => import('../../features/loyalty/referral-page')),
};
