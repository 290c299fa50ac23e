import { minorToDecimal } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import { type Accounts, findById, isAgentType, isTrialType, VIEW_SESSION_TTL_MS } from '../accounts/index.ts';
import { listDownlines, teamTotals } from '../agents/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import {
  countLiveSessions,
  insertNote,
  listNotes,
  type MemberRecord,
  memberByAccount,
  memberRecords,
  searchMembers,
  setStatus,
} from './repository.ts';

const account = z.string().trim().min(1, 'an account').max(64);
const reason = z.string().trim().min(1, 'a reason').max(255);

export const playerCommandSchema = z.discriminatedUnion('action', [
  /** By account (prefix), mobile, email, member id, or an address it signed in or had a session from. */
  z.object({
    command: z.literal('player'),
    action: z.literal('search'),
    q: z.string().trim().min(1, 'something to search for').max(128),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  z.object({ command: z.literal('player'), action: z.literal('show'), account }),
  z.object({ command: z.literal('player'), action: z.literal('lock'), account, reason }),
  z.object({ command: z.literal('player'), action: z.literal('unlock'), account, reason }),
  z.object({ command: z.literal('player'), action: z.literal('end-sessions'), account }),
  /** A read-only view of the member's site: a one-time link (60 s) to a 30-minute view session. */
  z.object({ command: z.literal('player'), action: z.literal('view-as'), account, reason }),
  z.object({
    command: z.literal('player'),
    action: z.literal('note'),
    account,
    text: z.string().trim().min(1, 'the note').max(2000),
  }),
  /** An agent's direct members with their team counts; `depth` levels below the agent (1 by default). */
  z.object({
    command: z.literal('player'),
    action: z.literal('tree'),
    account,
    depth: z.number().int().min(1).max(10).default(1),
    limit: z.number().int().min(1).max(200).default(100),
  }),
]);
export type PlayerCommand = z.output<typeof playerCommandSchema>;

/** How many rows of each record the player page shows. */
export const RECORD_LIMIT = 50;

interface Deps {
  database: Database;
  store: MerchantStore;
  clock: Clock;
  accounts: Pick<Accounts, 'sessions' | 'handoff'>;
}

const kindOf = (merchant: MerchantState, type: number) =>
  isAgentType(merchant, type) ? 'agent' : isTrialType(merchant, type) ? 'trial' : 'member';

/**
 * The operator's `player` command: finding a member, the member's page (profile, wallets,
 * ledger, payments, rounds, sessions, messages, notes), the lock (members.status, which every
 * sign-in and session check already refuses) and its undoing, ending every session, notes, and
 * an agent's downline. Each change is audited with the state before and after.
 */
export class Players {
  constructor(private readonly deps: Deps) {}

  command(): OpsExtension<typeof playerCommandSchema> {
    return { schema: playerCommandSchema, run: (merchant, args, actor) => this.run(merchant, args, actor) };
  }

  async run(merchantCode: string, cmd: PlayerCommand, actor: string) {
    const merchant = await this.deps.store.get(merchantCode);
    if (!merchant) throw new AppError('merchant.unknown');
    const { db } = this.deps.database;
    if (cmd.action === 'search') {
      const hits = await searchMembers(db, merchantCode, cmd.q, cmd.limit);
      return hits.map((h) => ({
        id: h.id,
        account: h.account,
        kind: kindOf(merchant, h.type),
        status: h.status,
        createdAt: h.created_at,
        lastSignInAt: h.last_sign_in,
        mainBalance: h.main,
      }));
    }
    const member = await memberByAccount(db, merchantCode, cmd.account);
    if (!member) throw new AppError('ops.invalid', `there is no member ${cmd.account}`);
    switch (cmd.action) {
      case 'show':
        return this.show(merchant, member);
      case 'lock':
      case 'unlock':
        return this.setLock(merchantCode, member, cmd.action, cmd.reason, actor);
      case 'end-sessions':
        return this.endSessions(merchantCode, member, actor);
      case 'view-as':
        return this.viewAs(merchant, member, cmd.reason, actor);
      case 'note':
        return this.note(merchantCode, member, cmd.text, actor);
      case 'tree':
        return this.tree(merchant, member, cmd.depth, cmd.limit);
    }
  }

  private async show(merchant: MerchantState, m: MemberRecord) {
    const now = new Date(this.deps.clock.now());
    const records = await memberRecords(this.deps.database.db, merchant.code, m.id, now, RECORD_LIMIT);
    // The lock's own note, however many notes came after it.
    const [lock] =
      m.status === 'disabled' ? await listNotes(this.deps.database.db, merchant.code, m.id, 1, 'lock') : [];
    const kind = kindOf(merchant, m.type);
    return {
      profile: {
        id: m.id,
        account: m.account,
        userName: m.user_name,
        nickname: m.nickname,
        realName: m.profile.payeeName ?? null,
        mobile: m.mobile,
        countryDialingCode: m.country_dialing_code,
        email: m.email,
        kind,
        type: m.type,
        agentType: kind === 'agent' ? m.type : null,
        upline: m.upline_kind === 'member' ? m.upline : null,
        depth: m.depth,
        affiliateCode: m.affiliate_code,
        language: m.language,
        lotteryPrizeGroup: m.lottery_prize_group,
        createdAt: m.created_at,
        firstLoginAt: m.first_login_at,
        passwordChangedAt: m.password_changed_at,
        fields: m.profile,
      },
      status: {
        status: m.status,
        locked: m.status === 'disabled',
        lockedBy: lock?.author ?? null,
        lockReason: lock?.text ?? null,
        lockedAt: lock?.at ?? null,
        passwordChangeRequired: m.password_change_required,
        twoFactor: m.two_factor,
      },
      ...records,
    };
  }

  private async setLock(
    merchantCode: string,
    m: MemberRecord,
    action: 'lock' | 'unlock',
    why: string,
    actor: string,
  ) {
    const target = action === 'lock' ? 'disabled' : 'active';
    if (m.status === target) {
      throw new AppError(
        'ops.invalid',
        `${m.account} is ${action === 'lock' ? 'locked' : 'not locked'} already`,
      );
    }
    const at = new Date(this.deps.clock.now());
    await this.deps.database.db.transaction(async (tx) => {
      if (!(await setStatus(tx, m.id, target))) {
        throw new AppError('ops.invalid', `${m.account} changed meanwhile: try again`);
      }
      if (action === 'lock') await this.deps.accounts.sessions.endAll(m.id, tx);
      await insertNote(tx, { merchantCode, memberId: m.id, kind: action, text: why, author: actor, at });
      await appendAudit(this.deps.database, tx, {
        merchantCode,
        actor,
        action: `player-${action}`,
        detail: { account: m.account, memberId: m.id, reason: why },
        before: { status: m.status },
        after: { status: target },
      });
    });
    if (action === 'lock') this.deps.accounts.sessions.revoked(merchantCode, m.id);
    return { account: m.account, status: target, sessionsEnded: action === 'lock' };
  }

  private async endSessions(merchantCode: string, m: MemberRecord, actor: string) {
    const at = new Date(this.deps.clock.now());
    const ended = await this.deps.database.db.transaction(async (tx) => {
      const live = await countLiveSessions(tx, merchantCode, m.id, at);
      await this.deps.accounts.sessions.endAll(m.id, tx);
      await appendAudit(this.deps.database, tx, {
        merchantCode,
        actor,
        action: 'player-end-sessions',
        detail: { account: m.account, memberId: m.id },
        before: { liveSessions: live },
        after: { liveSessions: 0 },
      });
      return live;
    });
    this.deps.accounts.sessions.revoked(merchantCode, m.id);
    return { account: m.account, sessionsEnded: ended };
  }

  /**
   * "View as player": the member's own site, read-only (every call that changes anything is
   * refused to the session), for support to see what the member sees. Audited before the link
   * exists; the session records who opened it.
   */
  private async viewAs(merchant: MerchantState, m: MemberRecord, why: string, actor: string) {
    if (m.status !== 'active') {
      throw new AppError('ops.invalid', `${m.account} is locked: its site cannot be opened`);
    }
    const { db } = this.deps.database;
    const member = await findById(db, merchant.code, m.id);
    if (!member) throw new AppError('ops.invalid', `there is no member ${m.account}`);
    await db.transaction((tx) =>
      appendAudit(this.deps.database, tx, {
        merchantCode: merchant.code,
        actor,
        action: 'player-view-as',
        detail: { account: m.account, memberId: m.id, reason: why },
        before: null,
        after: { viewMinutes: VIEW_SESSION_TTL_MS / MINUTE_MS },
      }),
    );
    const issued = await this.deps.accounts.handoff.issue(
      merchant,
      member,
      null,
      '/',
      'view-ticket',
      `operator:${actor}`.slice(0, 512),
    );
    return {
      account: m.account,
      url: issued.url,
      expiresInSeconds: issued.expiresInSeconds,
      viewMinutes: VIEW_SESSION_TTL_MS / MINUTE_MS,
    };
  }

  private async note(merchantCode: string, m: MemberRecord, text: string, actor: string) {
    const at = new Date(this.deps.clock.now());
    const id = await this.deps.database.db.transaction(async (tx) => {
      const noteId = await insertNote(tx, {
        merchantCode,
        memberId: m.id,
        kind: 'note',
        text,
        author: actor,
        at,
      });
      await appendAudit(this.deps.database, tx, {
        merchantCode,
        actor,
        action: 'player-note',
        detail: { account: m.account, memberId: m.id },
        before: null,
        after: { noteId, text },
      });
      return noteId;
    });
    return { account: m.account, note: { id, kind: 'note', text, author: actor, at: at.toISOString() } };
  }

  private async tree(merchant: MerchantState, m: MemberRecord, depth: number, limit: number) {
    if (kindOf(merchant, m.type) !== 'agent')
      throw new AppError('ops.invalid', `${m.account} is not an agent`);
    const { db } = this.deps.database;
    const root = { id: m.id, merchantCode: merchant.code, path: m.path, depth: m.depth };
    const [totals, page] = await Promise.all([
      teamTotals(db, root),
      listDownlines(db, root, { page: 1, size: limit, depth: m.depth + depth }),
    ]);
    return {
      account: m.account,
      teamSize: totals.teamSize,
      directCount: totals.directCount,
      teamBalance: minorToDecimal(totals.balanceMinor),
      depth,
      total: page.total,
      members: page.rows.map((r) => ({
        account: r.account,
        kind: kindOf(merchant, r.type),
        upline: r.upline,
        status: r.status,
        balance: minorToDecimal(BigInt(r.balance ?? '0')),
        // The member itself is in its team range: the downline is the rest.
        teamSize: Math.max(0, r.team_size - 1),
        teamBalance: minorToDecimal(BigInt(r.team_balance)),
        createdAt: new Date(Number(r.reg_ms)).toISOString(),
      })),
    };
  }
}
