/**
 * The wallet module's public face (the ledger, balances, game-wallet and agent transfers, account
 * records): code outside `modules/wallet/` imports only this file.
 */
export type { AccountRef } from './accounts.ts';
export { HOUSE_PLAY, memberAccount, PLAY, systemAccount } from './accounts.ts';
export type { GameDirectory } from './game-directory.ts';
export { checkLedger } from './invariants.ts';
export type { LedgerTx, StatementHook, TransferRequest, TransferResult } from './ledger.ts';
export { Ledger } from './ledger.ts';
export { adjustBalance, ledgerCheck } from './ops.ts';
export { AccountRecords, type ContractRequests } from './records.ts';
export { recordRoutes } from './records-routes.ts';
export { MOVE_SQL } from './repository.ts';
export { walletRoutes } from './routes.ts';
export { WalletService } from './service.ts';
export {
  type StatementBalance,
  type StatementLine,
  type StatementMoves,
  type StatementTypeTotal,
  statementMoves,
} from './statement-repository.ts';
export { GameWalletTransfers } from './transfers.ts';
export { AgentTransfers } from './transfers-agent.ts';
export { transferSettings } from './transfers-config.ts';
export { transferRoutes } from './transfers-routes.ts';
