import { announcementTypeSchema, contentConfigSchema, executionSchema } from '@aurum/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { merchants } from '../../db/schema.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sanitizeOperatorHtml } from '../../platform/html.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { OpsExtension } from '../ops/index.ts';

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'an id of letters, digits, _ and - (1 to 64)');
const textSchema = z.string().trim().min(1).max(100_000);

/**
 * `npm run ops -- content notice <id> --title T --text C`, `content announce <id> [type] [execution]
 * --title T --text HTML`, `content remove <id>`: adds (or replaces) a marquee notice or an
 * announcement, or removes either, in the merchant's stored configuration, without editing files
 * or restarting. The texts are EN; a later `reload-config` puts back config/content.json.
 * `content list` reads what is stored (nothing changed, no audit row).
 */
export const contentCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('content'),
    action: z.literal('notice'),
    id: idSchema,
    title: textSchema,
    text: textSchema,
  }),
  z.strictObject({
    command: z.literal('content'),
    action: z.literal('announce'),
    id: idSchema,
    type: announcementTypeSchema.default('PU'),
    execution: executionSchema.default('B'),
    title: textSchema,
    text: textSchema,
  }),
  z.strictObject({ command: z.literal('content'), action: z.literal('remove'), id: idSchema }),
  /** What is stored now: the notices and announcements, as the player site serves them (EN). */
  z.strictObject({ command: z.literal('content'), action: z.literal('list') }),
]);

/** A notice or an announcement as the operator reads it: its EN texts, the HTML as stored (sanitised). */
export interface ContentListAnswer {
  notices: { id: string; title: string; text: string; date: string }[];
  announcements: {
    id: string;
    type: string;
    execution: string;
    title: string;
    text: string;
    startTime: string | null;
  }[];
}

export function contentCommand(deps: {
  database: Database;
  store: MerchantStore;
  clock: Clock;
}): OpsExtension<typeof contentCommandSchema> {
  return {
    schema: contentCommandSchema,
    async run(merchantCode, args, actor) {
      if (args.action === 'list') return listContent(deps.database, merchantCode);
      const now = new Date(deps.clock.now()).toISOString();
      let changed = false;
      await deps.database.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ config: merchants.config })
          .from(merchants)
          .where(eq(merchants.code, merchantCode))
          .for('update');
        if (!row) throw new AppError('merchant.unknown');
        const content = row.config.content;
        let notices = content.notices.filter((n) => n.id !== args.id);
        let announcements = content.announcements.filter((a) => a.id !== args.id);
        changed =
          notices.length !== content.notices.length || announcements.length !== content.announcements.length;
        if (args.action === 'notice') {
          notices = [
            { id: args.id, title: { EN: args.title }, content: { EN: args.text }, date: now },
            ...notices,
          ];
        } else if (args.action === 'announce') {
          announcements = [
            {
              id: args.id,
              type: args.type,
              execution: args.execution,
              title: { EN: args.title },
              content: { EN: sanitizeOperatorHtml(args.text) || args.title },
              startTime: now,
            },
            ...announcements,
          ];
        } else if (!changed) {
          throw new AppError('ops.invalid', `There is no notice or announcement ${args.id}.`);
        }
        const next = contentConfigSchema.safeParse({ ...content, notices, announcements });
        if (!next.success) {
          throw new AppError(
            'ops.invalid',
            next.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          );
        }
        await tx
          .update(merchants)
          .set({
            config: { ...row.config, content: next.data },
            version: sql`${merchants.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(merchants.code, merchantCode));
        await appendAudit(deps.database, tx, { merchantCode, actor, action: 'content', detail: { ...args } });
      });
      await deps.store.changed(merchantCode);
      return { action: args.action, id: args.id, replaced: args.action !== 'remove' && changed };
    },
  };
}

async function listContent(database: Database, merchantCode: string): Promise<ContentListAnswer> {
  const [row] = await database.db
    .select({ config: merchants.config })
    .from(merchants)
    .where(eq(merchants.code, merchantCode));
  if (!row) throw new AppError('merchant.unknown');
  const { notices, announcements } = row.config.content;
  const en = (texts: Partial<Record<string, string>>) => texts.EN ?? Object.values(texts)[0] ?? '';
  return {
    notices: notices.map((n) => ({ id: n.id, title: en(n.title), text: en(n.content), date: n.date })),
    announcements: announcements.map((a) => ({
      id: a.id,
      type: a.type,
      execution: a.execution,
      title: en(a.title),
      text: en(a.content),
      startTime: a.startTime ?? null,
    })),
  };
}
