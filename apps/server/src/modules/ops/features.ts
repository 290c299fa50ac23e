import { type FeatureNode, isFeatureOn, type MerchantConfig } from '@aurum/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { merchants } from '../../db/schema.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { OpsExtension } from './service.ts';

/** `feature list` and `feature set KEY on|off`: the merchant's feature flags, live. */
export const featureCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ command: z.literal('feature'), action: z.literal('list') }),
  z.strictObject({
    command: z.literal('feature'),
    action: z.literal('set'),
    modId: z
      .string()
      .trim()
      .regex(/^[A-Z0-9_]{2,40}$/, 'a feature key such as FREEPLAY3'),
    on: z.boolean(),
  }),
]);

export interface FeatureView {
  modId: string;
  /** Its own switch. */
  enabled: boolean;
  /** On for members: its switch and every ancestor's. */
  effective: boolean;
  /** The keys above it, top first. */
  parents: string[];
}

function flatten(tree: readonly FeatureNode[], parents: string[] = [], out: FeatureView[] = [], all = tree) {
  for (const n of tree) {
    out.push({ modId: n.modId, enabled: n.enabled === '1', effective: isFeatureOn(all, n.modId), parents });
    flatten(n.childrenNodes, [...parents, n.modId], out, all);
  }
  return out;
}

function switched(tree: readonly FeatureNode[], modId: string, on: boolean): FeatureNode[] | null {
  let found = false;
  const walk = (nodes: readonly FeatureNode[]): FeatureNode[] =>
    nodes.map((n) => {
      if (n.modId === modId) {
        found = true;
        return { ...n, enabled: on ? '1' : '0' };
      }
      return { ...n, childrenNodes: walk(n.childrenNodes) };
    });
  const next = walk(tree);
  return found ? next : null;
}

/**
 * Switches a feature of the merchant's flag tree in the database (config/features.json stays the
 * seed: reload-config puts it back), audited with its state before and after, and live on every
 * server process at once (the merchant's version moves on). Switching a parent off turns its
 * whole branch off for members; the children keep their own switches.
 */
export function featureCommand(
  database: Database,
  store: MerchantStore,
): OpsExtension<typeof featureCommandSchema> {
  return {
    schema: featureCommandSchema,
    async run(merchant, cmd, actor) {
      if (cmd.action === 'list') {
        const state = await store.get(merchant);
        if (!state) throw new AppError('merchant.unknown');
        return flatten(state.config.features);
      }
      const view = await database.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ config: merchants.config })
          .from(merchants)
          .where(eq(merchants.code, merchant))
          .for('update');
        if (!row) throw new AppError('merchant.unknown');
        const config: MerchantConfig = row.config;
        const tree = switched(config.features, cmd.modId, cmd.on);
        if (!tree) throw new AppError('ops.invalid', `The merchant has no feature ${cmd.modId}.`);
        const before = flatten(config.features).find((f) => f.modId === cmd.modId)!;
        const after = flatten(tree).find((f) => f.modId === cmd.modId)!;
        await tx
          .update(merchants)
          .set({
            config: { ...config, features: tree },
            version: sql`${merchants.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(merchants.code, merchant));
        await appendAudit(database, tx, {
          merchantCode: merchant,
          actor,
          action: 'feature-set',
          detail: { modId: cmd.modId },
          before: { enabled: before.enabled, effective: before.effective },
          after: { enabled: after.enabled, effective: after.effective },
        });
        return after;
      });
      await store.changed(merchant);
      return view;
    },
  };
}
