import { and, count, desc, eq, like } from 'drizzle-orm';
import { type MemberRow, members } from '../../db/schema.ts';
import { id, type Queryable, queryRows } from '../../platform/sql.ts';
import { accountKey, type Queryable as Db } from '../accounts/index.ts';

/**
 * The reads of the transfer calls: a member's upline, an agent's direct downlines (upline_id),
 * and the game wallets and earlier transfers a recall looks at.
 */

export type Counterparty = Pick<MemberRow, 'id' | 'account' | 'nickname' | 'type' | 'status' | 'createdAt'>;

const counterparty = {
  id: members.id,
  account: members.account,
  nickname: members.nickname,
  type: members.type,
  status: members.status,
  createdAt: members.createdAt,
};

export async function findUpline(db: Db, merchant: string, member: MemberRow): Promise<Counterparty | null> {
  if (member.uplineId === null) return null;
  const [row] = await db
    .select(counterparty)
    .from(members)
    // The house (the top of the tree) is nobody to send money to: transferUpline shows none.
    .where(
      and(eq(members.merchantCode, merchant), eq(members.id, member.uplineId), eq(members.kind, 'member')),
    )
    .limit(1);
  return row ?? null;
}

/** The agent's direct downline of that account name (any case), or null. */
export async function findDirectDownline(
  db: Db,
  merchant: string,
  agentId: number,
  account: string,
): Promise<Counterparty | null> {
  const [row] = await db
    .select(counterparty)
    .from(members)
    .where(
      and(
        eq(members.merchantCode, merchant),
        eq(members.accountLower, accountKey(account)),
        eq(members.uplineId, agentId),
      ),
    )
    .limit(1);
  return row ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the agent's direct downlines, newest first; `account` narrows to names starting so. */
export async function listDirectDownlines(
  db: Db,
  merchant: string,
  agentId: number,
  opts: { page: number; size: number; account?: string | undefined },
): Promise<{ rows: Counterparty[]; total: number }> {
  const where = and(
    eq(members.merchantCode, merchant),
    eq(members.uplineId, agentId),
    opts.account ? like(members.accountLower, `${escapeLike(accountKey(opts.account))}%`) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(counterparty)
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(opts.size)
      .offset((opts.page - 1) * opts.size),
    db.select({ n: count() }).from(members).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/** The member's vendor (game) wallets, locked with its main wallet in the ledger's order (by id). */
export async function lockGameWallets(
  q: Queryable,
  merchant: string,
  memberId: number,
): Promise<{ accountId: number; code: string; balanceMinor: bigint }[]> {
  const rows = await queryRows<{ id: unknown; code: string; balance: string }>(
    q,
    `SELECT id, code, balance::text AS balance FROM ledger_accounts
     WHERE merchant_code = $1 AND member_id = $2 AND (code = 'MAIN' OR code LIKE 'VENDOR:%')
     ORDER BY id
     FOR NO KEY UPDATE`,
    [merchant, memberId],
  );
  return rows
    .filter((r) => r.code !== 'MAIN')
    .map((r) => ({ accountId: id(r.id), code: r.code, balanceMinor: BigInt(r.balance) }));
}

/** The ids of the merchant's transfers made under any of these idempotency keys. */
export async function transferIdsByKeys(q: Queryable, merchant: string, keys: string[]): Promise<number[]> {
  if (!keys.length) return [];
  const rows = await queryRows<{ id: unknown }>(
    q,
    `SELECT id FROM ledger_transfers
     WHERE merchant_code = $1 AND idempotency_key = ANY(string_to_array($2, ' '))
     ORDER BY id`,
    [merchant, keys.join(' ')],
  );
  return rows.map((r) => id(r.id));
}
