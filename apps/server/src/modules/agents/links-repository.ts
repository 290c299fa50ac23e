import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type AgentLinkRow, agentLinks } from '../../db/schema.ts';
import type { Queryable } from '../accounts/index.ts';

/** The agent's registration links that are not deleted, newest first. */
export function listLinks(db: Queryable, merchantCode: string, agentId: number): Promise<AgentLinkRow[]> {
  return db
    .select()
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.merchantCode, merchantCode),
        eq(agentLinks.agentId, agentId),
        isNull(agentLinks.deletedAt),
      ),
    )
    .orderBy(desc(agentLinks.id))
    .limit(200);
}

export async function countLiveLinks(db: Queryable, merchantCode: string, agentId: number, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.merchantCode, merchantCode),
        eq(agentLinks.agentId, agentId),
        isNull(agentLinks.deletedAt),
        sql`(${agentLinks.expiresAt} IS NULL OR ${agentLinks.expiresAt} > ${now})`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function codeInUse(db: Queryable, merchantCode: string, code: string) {
  const [row] = await db
    .select({ id: agentLinks.id })
    .from(agentLinks)
    .where(and(eq(agentLinks.merchantCode, merchantCode), eq(agentLinks.code, code)))
    .limit(1);
  return row !== undefined;
}

export async function insertLink(db: Queryable, link: typeof agentLinks.$inferInsert): Promise<AgentLinkRow> {
  const [row] = await db.insert(agentLinks).values(link).returning();
  return row!;
}

/** Deletes one of the agent's own links; null when it names none of them (or one deleted already). */
export async function deleteLink(
  db: Queryable,
  merchantCode: string,
  agentId: number,
  id: number,
  now: Date,
) {
  const [row] = await db
    .update(agentLinks)
    .set({ deletedAt: now })
    .where(
      and(
        eq(agentLinks.merchantCode, merchantCode),
        eq(agentLinks.agentId, agentId),
        eq(agentLinks.id, id),
        isNull(agentLinks.deletedAt),
      ),
    )
    .returning({ id: agentLinks.id });
  return row ?? null;
}
