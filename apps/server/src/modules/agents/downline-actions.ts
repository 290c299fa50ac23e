import {
  type DownlineNote,
  type downlineMessageRequestSchema,
  type downlineNoteRequestSchema,
  type downlinePasswordResetRequestSchema,
  type downlineRecallRequestSchema,
  type downlineStatusRequestSchema,
  minorToDecimal,
  TX_TYPE,
  type transferReceiptSchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword, sha256Hex } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import { type Accounts, isTrialType, memberLanguage } from '../accounts/index.ts';
import { announceMemberMessage, postMemberMessage } from '../support/index.ts';
import { type Ledger, memberAccount } from '../wallet/index.ts';
import type { PaymentPasswordCheck } from './envelopes.ts';
import { pathEnd, type TeamRoot } from './repository.ts';
import { makeOneTimePassword, requireAgent } from './service.ts';

type StatusBody = z.output<typeof downlineStatusRequestSchema>;
type ResetBody = z.output<typeof downlinePasswordResetRequestSchema>;
type NoteBody = z.output<typeof downlineNoteRequestSchema>;
type MessageBody = z.output<typeof downlineMessageRequestSchema>;
type RecallBody = z.output<typeof downlineRecallRequestSchema>;
type Receipt = z.input<typeof transferReceiptSchema>;

export interface DownlineActionDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  passwords: PaymentPasswordCheck;
  accounts: Pick<Accounts, 'sessions'>;
  events: EventBus;
}

interface Downline {
  id: number;
  account: string;
  type: number;
  status: 'active' | 'disabled';
  uplineId: number;
  language: string;
  secondFactor: boolean;
}

/** The ledger's key limit (idempotencyKeySchema). */
const MAX_KEY_LENGTH = 128;

/**
 * Downline management's actions on one downline: enable or disable it, reset its password, keep
 * notes on it, send it a message, and recall money from a direct downline's main wallet. A
 * downline is named by account and found only inside the agent's own subtree (the agent itself
 * excluded); anyone else is transfer.not.downline, so the answer tells nothing about members
 * outside the team. Changes are audited with the agent as the actor ("agent:<account>").
 */
export class DownlineActions {
  constructor(private readonly deps: DownlineActionDeps) {}

  async setStatus(merchant: MerchantState, member: MemberRow, body: StatusBody) {
    const root = requireAgent(merchant, member);
    const { database, accounts } = this.deps;
    const d = await this.downline(database.db, root, body.account);
    if (d.status !== body.status) {
      await database.db.transaction(async (tx) => {
        await queryRows(tx, 'UPDATE members SET status = $2 WHERE id = $1', [d.id, body.status]);
        if (body.status === 'disabled') await accounts.sessions.endAll(d.id, tx);
        await appendAudit(database, tx, {
          merchantCode: merchant.code,
          actor: agentActor(member),
          action: 'agent-downline-status',
          detail: { account: d.account, memberId: d.id },
          before: { status: d.status },
          after: { status: body.status },
        });
      });
      if (body.status === 'disabled') accounts.sessions.revoked(merchant.code, d.id);
    }
    return { account: d.account, status: body.status };
  }

  /**
   * A new one-time password, answered once (only its hash is kept), changed at the next sign-in;
   * every session of the member ends and a message tells the member. Refused for a member with a
   * second factor, whose password only the member itself may reset.
   */
  async resetPassword(merchant: MerchantState, member: MemberRow, body: ResetBody) {
    const root = requireAgent(merchant, member);
    const { database, accounts, clock } = this.deps;
    const d = await this.downline(database.db, root, body.account);
    if (d.secondFactor) throw new AppError('agent.downline.second.factor');
    const oneTimePassword = makeOneTimePassword();
    const hash = await hashPassword(oneTimePassword);
    const at = new Date(clock.now());
    await database.db.transaction(async (tx) => {
      await queryRows(
        tx,
        `UPDATE members SET password_hash = $2, password_change_required = true, password_changed_at = $3::timestamptz
          WHERE id = $1`,
        [d.id, hash, at.toISOString()],
      );
      await accounts.sessions.endAll(d.id, tx);
      await postMemberMessage(tx, {
        merchantCode: merchant.code,
        memberId: d.id,
        ...(memberLanguage(merchant, d) === 'CN'
          ? {
              title: '密码已重置',
              body: `您的代理${member.account}重置了您的密码。请用代理给您的一次性密码登录，然后设置新密码。`,
            }
          : {
              title: 'Password reset',
              body: `Your agent ${member.account} reset your password. Sign in with the one-time password your agent gives you and choose a new one.`,
            }),
        sentBy: agentActor(member),
        at,
      });
      await appendAudit(database, tx, {
        merchantCode: merchant.code,
        actor: agentActor(member),
        action: 'agent-downline-password-reset',
        detail: { account: d.account, memberId: d.id, sessionsEnded: true },
      });
    });
    accounts.sessions.revoked(merchant.code, d.id);
    announceMemberMessage(this.deps.events, merchant.code, d.id);
    return { account: d.account, oneTimePassword };
  }

  async notes(merchant: MerchantState, member: MemberRow, account: string): Promise<DownlineNote[]> {
    const root = requireAgent(merchant, member);
    const { db } = this.deps.database;
    const d = await this.downline(db, root, account);
    const rows = await queryRows<{ id: unknown; body: string; at: string }>(
      db,
      `SELECT id, body, (extract(epoch FROM created_at) * 1000)::bigint::text AS at FROM agent_downline_notes
        WHERE agent_id = $1 AND member_id = $2 ORDER BY id DESC LIMIT 100`,
      [member.id, d.id],
    );
    return rows.map((r) => ({ id: Number(r.id), body: r.body, createdAt: Number(r.at) }));
  }

  async addNote(merchant: MerchantState, member: MemberRow, body: NoteBody): Promise<DownlineNote> {
    const root = requireAgent(merchant, member);
    const { db } = this.deps.database;
    const d = await this.downline(db, root, body.account);
    const at = new Date(this.deps.clock.now());
    const [row] = await queryRows<{ id: unknown }>(
      db,
      `INSERT INTO agent_downline_notes (merchant_code, agent_id, member_id, body, created_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz) RETURNING id`,
      [merchant.code, member.id, d.id, body.body, at.toISOString()],
    );
    return { id: Number(row!.id), body: body.body, createdAt: at.getTime() };
  }

  async message(merchant: MerchantState, member: MemberRow, body: MessageBody) {
    const root = requireAgent(merchant, member);
    const { db } = this.deps.database;
    const d = await this.downline(db, root, body.account);
    const id = await postMemberMessage(db, {
      merchantCode: merchant.code,
      memberId: d.id,
      title: body.title,
      body: body.body,
      sentBy: agentActor(member),
      at: new Date(this.deps.clock.now()),
    });
    announceMemberMessage(this.deps.events, merchant.code, d.id);
    return { id };
  }

  /**
   * From a direct downline's main wallet to the agent's, with the agent's payment password: one
   * keyed ledger transfer whose memo names the agent, so the member's own account record shows
   * who recalled it; audited with the balances before and after.
   */
  async recall(merchant: MerchantState, member: MemberRow, body: RecallBody): Promise<Receipt> {
    const root = requireAgent(merchant, member);
    const { database, ledger, passwords } = this.deps;
    const d = await this.downline(database.db, root, body.account);
    if (d.uplineId !== member.id || isTrialType(merchant, d.type))
      throw new AppError('transfer.not.downline');
    await passwords.verify(database.db, merchant.code, member.id, body.paymentPassword);
    const result = await ledger.run(async (tx) => {
      const moved = await ledger.transfer(tx, {
        merchant: merchant.code,
        from: memberAccount(d.id, 'MAIN'),
        to: memberAccount(member.id, 'MAIN'),
        amountMinor: body.amount,
        kind: TX_TYPE.agentTransfer,
        idempotencyKey: recallKey(member.id, body.idempotencyKey),
        memo: `recall by agent ${member.account} from ${d.account}`,
        actor: agentActor(member),
      });
      await appendAudit(database, tx, {
        merchantCode: merchant.code,
        actor: agentActor(member),
        action: 'agent-downline-recall',
        detail: {
          account: d.account,
          memberId: d.id,
          transferId: moved.transferId,
          amount: minorToDecimal(body.amount),
        },
        before: { balance: minorToDecimal(moved.from.balanceAfterMinor + moved.amountMinor) },
        after: { balance: minorToDecimal(moved.from.balanceAfterMinor) },
      });
      return moved;
    });
    return {
      transferId: result.transferId,
      amount: minorToDecimal(result.amountMinor),
      txTypeId: result.kind,
      createdAt: result.createdAt.getTime(),
      balanceAfter: minorToDecimal(result.to.balanceAfterMinor),
    };
  }

  /** One member of the agent's team below it, by account (any case), or transfer.not.downline. */
  private async downline(db: Queryable, root: TeamRoot, account: string): Promise<Downline> {
    const [row] = await queryRows<{
      id: unknown;
      account: string;
      type: number;
      status: 'active' | 'disabled';
      upline_id: unknown;
      second_factor: unknown;
      language: string;
    }>(
      db,
      `SELECT m.id, m.account, m.type, m.status, m.upline_id, m.language,
              EXISTS (SELECT 1 FROM member_two_factor f WHERE f.member_id = m.id AND f.confirmed_at IS NOT NULL) AS second_factor
         FROM members m
        WHERE m.merchant_code = $1 AND m.account_lower = $2 AND m.path > $3 AND m.path < $4 AND m.kind = 'member'`,
      [root.merchantCode, account.toLowerCase(), root.path, pathEnd(root.path)],
    );
    if (!row) throw new AppError('transfer.not.downline');
    return {
      id: Number(row.id),
      account: row.account,
      type: row.type,
      status: row.status,
      uplineId: Number(row.upline_id),
      language: row.language,
      secondFactor: row.second_factor === true || row.second_factor === 't',
    };
  }
}

const agentActor = (member: MemberRow) => `agent:${member.account}`;

function recallKey(agentId: number, key: string): string {
  const plain = `m${agentId}:recall-downline:${key}`;
  return plain.length <= MAX_KEY_LENGTH ? plain : `m${agentId}:recall-downline-h:${sha256Hex(key)}`;
}
