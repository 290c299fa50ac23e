import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import type { OpsService } from '../ops/index.ts';
import { bindingRoutes } from './member/binding-routes.ts';
import { BindingService } from './member/bindings.ts';
import { resetPasswordCommand } from './member/ops.ts';
import { type ProfileDeps, ProfileService } from './member/profile.ts';
import { profileRoutes } from './member/profile-routes.ts';
import { memberRoutes } from './member/routes.ts';
import type { Accounts } from './security/accounts.ts';
import { twoFactorRoutes } from './security/two-factor/routes.ts';
import { unlockRoutes } from './security/unlock-routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { sessionSecurityRoutes } from './session/security-routes.ts';
import { socialRoutes } from './social/routes.ts';
import { SocialService } from './social/service.ts';
import { verificationRoutes } from './verification/routes.ts';

export interface AccountsInstallDeps {
  database: Database;
  store: MerchantStore;
  clock: Clock;
  limiter: RateLimiter;
  ops: OpsService;
  /** The accounts services, built once by createAccounts (the guards need them earlier). */
  accounts: Accounts;
  /** Where avatars are kept. */
  storage: BlobStorage;
  /** The cashier's answer: was a withdrawal account bound with this payee name (locks the real name)? */
  payeeNameInUse: ProfileDeps['payeeNameInUse'];
}

/**
 * The accounts area's calls (session, unlock, member, two-factor, verification, social sign-in) and its
 * operator command (`reset-password`).
 */
export function installAccounts(app: FastifyInstance, deps: AccountsInstallDeps): void {
  const { database, store, clock, limiter, ops, accounts } = deps;
  sessionRoutes(app, store, accounts);
  sessionSecurityRoutes(app, store, accounts);
  unlockRoutes(app, store, accounts);
  memberRoutes(app, store, accounts);
  const profile = new ProfileService({
    database,
    clock,
    storage: deps.storage,
    payeeNameInUse: deps.payeeNameInUse,
  });
  profileRoutes(app, store, profile);
  twoFactorRoutes(app, store, accounts);
  verificationRoutes(app, store, accounts);
  const bindings = new BindingService({
    database,
    clock,
    limiter,
    sms: accounts.sms,
    messenger: accounts.messenger,
    events: accounts.securityEvents,
  });
  const social = new SocialService({
    database,
    clock,
    handoff: accounts.handoff,
    store,
    events: accounts.securityEvents,
    onLinked: (merchant, member, event) => bindings.tellBoundAddress(merchant, member, event),
  });
  socialRoutes(app, store, social, limiter);
  bindingRoutes(app, store, bindings, social);
  ops.extend('reset-password', resetPasswordCommand({ database, store, clock, sessions: accounts.sessions }));
}
