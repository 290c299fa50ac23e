import {
  AFFILIATE_STATUSES,
  type AffiliateApplication,
  type AffiliateChannel,
  type AffiliateStatusView,
  type affiliateApplyRequestSchema,
} from '@aurum/contract';
import { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import { isAgentType, requireRealAccount } from '../accounts/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import { announceMemberMessage, postMemberMessage } from '../support/index.ts';

type ApplyBody = z.output<typeof affiliateApplyRequestSchema>;

interface ApplicationRow {
  id: string | number;
  member_id: string | number;
  account?: string;
  reason: string;
  channels: AffiliateChannel[] | string;
  team_size: number;
  status: (typeof AFFILIATE_STATUSES)[number];
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  agent_type: number | null;
  created_at: Date | string;
}

const COLUMNS = `a.id, a.member_id, a.reason, a.channels, a.team_size, a.status, a.decision_reason,
  a.decided_by, a.decided_at, a.agent_type, a.created_at`;
const ms = (d: Date | string) => new Date(d).getTime();
const channelsOf = (c: ApplicationRow['channels']): AffiliateChannel[] =>
  typeof c === 'string' ? (JSON.parse(c) as AffiliateChannel[]) : c;

function present(r: ApplicationRow): AffiliateApplication {
  return {
    id: Number(r.id),
    reason: r.reason,
    channels: channelsOf(r.channels),
    teamSize: r.team_size,
    status: r.status,
    decisionReason: r.decision_reason,
    createdAt: ms(r.created_at),
    decidedAt: r.decided_at === null ? null : ms(r.decided_at),
  };
}

async function latestOf(q: Queryable, merchantCode: string, memberId: number) {
  const [row] = await queryRows<ApplicationRow>(
    q,
    `SELECT ${COLUMNS} FROM agent_applications a
     WHERE a.merchant_code = $1 AND a.member_id = $2 ORDER BY a.id DESC LIMIT 1`,
    [merchantCode, memberId],
  );
  return row ?? null;
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: unknown; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (c.code === '23505') return true;
  }
  return false;
};

/**
 * The member's side of the affiliate application (AFFMAN3; the route table refuses both calls
 * while the key is off): its latest application and whether it may apply, and applying. An agent,
 * a trial account or a member with a pending application cannot apply.
 */
export class AffiliateApplications {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async status(merchant: MerchantState, member: MemberRow): Promise<AffiliateStatusView> {
    const row = await latestOf(this.database.db, merchant.code, member.id);
    const isAgent = isAgentType(merchant, member.type);
    const trial = merchant.config.brand.trialType.includes(member.type);
    return {
      application: row ? present(row) : null,
      isAgent,
      canApply: !isAgent && !trial && row?.status !== 'pending',
    };
  }

  async apply(merchant: MerchantState, member: MemberRow, body: ApplyBody): Promise<AffiliateApplication> {
    requireRealAccount(merchant, member);
    if (member.kind !== 'member' || isAgentType(merchant, member.type))
      throw new AppError('affiliate.already.agent');
    try {
      const [row] = await queryRows<ApplicationRow>(
        this.database.db,
        `INSERT INTO agent_applications AS a (merchant_code, member_id, reason, channels, team_size, created_at)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6::timestamptz) RETURNING ${COLUMNS}`,
        [
          merchant.code,
          member.id,
          body.reason,
          JSON.stringify(body.channels),
          body.teamSize,
          new Date(this.clock.now()).toISOString(),
        ],
      );
      return present(row!);
    } catch (e) {
      // The partial unique index: one pending application per member, even for two racing calls.
      if (isUniqueViolation(e)) throw new AppError('affiliate.application.pending');
      throw e;
    }
  }
}

const applicationId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * `npm run ops -- affiliate list [--status S] [--limit N]`, `affiliate approve <id>`, `affiliate
 * reject <id> --reason R`: the operator's review of agent applications (console: Agent contracts,
 * Applications). Approving makes the member an agent where it stands in the tree; either decision
 * is audited and sends the member a message.
 */
export const affiliateCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('affiliate'),
    action: z.literal('list'),
    status: z.enum(AFFILIATE_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  z.strictObject({ command: z.literal('affiliate'), action: z.literal('approve'), id: applicationId }),
  z.strictObject({
    command: z.literal('affiliate'),
    action: z.literal('reject'),
    id: applicationId,
    reason: z.string().trim().min(1).max(500),
  }),
]);

/** An application as the operator reads it. */
export interface OperatorAffiliateView extends AffiliateApplication {
  account: string;
  decidedBy: string | null;
  agentType: number | null;
}

const operatorView = (r: ApplicationRow): OperatorAffiliateView => ({
  ...present(r),
  account: r.account ?? String(r.member_id),
  decidedBy: r.decided_by,
  agentType: r.agent_type,
});

/** The member's message on the decision, in its own language (Chinese or else English). */
function decisionMessage(language: string, approved: boolean, reason: string | null) {
  const cn = language.toUpperCase().startsWith('CN') || language.toLowerCase().startsWith('zh');
  if (approved)
    return cn
      ? { title: '代理申请已通过', body: '恭喜！您的代理申请已通过，现在可以打开代理中心。' }
      : {
          title: 'Your agent application is approved',
          body: 'Congratulations: you are now an agent and can open the agent centre.',
        };
  return cn
    ? { title: '代理申请未通过', body: `您的代理申请未通过。原因：${reason ?? ''}` }
    : { title: 'Your agent application was not approved', body: `Reason: ${reason ?? ''}` };
}

export function affiliateCommand(deps: {
  database: Database;
  clock: Clock;
  events: EventBus;
  store: MerchantStore;
}): OpsExtension<typeof affiliateCommandSchema> {
  const { database, clock, events, store } = deps;
  const lock = async (tx: Queryable, merchantCode: string, id: number) => {
    const [row] = await queryRows<ApplicationRow & { language: string; type: number; upline_id: unknown }>(
      tx,
      `SELECT ${COLUMNS}, m.account, m.language, m.type, m.upline_id
       FROM agent_applications a JOIN members m ON m.id = a.member_id
       WHERE a.merchant_code = $1 AND a.id = $2 FOR UPDATE`,
      [merchantCode, id],
    );
    if (!row) throw new AppError('affiliate.application.unknown');
    if (row.status !== 'pending') throw new AppError('affiliate.application.reviewed');
    return row;
  };
  const decide = async (
    tx: Queryable,
    a: ApplicationRow,
    next: { status: 'approved' | 'rejected'; reason: string | null; agentType: number | null; actor: string },
  ) => {
    const [row] = await queryRows<ApplicationRow>(
      tx,
      `UPDATE agent_applications a SET status = $2, decision_reason = $3, decided_by = $4,
         decided_at = $5::timestamptz, agent_type = $6
       WHERE a.id = $1 RETURNING ${COLUMNS}`,
      [a.id, next.status, next.reason, next.actor, new Date(clock.now()).toISOString(), next.agentType],
    );
    return { ...row!, account: a.account };
  };
  const tell = async (
    tx: Queryable,
    merchantCode: string,
    a: { member_id: unknown; language: string },
    approved: boolean,
    reason: string | null,
    actor: string,
  ) =>
    postMemberMessage(tx, {
      merchantCode,
      memberId: Number(a.member_id),
      ...decisionMessage(a.language, approved, reason),
      sentBy: `ops:${actor}`.slice(0, 64),
      at: new Date(clock.now()),
    });

  return {
    schema: affiliateCommandSchema,
    async run(merchantCode, args, actor) {
      switch (args.action) {
        case 'list': {
          const rows = await queryRows<ApplicationRow>(
            database.db,
            `SELECT ${COLUMNS}, m.account FROM agent_applications a JOIN members m ON m.id = a.member_id
             WHERE a.merchant_code = $1 AND ($2::text IS NULL OR a.status = $2)
             ORDER BY a.id DESC LIMIT $3`,
            [merchantCode, args.status ?? null, args.limit],
          );
          return { applications: rows.map(operatorView) };
        }
        case 'approve': {
          const merchant = await store.get(merchantCode);
          if (!merchant) throw new AppError('ops.invalid', `There is no merchant ${merchantCode}.`);
          const row = await database.db.transaction(async (tx) => {
            const a = await lock(tx, merchantCode, args.id);
            // An agent's own sign-ups are agents of its type; anyone else gets the brand's first.
            const [upline] = await queryRows<{ type: number; kind: string }>(
              tx,
              'SELECT type, kind FROM members WHERE id = $1',
              [a.upline_id],
            );
            const agentType = isAgentType(merchant, a.type)
              ? a.type
              : upline?.kind === 'member' && isAgentType(merchant, upline.type)
                ? upline.type
                : merchant.config.brand.agentType[0];
            if (agentType === undefined)
              throw new AppError('ops.invalid', 'The brand config names no agent type (brand.agentType).');
            await queryRows(tx, 'UPDATE members SET type = $2 WHERE id = $1', [a.member_id, agentType]);
            const row = await decide(tx, a, { status: 'approved', reason: null, agentType, actor });
            await tell(tx, merchantCode, a, true, null, actor);
            await appendAudit(database, tx, {
              merchantCode,
              actor,
              action: 'affiliate.approve',
              detail: { id: Number(a.id), account: a.account },
              before: { status: 'pending', type: a.type },
              after: { status: 'approved', type: agentType },
            });
            return row;
          });
          announceMemberMessage(events, merchantCode, Number(row.member_id));
          return operatorView(row);
        }
        case 'reject': {
          const row = await database.db.transaction(async (tx) => {
            const a = await lock(tx, merchantCode, args.id);
            const row = await decide(tx, a, {
              status: 'rejected',
              reason: args.reason,
              agentType: null,
              actor,
            });
            await tell(tx, merchantCode, a, false, args.reason, actor);
            await appendAudit(database, tx, {
              merchantCode,
              actor,
              action: 'affiliate.reject',
              detail: { id: Number(a.id), account: a.account, reason: args.reason },
              before: { status: 'pending' },
              after: { status: 'rejected' },
            });
            return row;
          });
          announceMemberMessage(events, merchantCode, Number(row.member_id));
          return operatorView(row);
        }
      }
    },
  };
}
