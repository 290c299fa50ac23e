import {
  type AgentLink,
  checkRule,
  type createAgentLinkRequestSchema,
  fallbackRule,
  findRule,
  type LinkValidity,
  minorToDecimal,
  type registerDownlineRequestSchema,
  type TeamMember,
  type TeamOverview,
  type teamMembersQuerySchema,
} from '@aurum/contract';
import type { z } from 'zod';
import type { AgentLinkRow, MemberRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, randomString } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import {
  accountSettings,
  findByAccount,
  findByAffiliateCode,
  insertMember,
  isAgentType,
  requireRealAccount,
} from '../accounts/index.ts';
import { businessOffset, overviewPeriods } from './business-day.ts';
import { codeInUse, countLiveLinks, deleteLink, insertLink, listLinks } from './links-repository.ts';
import { maskEmail, maskMobile, maskName } from './mask.ts';
import { listDownlines, onlineNow, periodCounts, type TeamRoot, teamTotals } from './repository.ts';

type MembersQuery = z.output<typeof teamMembersQuerySchema>;
type RegisterBody = z.output<typeof registerDownlineRequestSchema>;
type LinkBody = z.output<typeof createAgentLinkRequestSchema>;

/** Live registration links one agent may hold at once. */
export const MAX_LIVE_LINKS = 50;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DAY_MS = 86_400_000;
const VALIDITY_DAYS: Record<Exclude<LinkValidity, 'none' | '1y'>, number> = { '1d': 1, '7d': 7, '30d': 30 };

/**
 * The agent centre: the team overview, the downline list, opening a downline and registration
 * links. Every call starts from the signed-in agent and reads only its subtree (the path range of
 * repository.ts); nothing takes another member's id except a link id, which must be the agent's own.
 */
export class AgentCentre {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async overview(merchant: MerchantState, member: MemberRow): Promise<TeamOverview> {
    const root = requireAgent(merchant, member);
    const db = this.database.db;
    const now = this.clock.now();
    const utcOffset = businessOffset(merchant);
    const periods = overviewPeriods(now, utcOffset);
    const idleMs = accountSettings(merchant).sessionIdleMinutes * MINUTE_MS;
    const [totals, online, [today, yesterday, thisMonth]] = await Promise.all([
      teamTotals(db, root),
      onlineNow(db, root, now, idleMs),
      periodCounts(db, root, [periods.today, periods.yesterday, periods.thisMonth]),
    ]);
    return {
      teamSize: totals.teamSize,
      directCount: totals.directCount,
      onlineNow: online,
      teamBalance: minorToDecimal(totals.balanceMinor),
      utcOffset,
      today: today!,
      yesterday: yesterday!,
      thisMonth: thisMonth!,
    };
  }

  async members(merchant: MerchantState, member: MemberRow, q: MembersQuery) {
    const root = requireAgent(merchant, member);
    const agentTypes = merchant.config.brand.agentType;
    const { rows, total } = await listDownlines(this.database.db, root, {
      page: q.page,
      size: q.size,
      account: q.account,
      depth: q.level === undefined ? undefined : root.depth + q.level,
      agentTypes: q.type ? { types: agentTypes, agent: q.type === 'agent' } : undefined,
      balanceMin: q.balanceMin,
      balanceMax: q.balanceMax,
      lastLoginFrom: q.lastLoginFrom,
      lastLoginTo: q.lastLoginTo,
      registeredFrom: q.registeredFrom,
      registeredTo: q.registeredTo,
    });
    return {
      content: rows.map(
        (r): TeamMember => ({
          id: r.id,
          account: r.account,
          nickname: r.nickname,
          level: r.depth - root.depth,
          type: isAgentType(merchant, r.type) ? 'agent' : 'player',
          upline: r.upline,
          status: r.status,
          balance: minorToDecimal(BigInt(r.balance)),
          teamSize: r.team_size,
          teamBalance: minorToDecimal(BigInt(r.team_balance)),
          lastLoginAt: r.last_login_ms === null ? null : Number(r.last_login_ms),
          regDate: Number(r.reg_ms),
          mobile: maskMobile(r.mobile),
          email: maskEmail(r.email),
          realName: maskName(r.real_name),
        }),
      ),
      pageNum: q.page,
      totalPages: Math.ceil(total / q.size),
      total,
    };
  }

  /**
   * Opens a downline directly under the agent: the merchant's user-name rule, a random one-time
   * password answered once (only its hash is kept) and a forced change at the first sign-in.
   */
  async registerDownline(merchant: MerchantState, member: MemberRow, body: RegisterBody) {
    requireAgent(merchant, member);
    const rule = findRule(accountSettings(merchant).rules, 'username') ?? fallbackRule('username');
    const problem = checkRule({ ...rule, enabled: true, required: true }, body.account);
    if (problem) throw new AppError('validation.failed', undefined, { account: problem.key });
    const db = this.database.db;
    if (await findByAccount(db, merchant.code, body.account)) throw new AppError('account.exists');
    const oneTimePassword = makeOneTimePassword();
    const passwordHash = await hashPassword(oneTimePassword);
    const now = new Date(this.clock.now());
    let created: MemberRow;
    try {
      created = await db.transaction((tx) =>
        insertMember(tx, {
          merchantCode: merchant.code,
          account: body.account,
          userName: body.account,
          nickname: body.nickname ?? null,
          // An agent opens agents of its own agent type.
          type: body.type === 'agent' ? member.type : 0,
          upline: member,
          profile: { registerMethod: 'AGENT', registeredBy: member.account },
          passwordHash,
          passwordChangedAt: now,
          passwordChangeRequired: true,
          language: member.language,
          createdAt: now,
        }),
      );
    } catch (e) {
      // Two openings raced for one name.
      if (isUniqueViolation(e)) throw new AppError('account.exists');
      throw e;
    }
    return { id: created.id, account: created.account, type: body.type, oneTimePassword };
  }

  async links(merchant: MerchantState, member: MemberRow): Promise<AgentLink[]> {
    requireAgent(merchant, member);
    const now = this.clock.now();
    return (await listLinks(this.database.db, merchant.code, member.id)).map((l) => presentLink(l, now));
  }

  async createLink(merchant: MerchantState, member: MemberRow, body: LinkBody): Promise<AgentLink> {
    requireAgent(merchant, member);
    const db = this.database.db;
    const now = this.clock.now();
    if ((await countLiveLinks(db, merchant.code, member.id, new Date(now))) >= MAX_LIVE_LINKS) {
      throw new AppError('validation.failed', undefined, { validity: 'too_many_links' });
    }
    let code = '';
    // A code names one agent: neither another link's nor a member's affiliate code.
    do code = randomString(CODE_ALPHABET, 8);
    while (
      (await codeInUse(db, merchant.code, code)) ||
      (await findByAffiliateCode(db, merchant.code, code))
    );
    const row = await insertLink(db, {
      merchantCode: merchant.code,
      agentId: member.id,
      code,
      memberType: body.memberType,
      validity: body.validity,
      expiresAt: expiryOf(body.validity, now),
      createdAt: new Date(now),
    });
    return presentLink(row, now);
  }

  async deleteLink(merchant: MerchantState, member: MemberRow, id: number) {
    requireAgent(merchant, member);
    const row = await deleteLink(this.database.db, merchant.code, member.id, id, new Date(this.clock.now()));
    if (!row) throw new AppError('agent.link.unknown');
    return { id: row.id, deleted: true as const };
  }
}

/** The agent-centre gate: a real account of one of the brand's agent types; its team root. */
export function requireAgent(merchant: MerchantState, member: MemberRow): TeamRoot {
  requireRealAccount(merchant, member);
  if (member.kind !== 'member' || !isAgentType(merchant, member.type)) throw new AppError('agent.only');
  return { id: member.id, merchantCode: member.merchantCode, path: member.path, depth: member.depth };
}

function expiryOf(validity: LinkValidity, nowMs: number): Date | null {
  if (validity === 'none') return null;
  if (validity === '1y') {
    const d = new Date(nowMs);
    d.setUTCFullYear(d.getUTCFullYear() + 1);
    return d;
  }
  return new Date(nowMs + VALIDITY_DAYS[validity] * DAY_MS);
}

function presentLink(l: AgentLinkRow, nowMs: number): AgentLink {
  return {
    id: l.id,
    code: l.code,
    memberType: l.memberType,
    validity: l.validity as LinkValidity,
    expiresAt: l.expiresAt?.getTime() ?? null,
    expired: l.expiresAt !== null && l.expiresAt.getTime() <= nowMs,
    signups: l.signups,
    createdAt: l.createdAt.getTime(),
  };
}

/** 10 characters with a capital, a small letter and a digit, none that reads like another. */
export function makeOneTimePassword(): string {
  for (;;) {
    const p = randomString('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789', 10);
    if (/[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p)) return p;
  }
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: unknown; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (c.code === '23505') return true;
  }
  return false;
};
