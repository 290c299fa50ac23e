import { z } from 'zod';

/** Feature keys of the whitelabel flag tree (api-notes, spec §3). */
export const FEATURE_KEYS = [
  'COMM3',
  'REG3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'AGENTPOLICY3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'PASS3',
  'FUNDTRANS3',
  'PTSYS3',
  'GAMELO3',
  'GAMELOFAV3',
  'GAMELOREC3',
  'GAMELOHOT3',
  'INBOX3',
  'CBS3',
  'REWCEN3',
  'RTSALARY3',
  'DAYSALCONT3',
  'HOURSAL3',
  'SIGNCONDIV3',
  'CAPTCHA3',
  'LOGINIPVERF3',
  'PWRESETSMS3',
  'FEEDBACK3',
  'MEMTRANS3',
  'PROFPIC3',
  'AFFMAN3',
  'AGENTANNOUNCE3',
  'AGEINFO3',
  'REGCEN',
  'DOWNMAN',
  'TRANSBETREPMEM3',
  'AGETEAMPNL3',
  'AGEREV3',
  'AGEDOWNTRANS3',
  'AGENTRANSMULTDOWN3',
  'DIVIDEND',
  'DAYSAL',
  'DAYSALMR',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export interface FeatureNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: FeatureNode[];
}

export const featureNodeSchema: z.ZodType<FeatureNode> = z.lazy(() =>
  z.object({
    modId: z.string().min(1),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(featureNodeSchema),
  }),
);

/**
 * A feature is on when its node says '1' and every ancestor is on too: switching off a parent
 * switches off its whole branch. A key absent from the tree is off.
 */
export function isFeatureOn(tree: readonly FeatureNode[], key: string): boolean {
  for (const node of tree) {
    if (node.modId === key) return node.enabled === '1';
    if (node.enabled === '1' && isFeatureOn(node.childrenNodes, key)) return true;
  }
  return false;
}

/** The set of every key that is on, for quick look-ups on hot paths. */
export function enabledFeatures(tree: readonly FeatureNode[]): Set<string> {
  const on = new Set<string>();
  const walk = (nodes: readonly FeatureNode[]) => {
    for (const n of nodes) {
      if (n.enabled !== '1') continue;
      on.add(n.modId);
      walk(n.childrenNodes);
    }
  };
  walk(tree);
  return on;
}
