import type { MemberRow } from '../../../db/schema.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../../platform/clock.ts';
import { randomToken } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { MessageProvider } from '../../../platform/outbox.ts';
import { enforceLimit, type RateLimiter } from '../../../platform/rate-limit.ts';
import { memberLanguage } from '../member/language.ts';
import { findByAccount } from '../member/repository.ts';
import type { CodeStore, CodeTarget } from '../verification/codes.ts';
import type { LoginGuard } from './login-guard.ts';

/** An unlock link works once, for this long. */
export const UNLOCK_LINK_MS = 30 * MINUTE_MS;
/** Links sent per account name per hour; more requests get the same reply and send nothing. */
const LINKS_PER_NAME_HOUR = 3;
/** Unlock requests per client per hour (any names). */
const REQUESTS_PER_CLIENT_HOUR = 10;

export interface LoginUnlockDeps {
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  messenger: MessageProvider;
  codes: CodeStore;
  guard: LoginGuard;
  /** PUBLIC_URL: the links' origin; without it, https:// and the merchant's main domain. */
  publicUrl?: string | undefined;
}

const SENT = { sent: true as const };

/** Where a member's unlock link goes: the bound mobile (SMS), else the email; null: nowhere. */
function unlockTarget(merchantCode: string, member: MemberRow): CodeTarget | null {
  const channel = member.mobile ? 'sms' : member.email ? 'email' : null;
  if (!channel) return null;
  const recipient = (channel === 'sms' ? member.mobile : member.email)!;
  return { merchantCode, channel, purpose: 'unlock', recipient, memberId: member.id };
}

function unlockText(brand: string, link: string, language: string): string {
  return language === 'CN'
    ? `您的${brand}账户因多次登录失败已被锁定。打开此链接即可解锁（30分钟内有效，仅可使用一次）：${link}`
    : `Your ${brand} account was locked after failed sign-ins. Open this link to unlock it (works once, for 30 minutes): ${link}`;
}

/**
 * Unlock links for account names locked by failed sign-ins (spec: the lock must not keep the
 * member out). A request always gets the same reply, whether or not the account exists or is
 * locked; a link is only sent for a locked, active account with a mobile or email. The token
 * (256 random bits) is kept hashed in the one-time code store, bound to the member and to where
 * it was sent; redeeming it clears the account name's failures.
 */
export class LoginUnlock {
  constructor(private readonly deps: LoginUnlockDeps) {}

  async request(merchant: MerchantState, username: string, ip: string, language: string) {
    const { limiter, guard, database } = this.deps;
    await enforceLimit(limiter, `unlock:ip:${ip}`, REQUESTS_PER_CLIENT_HOUR, HOUR_MS);
    const name = username.trim().toLowerCase();
    const perName = await limiter.hit(`unlock:name:${merchant.code}:${name}`, LINKS_PER_NAME_HOUR, HOUR_MS);
    if (!perName.allowed) return SENT;
    const state = await guard.state(merchant.code, name, '', Number.MAX_SAFE_INTEGER);
    if (state.accountLockedForMs <= 0) return SENT;
    const member = await findByAccount(database.db, merchant.code, name);
    const target = member?.status === 'active' ? unlockTarget(merchant.code, member) : null;
    if (!member || !target) return SENT;
    const token = randomToken();
    await this.deps.codes.issue(target, token, UNLOCK_LINK_MS);
    const origin = this.deps.publicUrl ?? `https://${merchant.config.mainDomain}`;
    const link = `${origin}/unlock?${new URLSearchParams({ account: member.account, token })}`;
    const brand = merchant.config.brand.name;
    try {
      await this.deps.messenger.send({
        merchantCode: merchant.code,
        channel: target.channel,
        recipient: target.recipient,
        subject:
          target.channel === 'email'
            ? memberLanguage(merchant, member, language) === 'CN'
              ? `解锁您的${brand}账户`
              : `Unlock your ${brand} account`
            : undefined,
        body: unlockText(brand, link, memberLanguage(merchant, member, language)),
      });
    } catch {
      // The reply must not tell whether there was anyone to send to.
    }
    return SENT;
  }

  async redeem(merchant: MerchantState, username: string, token: string) {
    const member = await findByAccount(this.deps.database.db, merchant.code, username);
    const target = member ? unlockTarget(merchant.code, member) : null;
    if (!member || !target) throw new AppError('login.unlock.invalid');
    if ((await this.deps.codes.consume(target, token)) !== 'ok') throw new AppError('login.unlock.invalid');
    await this.deps.guard.unlock(merchant.code, member.account);
    return { unlocked: true as const };
  }
}
