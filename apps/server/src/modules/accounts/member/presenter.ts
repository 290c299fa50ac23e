import type { MemberInfo } from '@aurum/contract';
import type { MemberRow } from '../../../db/schema.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { isAgentType, isTrialType } from '../security/settings.ts';
import type { VipStanding } from './vip-standing.ts';

/** +639171234567 → +63917****567: enough to recognise, not enough to call. */
export function maskMobile(e164: string | null): string | null {
  if (!e164) return null;
  const [head, tail] = e164.length >= 10 ? [6, 3] : [3, 2];
  return e164.slice(0, head) + '*'.repeat(Math.max(e164.length - head - tail, 1)) + e164.slice(-tail);
}

/** demo@aurum.example → de***@aurum.example. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${email.slice(at)}`;
}

/** The member's own info (GET /wps/member/info); contact details are masked. */
export function memberInfo(merchant: MerchantState, m: MemberRow, vip: VipStanding): MemberInfo {
  return {
    id: m.id,
    account: m.account,
    userName: m.userName,
    nickname: m.nickname,
    type: m.type,
    mobile: maskMobile(m.mobile),
    regDate: m.createdAt.getTime(),
    email: maskEmail(m.email),
    language: m.language,
    isAgent: isAgentType(merchant, m.type),
    isTrial: isTrialType(merchant, m.type),
    pwdEnabled: m.paymentPasswordHash !== null,
    hasPassword: m.passwordHash !== null,
    hasFreePlay: merchant.features.has('FREEPLAY3'),
    showVerCodeLogin: merchant.features.has('MOBILEVERCODELOGIN3'),
    clubLabel: vip.level > 0 ? { labelName: vip.name } : null,
    hasVip: vip.level > 0,
    vipLabelName: vip.level > 0 ? vip.name : null,
    vipRankLevel: vip.level,
  };
}
