import { type MemberRow, memberSecurityEvents } from '../../../db/schema.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { Queryable } from '../member/repository.ts';

/** Changes of a member's account security that are recorded and told to the member. */
export type SecurityEventKind =
  | 'two_factor.bound'
  | 'two_factor.unbound'
  | 'two_factor.recovery_used'
  | 'two_factor.recovery_regenerated'
  | 'sign_in.new_device'
  | 'sign_in.disowned'
  | 'binding.email'
  | 'binding.mobile'
  | 'binding.social_linked'
  | 'binding.social_unlinked';

export interface SecurityEvent {
  kind: SecurityEventKind;
  ip: string | null;
  at: Date;
  /** Facts of the event (never a secret), e.g. `{ recoveryCodesLeft: 7 }`. */
  detail?: Record<string, string | number>;
}

/** The member's message about an event, in the member's language. */
export interface SecurityNotice {
  merchantCode: string;
  memberId: number;
  title: string;
  text: string;
}

export type SecurityNoticeListener = (notice: SecurityNotice) => Promise<unknown>;

/**
 * The member's own audit trail of security changes (member_security_events), written in the
 * transaction of the change, and a notice for the member's messages once it has committed. The
 * accounts area does not know the messages: the support area listens (installSupport).
 */
export class SecurityEvents {
  private readonly listeners: SecurityNoticeListener[] = [];

  whenRecorded(listener: SecurityNoticeListener): void {
    this.listeners.push(listener);
  }

  async record(db: Queryable, member: MemberRow, event: SecurityEvent): Promise<void> {
    await db.insert(memberSecurityEvents).values({
      merchantCode: member.merchantCode,
      memberId: member.id,
      kind: event.kind,
      ip: event.ip,
      detail: event.detail ?? {},
      createdAt: event.at,
    });
  }

  /**
   * Tells the listeners, after the change has committed. A notice that cannot be delivered does
   * not undo the change: the event is recorded either way, and the listener logs its own failure.
   */
  async announce(merchant: MerchantState, member: MemberRow, event: SecurityEvent): Promise<void> {
    const { title, text } = noticeText(event, member.language, merchant.config.brand.name);
    const notice = { merchantCode: member.merchantCode, memberId: member.id, title, text };
    await Promise.all(this.listeners.map((l) => l(notice).catch(() => undefined)));
  }
}

const CHECK_EN = 'If this was not you, change your password and contact customer service at once.';
const CHECK_CN = '如非本人操作，请立即修改密码并联系客服。';

/** Server-side texts, as the SMS texts are: Chinese for CN members, English for the others. */
function noticeText(event: SecurityEvent, language: string, brand: string) {
  const cn = language === 'CN';
  const left = event.detail?.recoveryCodesLeft ?? 0;
  const d = event.detail ?? {};
  const device = [d.browser, d.os].filter(Boolean).join(cn ? ' / ' : ' on ');
  const place = d.place ? String(d.place) : cn ? '未知地区' : 'an unknown place';
  switch (event.kind) {
    case 'two_factor.bound':
      return cn
        ? {
            title: '已开启两步验证',
            text: `您的${brand}账户已绑定身份验证器应用，此后登录需要输入其验证码。${CHECK_CN}`,
          }
        : {
            title: 'Two-factor sign-in is on',
            text: `An authenticator app was bound to your ${brand} account: signing in now asks for its code. ${CHECK_EN}`,
          };
    case 'two_factor.unbound':
      return cn
        ? {
            title: '已关闭两步验证',
            text: `您的${brand}账户已解绑身份验证器应用，登录不再需要其验证码。${CHECK_CN}`,
          }
        : {
            title: 'Two-factor sign-in is off',
            text: `The authenticator app was unbound from your ${brand} account: signing in no longer asks for its code. ${CHECK_EN}`,
          };
    case 'two_factor.recovery_used':
      return cn
        ? {
            title: '恢复码已被使用',
            text: `您${brand}账户的一个恢复码刚被使用，剩余 ${left} 个。${CHECK_CN}`,
          }
        : {
            title: 'A recovery code was used',
            text: `A recovery code of your ${brand} account was just used; ${left} are left. ${CHECK_EN}`,
          };
    case 'sign_in.new_device':
      return cn
        ? {
            title: '新设备登录',
            text: `您的${brand}账户刚从一台新设备登录（${device || '未知设备'}，${place}，IP ${d.ip ?? ''}）。${CHECK_CN}`,
          }
        : {
            title: 'Sign-in from a new device',
            text: `Your ${brand} account was just signed in from a new device (${device || 'an unknown device'}, ${place}, address ${d.ip ?? ''}). ${CHECK_EN}`,
          };
    case 'sign_in.disowned':
      return cn
        ? {
            title: '已退出所有设备',
            text: `您报告了一次非本人登录，您${brand}账户的所有会话均已退出。下次使用密码登录时需要设置新密码。如有疑问请联系客服。`,
          }
        : {
            title: 'Signed out everywhere',
            text: `You reported a sign-in that was not you: every session of your ${brand} account was signed out. Your next sign-in with your password asks you to set a new one. Contact customer service if you need help.`,
          };
    case 'binding.email':
    case 'binding.mobile': {
      const email = event.kind === 'binding.email';
      const what = cn ? (email ? '邮箱' : '手机号') : email ? 'email address' : 'mobile number';
      return cn
        ? {
            title: email ? '邮箱已绑定' : '手机号已绑定',
            text: `您的${brand}账户已绑定新的${what}（${d.address ?? ''}）。${CHECK_CN}`,
          }
        : {
            title: email ? 'Email address bound' : 'Mobile number bound',
            text: `A new ${what} (${d.address ?? ''}) was bound to your ${brand} account. ${CHECK_EN}`,
          };
    }
    case 'binding.social_linked':
    case 'binding.social_unlinked': {
      const linked = event.kind === 'binding.social_linked';
      const provider = d.provider === 'facebook' ? 'Facebook' : 'Google';
      return cn
        ? {
            title: linked ? `已关联 ${provider} 登录` : `已解除 ${provider} 登录`,
            text: linked
              ? `您的${brand}账户现在可以使用 ${provider} 登录。${CHECK_CN}`
              : `您的${brand}账户已不能再使用 ${provider} 登录。${CHECK_CN}`,
          }
        : {
            title: linked ? `${provider} sign-in linked` : `${provider} sign-in unlinked`,
            text: linked
              ? `Your ${brand} account can now be signed in to with ${provider}. ${CHECK_EN}`
              : `Your ${brand} account can no longer be signed in to with ${provider}. ${CHECK_EN}`,
          };
    }
    case 'two_factor.recovery_regenerated':
      return cn
        ? {
            title: '已生成新的恢复码',
            text: `您的${brand}账户已生成新的恢复码，旧的恢复码已失效。${CHECK_CN}`,
          }
        : {
            title: 'New recovery codes',
            text: `New recovery codes were made for your ${brand} account; the old ones no longer work. ${CHECK_EN}`,
          };
  }
}
