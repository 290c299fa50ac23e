import { describe, expect, it } from 'vitest';
import { enabledFeatures, type FeatureNode, isFeatureOn } from './features.ts';

const n = (modId: string, enabled: '1' | '0', childrenNodes: FeatureNode[] = []): FeatureNode => ({
  modId,
  enabled,
  childrenNodes,
});
const tree = [n('COMM3', '1', [n('INBOX3', '1'), n('CBS3', '0')]), n('REG3', '0', [n('DIRECTREG3', '1')])];

describe('feature tree', () => {
  it('is on only when the node and all its ancestors are on', () => {
    expect(isFeatureOn(tree, 'COMM3')).toBe(true);
    expect(isFeatureOn(tree, 'INBOX3')).toBe(true);
    expect(isFeatureOn(tree, 'CBS3')).toBe(false);
    expect(isFeatureOn(tree, 'DIRECTREG3')).toBe(false);
    expect(isFeatureOn(tree, 'MISSING')).toBe(false);
  });
  it('lists the enabled keys', () => {
    expect([...enabledFeatures(tree)].sort()).toEqual(['COMM3', 'INBOX3']);
  });
});
