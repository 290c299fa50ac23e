import {
  type downlineSchema,
  type downlinesQuerySchema,
  type downlineTransferRequestSchema,
  minorToDecimal,
  TX_TYPE,
  type uplineInfoSchema,
  type uplineTransferRequestSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { isAgentType, isTrialType, requireRealAccount } from '../accounts/index.ts';
import { memberAccount } from './accounts.ts';
import type { Ledger } from './ledger.ts';
import {
  memberActor,
  memberKey,
  type PaymentPasswordGuard,
  receiptOf,
  type TransferReceipt,
} from './transfers-common.ts';
import { checkTransferLimits, transferSettings } from './transfers-config.ts';
import {
  type Counterparty,
  findDirectDownline,
  findUpline,
  listDirectDownlines,
} from './transfers-repository.ts';

type UplineInfo = z.input<typeof uplineInfoSchema>;
type UplineBody = z.output<typeof uplineTransferRequestSchema>;
type DownlineBody = z.output<typeof downlineTransferRequestSchema>;
type DownlinesQuery = z.output<typeof downlinesQuerySchema>;
type Downline = z.input<typeof downlineSchema>;

export interface AgentTransferDeps {
  database: Database;
  ledger: Ledger;
  passwords: PaymentPasswordGuard;
}

/**
 * Money within the agent tree: a member to its upline (transferUpline) and an agent to one of
 * its own direct downlines (the agent centre). Main wallet to main wallet, within the merchant's
 * transfer limits, guarded by the payer's payment password. Only active, real accounts take
 * part: a disabled or trial account never receives, a trial account never pays.
 */
export class AgentTransfers {
  constructor(private readonly deps: AgentTransferDeps) {}

  async uplineInfo(merchant: MerchantState, member: MemberRow): Promise<UplineInfo> {
    requireRealAccount(merchant, member);
    const { db } = this.deps.database;
    const settings = transferSettings(merchant);
    const [upline, hasPaymentPassword] = await Promise.all([
      this.payableUpline(merchant, member),
      this.deps.passwords.has(db, merchant.code, member.id),
    ]);
    return {
      upline: upline ? { account: upline.account, nickname: upline.nickname } : null,
      minimumAmount: minorToDecimal(settings.minMinor),
      maximumAmount: minorToDecimal(settings.maxMinor),
      hasPaymentPassword,
    };
  }

  async toUpline(merchant: MerchantState, member: MemberRow, body: UplineBody): Promise<TransferReceipt> {
    requireRealAccount(merchant, member);
    const upline = await this.payableUpline(merchant, member);
    if (!upline) throw new AppError('transfer.no.upline');
    return this.send(merchant, member, upline, body);
  }

  /** A page of the agent's direct downlines, newest first. */
  async downlines(merchant: MerchantState, member: MemberRow, query: DownlinesQuery) {
    requireAgent(merchant, member);
    const { rows, total } = await listDirectDownlines(this.deps.database.db, merchant.code, member.id, query);
    return {
      content: rows.map(
        (r): Downline => ({
          account: r.account,
          nickname: r.nickname,
          type: r.type,
          regDate: r.createdAt.getTime(),
        }),
      ),
      pageNum: query.page,
      totalPages: Math.ceil(total / query.size),
      total,
    };
  }

  /**
   * To one of the agent's own direct downlines; any other account, known or not, is
   * transfer.not.downline, so the call tells nothing about members outside the agent's team.
   */
  async toDownline(merchant: MerchantState, member: MemberRow, body: DownlineBody): Promise<TransferReceipt> {
    requireAgent(merchant, member);
    const downline = await findDirectDownline(
      this.deps.database.db,
      merchant.code,
      member.id,
      body.downlineAccount,
    );
    if (!downline || downline.id === member.id || !canReceive(merchant, downline)) {
      throw new AppError('transfer.not.downline');
    }
    return this.send(merchant, member, downline, body);
  }

  private async payableUpline(merchant: MerchantState, member: MemberRow) {
    const upline = await findUpline(this.deps.database.db, merchant.code, member);
    return upline && canReceive(merchant, upline) ? upline : null;
  }

  /** Limits, then the payment password (whose failures count toward a lock-out), then the move. */
  private async send(
    merchant: MerchantState,
    member: MemberRow,
    payee: Counterparty,
    body: { amount: bigint; paymentPassword: string; idempotencyKey: string },
  ): Promise<TransferReceipt> {
    checkTransferLimits(transferSettings(merchant), body.amount);
    await this.deps.passwords.verify(this.deps.database.db, merchant.code, member.id, body.paymentPassword);
    const { ledger } = this.deps;
    // In a transaction of its own so that a refused transfer leaves no wallet it created behind.
    const result = await ledger.run((tx) =>
      ledger.transfer(tx, {
        merchant: merchant.code,
        from: memberAccount(member.id, 'MAIN'),
        to: memberAccount(payee.id, 'MAIN'),
        amountMinor: body.amount,
        kind: TX_TYPE.agentTransfer,
        idempotencyKey: memberKey(member.id, 'transfer', body.idempotencyKey),
        // Both sides' records show who the money went to or came from; each knows the other.
        memo: `${member.account} → ${payee.account}`,
        actor: memberActor(member.id),
      }),
    );
    return receiptOf(result);
  }
}

function requireAgent(merchant: MerchantState, member: MemberRow) {
  requireRealAccount(merchant, member);
  if (!isAgentType(merchant, member.type)) throw new AppError('agent.only');
}

const canReceive = (merchant: MerchantState, m: Counterparty) =>
  m.status === 'active' && !isTrialType(merchant, m.type);
