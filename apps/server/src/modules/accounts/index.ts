/**
 * The accounts module's public face: members (registration, profile, passwords, demo accounts),
 * sessions, account security and settings, verification codes and social sign-in. Code outside
 * `modules/accounts/` imports only this file (`architecture.test.ts`); its tests may use the internals.
 */

export { type AccountsInstallDeps, installAccounts } from './install.ts';
export { memberLanguage } from './member/language.ts';
export type { Queryable } from './member/repository.ts';
export {
  accountKey,
  findByAccount,
  findByAffiliateCode,
  findById,
  insertMember,
} from './member/repository.ts';
export { seedDemoAccounts } from './member/seed.ts';
export { requestLanguage } from './member/service.ts';
export type { Accounts } from './security/accounts.ts';
export { createAccounts } from './security/accounts.ts';
export { passwordPolicyProblem } from './security/password-policy.ts';
export { accountSettings, isAgentType, isTrialType, requireRealAccount } from './security/settings.ts';
export { VIEW_SESSION_TTL_MS } from './session/handoff.ts';
