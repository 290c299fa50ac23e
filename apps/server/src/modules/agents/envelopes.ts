import { randomInt } from 'node:crypto';
import {
  minorToDecimal,
  type RedEnvelope,
  type redEnvelopesQuerySchema,
  type sendRedEnvelopeRequestSchema,
  TX_TYPE,
} from '@aurum/contract';
import { equalSplit, randomSplit } from '@aurum/games';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import { isTrialType } from '../accounts/index.ts';
import { type Ledger, memberAccount } from '../wallet/index.ts';
import { requireAgent } from './service.ts';

type SendBody = z.output<typeof sendRedEnvelopeRequestSchema>;
type ListQuery = z.output<typeof redEnvelopesQuerySchema>;

/** What money actions need of the payment password (modules/cashier/payment-password.ts). */
export interface PaymentPasswordCheck {
  verify(q: Queryable, merchantCode: string, memberId: number, password: string): Promise<void>;
}

export interface EnvelopeDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  passwords: PaymentPasswordCheck;
}

interface Part {
  memberId: number;
  account: string;
  amount: string;
  transferId: number;
}

interface EnvelopeRow {
  id: unknown;
  split: 'equal' | 'random';
  total: unknown;
  parts: Part[] | string;
  created_ms: string;
}

/** The ledger's key limit (idempotencyKeySchema). */
const MAX_KEY_LENGTH = 128;

/**
 * Red envelopes (AGENTRANSMULTDOWN3): the agent splits a total among its own direct downlines,
 * equally (the remainder's minor units to the first recipients in the order given: 100.00 to 4 is
 * 25.00 each, 0.10 to 3 is 0.04, 0.03, 0.03) or at random (the parts sum to exactly the total,
 * each at least 0.01), with its payment password. Every part is one ledger transfer from the
 * agent's main wallet; all of them and the envelope's record commit together or not at all, so a
 * short balance moves nothing. A retry with the same idempotency key answers the first envelope.
 */
export class RedEnvelopes {
  constructor(private readonly deps: EnvelopeDeps) {}

  async send(merchant: MerchantState, member: MemberRow, body: SendBody): Promise<RedEnvelope> {
    requireAgent(merchant, member);
    const { db } = this.deps.database;
    const earlier = await findByKey(db, merchant.code, member.id, body.idempotencyKey);
    if (earlier) return sameRequest(earlier, body);
    const wanted = body.recipients.map((a) => a.toLowerCase());
    if (new Set(wanted).size !== wanted.length) {
      throw new AppError('validation.failed', undefined, { recipients: 'a recipient is named twice' });
    }
    const found = await queryRows<{
      id: unknown;
      account: string;
      account_lower: string;
      type: number;
      status: string;
    }>(
      db,
      `SELECT id, account, account_lower, type, status FROM members
        WHERE merchant_code = $1 AND upline_id = $2 AND kind = 'member'
          AND account_lower = ANY(ARRAY(SELECT jsonb_array_elements_text($3::jsonb)))`,
      [merchant.code, member.id, JSON.stringify(wanted)],
    );
    const byName = new Map(found.map((f) => [f.account_lower, f]));
    // In the order given; anyone not a direct, active, real downline is refused alike.
    const recipients = wanted.map((name) => {
      const r = byName.get(name);
      if (r?.status !== 'active' || isTrialType(merchant, r.type)) {
        throw new AppError('transfer.not.downline');
      }
      return { id: Number(r.id), account: r.account };
    });
    if (body.total < BigInt(recipients.length)) {
      throw new AppError('validation.failed', undefined, { total: 'at least 0.01 for each recipient' });
    }
    const amounts =
      body.split === 'equal'
        ? equalSplit(body.total, recipients.length)
        : randomSplit(body.total, recipients.length, (n) => randomInt(n));
    await this.deps.passwords.verify(db, merchant.code, member.id, body.paymentPassword);
    const { ledger } = this.deps;
    const now = new Date(this.deps.clock.now());
    try {
      const row = await ledger.run(async (tx) => {
        const parts: Part[] = [];
        for (const [i, r] of recipients.entries()) {
          const moved = await ledger.transfer(tx, {
            merchant: merchant.code,
            from: memberAccount(member.id, 'MAIN'),
            to: memberAccount(r.id, 'MAIN'),
            amountMinor: amounts[i]!,
            kind: TX_TYPE.agentTransfer,
            idempotencyKey: partKey(member.id, body.idempotencyKey, i),
            memo: `red envelope ${member.account} → ${r.account}`,
            actor: `member:${member.id}`,
          });
          parts.push({
            memberId: r.id,
            account: r.account,
            amount: amounts[i]!.toString(),
            transferId: moved.transferId,
          });
        }
        const [inserted] = await queryRows<EnvelopeRow>(
          tx,
          `INSERT INTO agent_red_envelopes (merchant_code, agent_id, idempotency_key, split, total, parts, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
           RETURNING id, split, total::text AS total, parts, ${MS} AS created_ms`,
          [
            merchant.code,
            member.id,
            body.idempotencyKey,
            body.split,
            body.total.toString(),
            JSON.stringify(parts),
            now.toISOString(),
          ],
        );
        return inserted!;
      });
      return present(row);
    } catch (e) {
      // The same key raced in from another request (the envelope row or a part's ledger key was
      // taken first): answer the envelope that won, when it is this request.
      const won = await findByKey(db, merchant.code, member.id, body.idempotencyKey);
      if (won) return sameRequest(won, body);
      throw e;
    }
  }

  async list(merchant: MerchantState, member: MemberRow, q: ListQuery) {
    requireAgent(merchant, member);
    const { db } = this.deps.database;
    const [rows, counted] = await Promise.all([
      queryRows<EnvelopeRow>(
        db,
        `SELECT id, split, total::text AS total, parts, ${MS} AS created_ms FROM agent_red_envelopes
          WHERE merchant_code = $1 AND agent_id = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [merchant.code, member.id, q.size, (q.page - 1) * q.size],
      ),
      queryRows<{ n: number }>(
        db,
        'SELECT count(*)::int AS n FROM agent_red_envelopes WHERE merchant_code = $1 AND agent_id = $2',
        [merchant.code, member.id],
      ),
    ]);
    const total = counted[0]?.n ?? 0;
    return { content: rows.map(present), pageNum: q.page, totalPages: Math.ceil(total / q.size), total };
  }
}

const MS = '(extract(epoch FROM created_at) * 1000)::bigint::text';

async function findByKey(db: Queryable, merchantCode: string, agentId: number, key: string) {
  const [row] = await queryRows<EnvelopeRow>(
    db,
    `SELECT id, split, total::text AS total, parts, ${MS} AS created_ms FROM agent_red_envelopes
      WHERE merchant_code = $1 AND agent_id = $2 AND idempotency_key = $3`,
    [merchantCode, agentId, key],
  );
  return row ?? null;
}

/** Each part's ledger key: in the agent's own namespace, the envelope's key and the part's place. */
function partKey(agentId: number, key: string, index: number): string {
  const plain = `m${agentId}:env:${key}:${index}`;
  return plain.length <= MAX_KEY_LENGTH ? plain : `m${agentId}:envh:${sha256Hex(`${key}\u0000${index}`)}`;
}

/** The stored envelope of a key, when the request is the one it answered; another is refused. */
function sameRequest(r: EnvelopeRow, body: SendBody): RedEnvelope {
  const parts: Part[] = typeof r.parts === 'string' ? JSON.parse(r.parts) : r.parts;
  const same =
    r.split === body.split &&
    BigInt(String(r.total)) === body.total &&
    parts.length === body.recipients.length &&
    parts.every((p, i) => p.account.toLowerCase() === body.recipients[i]!.trim().toLowerCase());
  if (!same) throw new AppError('idempotency.conflict');
  return present(r);
}

function present(r: EnvelopeRow): RedEnvelope {
  const parts: Part[] = typeof r.parts === 'string' ? JSON.parse(r.parts) : r.parts;
  return {
    id: Number(r.id),
    split: r.split,
    total: minorToDecimal(BigInt(String(r.total))),
    parts: parts.map((p) => ({ account: p.account, amount: minorToDecimal(BigInt(p.amount)) })),
    createdAt: Number(r.created_ms),
  };
}
