import type { MemberRow } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { SmsService } from '../verification/sms.ts';
import { accountSettings, requireRealAccount } from './settings.ts';
import type { TwoFactorService } from './two-factor/service.ts';

/**
 * Who may reset a forgotten payment password (the cashier keeps the password): the holder of the
 * member's second factor, or of the bound mobile (a code sent to it).
 */
export class PaymentResetProof {
  constructor(
    private readonly sms: SmsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async sendCode(merchant: MerchantState, member: MemberRow, ip: string, language: string) {
    requireRealAccount(merchant, member);
    if (!member.mobile) throw new AppError('validation.failed', undefined, { mobileNum: 'input_required' });
    const to = { channel: 'sms' as const, recipient: member.mobile, purpose: 'paypw-reset' as const };
    const destination = await this.sms.sendMemberCode(merchant, member, to, ip, language);
    return { destination, expiredMinutes: accountSettings(merchant).smsValidityMinutes };
  }

  async prove(
    merchant: MerchantState,
    member: MemberRow,
    proof: { twoFactorCode?: string | undefined; smsCode?: string | undefined },
    ip: string,
  ): Promise<void> {
    requireRealAccount(merchant, member);
    if (proof.twoFactorCode) {
      await this.twoFactor.prove(merchant, member, proof.twoFactorCode, ip);
      return;
    }
    if (!member.mobile || !proof.smsCode) throw new AppError('sms.code.invalid');
    const to = { channel: 'sms' as const, recipient: member.mobile, purpose: 'paypw-reset' as const };
    await this.sms.checkMemberCode(merchant.code, member, to, proof.smsCode);
  }
}
