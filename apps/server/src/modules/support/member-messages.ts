import type { EventBus } from '../../platform/events.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import { MESSAGES_EVENT } from './fanout.ts';

export interface MemberMessage {
  merchantCode: string;
  memberId: number;
  title: string;
  body: string;
  /** Who sent it, as the inbox keeps it (e.g. "agent:<account>"). */
  sentBy: string;
  at: Date;
}

/**
 * A personal message into one member's inbox, written in the caller's transaction (another area's
 * action and its message commit together). Call `announce` once the transaction has committed:
 * the member's open pages reload the inbox.
 */
export async function postMemberMessage(q: Queryable, m: MemberMessage): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    q,
    `INSERT INTO support_messages (merchant, member_id, title, body, sent_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz) RETURNING id`,
    [m.merchantCode, m.memberId, m.title, m.body, m.sentBy, m.at.toISOString()],
  );
  return Number(row!.id);
}

export const announceMemberMessage = (events: EventBus, merchantCode: string, memberId: number) =>
  events.publish(merchantCode, memberId, { type: MESSAGES_EVENT });
