import {
  KYC_IMAGE_MAX_BYTES,
  type KycIdType,
  type KycInfo,
  type KycStatus,
  type kycSubmitRequestSchema,
  minorToDecimal,
  parseMoney,
} from '@aurum/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import { readUploadedImage } from '../../platform/upload-image.ts';
import { announceMemberMessage, postMemberMessage } from '../support/index.ts';

export interface KycDeps {
  database: Database;
  clock: Clock;
  storage: BlobStorage;
  events: EventBus;
}

/** One sending of the documents (kyc_submissions). */
export interface KycSubmission {
  id: number;
  memberId: number;
  account: string;
  idType: KycIdType;
  identityKey: string;
  addressKey: string;
  status: Exclude<KycStatus, 'none'>;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: number | null;
  createdAt: number;
}

interface Row {
  id: unknown;
  member_id: unknown;
  account: string;
  id_type: KycIdType;
  identity_key: string;
  address_key: string;
  status: Exclude<KycStatus, 'none'>;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: unknown;
  created_at: unknown;
}

const ms = (v: unknown): number | null =>
  v === null || v === undefined ? null : new Date(v as string).getTime();

const fromRow = (r: Row): KycSubmission => ({
  id: Number(r.id),
  memberId: Number(r.member_id),
  account: r.account,
  idType: r.id_type,
  identityKey: r.identity_key,
  addressKey: r.address_key,
  status: r.status,
  reason: r.reason,
  reviewedBy: r.reviewed_by,
  reviewedAt: ms(r.reviewed_at),
  createdAt: ms(r.created_at)!,
});

const COLUMNS = `k.id, k.member_id, m.account, k.id_type, k.identity_key, k.address_key, k.status, k.reason,
  k.reviewed_by, k.reviewed_at, k.created_at`;

/** The amount above which a withdrawal needs a verified member, in minor units; null: never. */
export function verificationAboveMinor(merchant: MerchantState): bigint | null {
  const text = merchant.config.cashier.withdraw.verificationAbove;
  if (text === null) return null;
  const minor = parseMoney(text);
  if (minor === null)
    throw new Error(`merchant ${merchant.code}: cashier.withdraw.verificationAbove is not an amount`);
  return minor;
}

/** The member's message on a decision, in its language (Chinese or else English). */
function decisionMessage(language: string, verified: boolean, reason: string | null) {
  const cn = language.toUpperCase().startsWith('CN') || language.toLowerCase().startsWith('zh');
  if (verified)
    return cn
      ? { title: '身份验证已通过', body: '您的身份验证已通过，所有提款金额均可申请。' }
      : {
          title: 'Your identity is verified',
          body: 'Thank you: your documents are verified and every withdrawal amount is open to you.',
        };
  return cn
    ? { title: '身份验证未通过', body: `您的身份验证未通过。原因：${reason ?? ''}。请在安全中心重新提交。` }
    : {
        title: 'Your identity verification was not accepted',
        body: `Reason: ${reason ?? ''}. Please send your documents again from the security centre.`,
      };
}

/**
 * Know your customer (docs/kyc.md): a member's documents, their review and the standing a
 * withdrawal above the merchant's amount asks for. The member's standing is its latest
 * submission's status, `none` without one.
 */
export class KycService {
  constructor(private readonly deps: KycDeps) {}

  async latest(q: Queryable, merchantCode: string, memberId: number): Promise<KycSubmission | null> {
    const [row] = await queryRows<Row>(
      q,
      `SELECT ${COLUMNS} FROM kyc_submissions k JOIN members m ON m.id = k.member_id
       WHERE k.merchant_code = $1 AND k.member_id = $2 ORDER BY k.id DESC LIMIT 1`,
      [merchantCode, memberId],
    );
    return row ? fromRow(row) : null;
  }

  async status(merchantCode: string, memberId: number): Promise<KycStatus> {
    return (await this.latest(this.deps.database.db, merchantCode, memberId))?.status ?? 'none';
  }

  async info(merchant: MerchantState, memberId: number): Promise<KycInfo> {
    const last = await this.latest(this.deps.database.db, merchant.code, memberId);
    const above = verificationAboveMinor(merchant);
    return {
      status: last?.status ?? 'none',
      idType: last?.idType ?? null,
      submittedAt: last?.createdAt ?? null,
      reviewedAt: last?.reviewedAt ?? null,
      rejectReason: last?.status === 'rejected' ? last.reason : null,
      requiredAbove: above === null ? null : minorToDecimal(above),
    };
  }

  /**
   * The member sends its documents: both photos checked by content (a plain png or jpg, nothing
   * after the image, no markup), stored, and one pending submission recorded. Refused while one
   * waits for review or once verified.
   */
  async submit(
    merchant: MerchantState,
    memberId: number,
    body: z.output<typeof kycSubmitRequestSchema>,
  ): Promise<KycInfo> {
    const { database, storage, clock } = this.deps;
    const current = await this.status(merchant.code, memberId);
    if (current === 'pending' || current === 'verified') throw new AppError('kyc.state');
    const identity = readUploadedImage(body.identityImage, KYC_IMAGE_MAX_BYTES, 'kyc.document.invalid', {
      field: 'identityImage',
    });
    const address = readUploadedImage(body.addressImage, KYC_IMAGE_MAX_BYTES, 'kyc.document.invalid', {
      field: 'addressImage',
    });
    const identityKey = await storage.put('kyc', identity.bytes, identity.mime);
    const addressKey = await storage.put('kyc', address.bytes, address.mime);
    try {
      await queryRows(
        database.db,
        `INSERT INTO kyc_submissions (merchant_code, member_id, id_type, identity_key, address_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
        [merchant.code, memberId, body.idType, identityKey, addressKey, new Date(clock.now()).toISOString()],
      );
    } catch (e) {
      // Two sends that met: the partial unique index keeps one pending submission.
      if ((e as { code?: string }).code === '23505') throw new AppError('kyc.state');
      throw e;
    }
    return this.info(merchant, memberId);
  }

  async list(
    merchantCode: string,
    filter: { status?: Exclude<KycStatus, 'none'> | undefined; account?: string | undefined; limit: number },
  ): Promise<KycSubmission[]> {
    const rows = await queryRows<Row>(
      this.deps.database.db,
      `SELECT ${COLUMNS} FROM kyc_submissions k JOIN members m ON m.id = k.member_id
       WHERE k.merchant_code = $1 AND ($2::text IS NULL OR k.status = $2)
         AND ($3::text IS NULL OR m.account_lower = lower($3))
       ORDER BY k.id DESC LIMIT $4`,
      [merchantCode, filter.status ?? null, filter.account ?? null, filter.limit],
    );
    return rows.map(fromRow);
  }

  byId(merchantCode: string, id: number): Promise<KycSubmission | null> {
    return this.byIdIn(this.deps.database.db, merchantCode, id);
  }

  /**
   * An operator's decision on a pending submission: the status, the member's message in its
   * language and the audit row commit together; a decided submission is never decided again.
   */
  async decide(
    merchantCode: string,
    id: number,
    decision: { verified: boolean; reason: string | null; actor: string },
  ): Promise<KycSubmission> {
    const { database, clock, events } = this.deps;
    const at = new Date(clock.now());
    const decided = await database.db.transaction(async (tx) => {
      const [row] = await queryRows<Row & { language: string }>(
        tx,
        `UPDATE kyc_submissions k SET status = $3, reason = $4, reviewed_by = $5, reviewed_at = $6::timestamptz
         FROM members m
         WHERE k.merchant_code = $1 AND k.id = $2 AND k.status = 'pending' AND m.id = k.member_id
         RETURNING ${COLUMNS}, m.language`,
        [
          merchantCode,
          id,
          decision.verified ? 'verified' : 'rejected',
          decision.reason,
          decision.actor.slice(0, 64),
          at.toISOString(),
        ],
      );
      if (!row) {
        const exists = await this.byIdIn(tx, merchantCode, id);
        throw exists
          ? new AppError('ops.invalid', `Submission ${id} is ${exists.status} already.`)
          : new AppError('ops.invalid', `There is no submission ${id}.`);
      }
      const submission = fromRow(row);
      await postMemberMessage(tx, {
        merchantCode,
        memberId: submission.memberId,
        ...decisionMessage(row.language ?? '', decision.verified, decision.reason),
        sentBy: `ops:${decision.actor}`.slice(0, 64),
        at,
      });
      await appendAudit(database, tx, {
        merchantCode,
        actor: decision.actor,
        action: decision.verified ? 'kyc-approve' : 'kyc-reject',
        detail: { id, account: submission.account, memberId: submission.memberId, reason: decision.reason },
      });
      return submission;
    });
    announceMemberMessage(events, merchantCode, decided.memberId);
    return decided;
  }

  private async byIdIn(q: Queryable, merchantCode: string, id: number): Promise<KycSubmission | null> {
    const [row] = await queryRows<Row>(
      q,
      `SELECT ${COLUMNS} FROM kyc_submissions k JOIN members m ON m.id = k.member_id
       WHERE k.merchant_code = $1 AND k.id = $2`,
      [merchantCode, id],
    );
    return row ? fromRow(row) : null;
  }

  /**
   * Whether a withdrawal of `amountMinor` may go ahead: above the merchant's amount only for a
   * verified member (`kyc.required` otherwise, with the amount).
   */
  async requireForWithdrawal(merchant: MerchantState, memberId: number, amountMinor: bigint): Promise<void> {
    const above = verificationAboveMinor(merchant);
    if (above === null || amountMinor <= above) return;
    if ((await this.status(merchant.code, memberId)) !== 'verified') {
      throw new AppError('kyc.required', undefined, { requiredAbove: minorToDecimal(above) });
    }
  }
}
