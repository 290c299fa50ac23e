import type {
  BindingChannel,
  Bindings,
  bindingCodeRequestSchema,
  bindingConfirmRequestSchema,
  SocialProvider,
} from '@aurum/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type MemberRow, members, socialIdentities } from '../../../db/schema.ts';
import { type Clock, HOUR_MS } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { MessageProvider } from '../../../platform/outbox.ts';
import { enforceLimit, type RateLimiter } from '../../../platform/rate-limit.ts';
import type { SecurityEvent, SecurityEvents } from '../security/security-events.ts';
import { accountSettings, requireRealAccount } from '../security/settings.ts';
import { usableProviders } from '../social/config.ts';
import { listSocialIdentities } from '../social/repository.ts';
import { dialingCodeOf } from '../verification/phone.ts';
import type { MemberCodeTarget, SmsService } from '../verification/sms.ts';
import { requireMobile } from '../verification/sms.ts';
import { checkCurrentPassword } from './password.ts';
import { maskEmail, maskMobile } from './presenter.ts';
import { findById, findByMobile } from './repository.ts';

type CodeBody = z.output<typeof bindingCodeRequestSchema>;
type ConfirmBody = z.output<typeof bindingConfirmRequestSchema>;

/** Binding confirmations per member an hour (each code also has its own five tries). */
const CONFIRMS_PER_MEMBER_HOUR = 20;
const CONFIRMS_PER_CLIENT_HOUR = 60;

export interface BindingDeps {
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  sms: SmsService;
  messenger: MessageProvider;
  events: SecurityEvents;
  env?: NodeJS.ProcessEnv;
}

/** A new address as the code store and the member row keep it. */
interface NewAddress {
  channel: BindingChannel;
  /** E.164 for a mobile, the email as typed (compared in lower case). */
  value: string;
  countryDialingCode: string | null;
}

/**
 * The member's bindings (issue 13): email and mobile are bound or changed with a code sent to
 * the NEW address and the login password; Google and Facebook sign-in are linked (SocialService
 * .startLink) and unlinked. The account name never changes; SMS sign-in finds the member by the
 * bound mobile, so it follows a change at once. Each change is recorded, told to the OLD address
 * (if there was one) and to the member's messages.
 */
export class BindingService {
  constructor(private readonly deps: BindingDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  async view(merchant: MerchantState, member: MemberRow): Promise<Bindings> {
    const linked = new Set((await listSocialIdentities(this.db, member.id)).map((r) => r.provider));
    const offered = usableProviders(accountSettings(merchant).social, this.deps.env ?? process.env);
    // A provider linked before the merchant turned it off still shows, so it can be unlinked.
    const providers = [...new Set([...offered, ...linked])];
    return {
      email: maskEmail(member.email),
      mobile: maskMobile(member.mobile),
      social: providers.map((provider) => ({ provider, linked: linked.has(provider) })),
      hasPassword: member.passwordHash !== null,
    };
  }

  /** A code to the new address; refused for the address already bound or another member's. */
  async sendCode(merchant: MerchantState, member: MemberRow, body: CodeBody, ip: string, language: string) {
    requireRealAccount(merchant, member);
    if (!member.passwordHash) throw new AppError('binding.password.required');
    const address = newAddress(body);
    await this.assertFree(merchant, member, address);
    const destination = await this.deps.sms.sendMemberCode(merchant, member, target(address), ip, language);
    return { destination, expiredMinutes: accountSettings(merchant).smsValidityMinutes };
  }

  /** The code of the new address and the login password bind it. */
  async confirm(
    merchant: MerchantState,
    member: MemberRow,
    body: ConfirmBody,
    ip: string,
  ): Promise<Bindings> {
    requireRealAccount(merchant, member);
    if (!member.passwordHash) throw new AppError('binding.password.required');
    const { limiter } = this.deps;
    await enforceLimit(limiter, `bind:ip:${ip}`, CONFIRMS_PER_CLIENT_HOUR, HOUR_MS);
    await enforceLimit(limiter, `bind:member:${member.id}`, CONFIRMS_PER_MEMBER_HOUR, HOUR_MS);
    const address = newAddress(body);
    await checkCurrentPassword(limiter, member, body.password);
    await this.assertFree(merchant, member, address);
    await this.deps.sms.checkMemberCode(merchant.code, member, target(address), body.code);

    const old = address.channel === 'email' ? member.email : member.mobile;
    const shown = (address.channel === 'email' ? maskEmail(address.value) : maskMobile(address.value)) ?? '';
    const event: SecurityEvent = {
      kind: address.channel === 'email' ? 'binding.email' : 'binding.mobile',
      ip,
      at: new Date(this.deps.clock.now()),
      detail: { address: shown, change: old ? 'changed' : 'bound' },
    };
    const set =
      address.channel === 'email'
        ? { email: address.value }
        : { mobile: address.value, countryDialingCode: address.countryDialingCode };
    try {
      await this.db.transaction(async (tx) => {
        await tx.update(members).set(set).where(eq(members.id, member.id));
        await this.deps.events.record(tx, member, event);
      });
    } catch (e) {
      // Another member bound the same mobile in between (the unique index).
      if (isUniqueViolation(e)) throw new AppError('binding.taken');
      throw e;
    }
    await this.deps.events.announce(merchant, member, event);
    if (old) await this.tellOldAddress(merchant, member, address.channel, old, shown);
    const updated = (await findById(this.db, merchant.code, member.id)) ?? member;
    return this.view(merchant, updated);
  }

  /** Unlinks a provider: only while the member has a login password to sign in with. */
  async unlink(
    merchant: MerchantState,
    member: MemberRow,
    provider: SocialProvider,
    password: string,
    ip: string,
  ): Promise<Bindings> {
    requireRealAccount(merchant, member);
    if (!member.passwordHash) throw new AppError('social.unlink.password.required');
    await checkCurrentPassword(this.deps.limiter, member, password);
    const event: SecurityEvent = {
      kind: 'binding.social_unlinked',
      ip,
      at: new Date(this.deps.clock.now()),
      detail: { provider },
    };
    const removed = await this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(socialIdentities)
        .where(and(eq(socialIdentities.memberId, member.id), eq(socialIdentities.provider, provider)))
        .returning({ id: socialIdentities.id });
      if (rows.length === 0) return false;
      await this.deps.events.record(tx, member, event);
      return true;
    });
    if (!removed) throw new AppError('social.not.linked');
    await this.deps.events.announce(merchant, member, event);
    await this.tellBoundAddress(merchant, member, event);
    return this.view(merchant, member);
  }

  /** Refuses the address already bound, and one another member of the merchant has. */
  private async assertFree(merchant: MerchantState, member: MemberRow, address: NewAddress) {
    if (address.channel === 'mobile') {
      if (member.mobile === address.value) throw new AppError('binding.same');
      const other = await findByMobile(this.db, merchant.code, address.value);
      if (other && other.id !== member.id) throw new AppError('binding.taken');
      return;
    }
    if (member.email?.toLowerCase() === address.value.toLowerCase()) throw new AppError('binding.same');
    const [other] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.merchantCode, merchant.code),
          sql`lower(${members.email}) = ${address.value.toLowerCase()}`,
          ne(members.id, member.id),
        ),
      )
      .limit(1);
    if (other) throw new AppError('binding.taken');
  }

  /** The old address learns of the change, so a hijacked account's owner hears of it. */
  private async tellOldAddress(
    merchant: MerchantState,
    member: MemberRow,
    channel: BindingChannel,
    old: string,
    shown: string,
  ) {
    const cn = member.language === 'CN';
    const brand = merchant.config.brand.name;
    const what = cn
      ? channel === 'email'
        ? '邮箱'
        : '手机号'
      : channel === 'email'
        ? 'email address'
        : 'mobile number';
    const body = cn
      ? `您${brand}账户（${member.account}）的${what}已更换为 ${shown}。如非本人操作，请立即联系客服。`
      : `The ${what} of your ${brand} account (${member.account}) was changed to ${shown}. If this was not you, contact customer service at once.`;
    await this.send(merchant, channel === 'email' ? 'email' : 'sms', old, body);
  }

  /** A social link change told to the bound email (else mobile). */
  async tellBoundAddress(merchant: MerchantState, member: MemberRow, event: SecurityEvent) {
    const to = member.email ? ('email' as const) : member.mobile ? ('sms' as const) : null;
    if (!to) return;
    const cn = member.language === 'CN';
    const brand = merchant.config.brand.name;
    const provider = event.detail?.provider === 'facebook' ? 'Facebook' : 'Google';
    const linked = event.kind === 'binding.social_linked';
    const body = cn
      ? `您${brand}账户（${member.account}）${linked ? '已关联' : '已解除'} ${provider} 登录。如非本人操作，请立即联系客服。`
      : `${provider} sign-in was ${linked ? 'linked to' : 'unlinked from'} your ${brand} account (${member.account}). If this was not you, contact customer service at once.`;
    await this.send(merchant, to, (to === 'email' ? member.email : member.mobile)!, body);
  }

  /** A notice that cannot be sent does not undo the change (it is in the messages too). */
  private async send(merchant: MerchantState, channel: 'email' | 'sms', recipient: string, body: string) {
    try {
      await this.deps.messenger.send({
        merchantCode: merchant.code,
        channel,
        recipient,
        subject: channel === 'email' ? `${merchant.config.brand.name} account security` : undefined,
        body,
      });
    } catch {
      // Recorded and in the member's messages already.
    }
  }
}

function newAddress(body: CodeBody): NewAddress {
  if (body.channel === 'email') {
    return { channel: 'email', value: body.email!, countryDialingCode: null };
  }
  const e164 = requireMobile(body.mobileNum, body.countryDialingCode);
  return { channel: 'mobile', value: e164, countryDialingCode: dialingCodeOf(e164) };
}

const target = (a: NewAddress): MemberCodeTarget => ({
  channel: a.channel === 'email' ? 'email' : 'sms',
  recipient: a.value,
  purpose: 'bind',
});

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: unknown; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (c.code === '23505') return true;
  }
  return false;
};
