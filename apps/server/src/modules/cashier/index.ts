/**
 * The cashier module's public face (deposits, withdrawals, bound accounts and the payment
 * password): code outside `modules/cashier/` imports only this file.
 */

export { livePayeeNames, payeeNameInUse } from './bound-accounts-repository.ts';
export { creditOrder } from './deposit-credit.ts';
export { installDeposits } from './deposit-module.ts';
export { PAYMENT_PASSWORD_LOCK_FAILURES, PaymentPasswords } from './payment-password.ts';
export type { WebhookTransport } from './sandbox-gateway.ts';
export { withdrawalAmountMinor } from './withdraw-repository.ts';
export { withdrawRoutes } from './withdraw-routes.ts';
