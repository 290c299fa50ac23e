import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimMission,
  LoyaltyRuleError,
  missionState,
  parseMissionRules,
  runMissionVector,
} from '../index.ts';

const RULES = parseMissionRules(
  {
    metric: 'validBet',
    milestones: [
      { target: '1000', reward: '5' },
      { target: '5000', reward: '20' },
      { target: '20000', reward: '88' },
    ],
  },
  2,
);

describe('missions', () => {
  it('pays each reached milestone exactly once over any order of claims', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 3_000_000n }),
        fc.array(fc.oneof(fc.constant('all' as const), fc.integer({ min: 0, max: 2 })), { maxLength: 8 }),
        (value, claims) => {
          const received: number[] = [];
          let paid = 0n;
          for (const which of claims) {
            try {
              for (const p of claimMission(RULES, { value, received, ended: false }, which)) {
                expect(received).not.toContain(p.index);
                received.push(p.index);
                paid += p.rewardMinor;
              }
            } catch (error) {
              expect(error).toBeInstanceOf(LoyaltyRuleError);
            }
          }
          const reached = RULES.milestones.filter((m) => value >= m.target);
          const state = missionState(RULES, { value, received, ended: false });
          // Paid + still claimable is every reached milestone's reward, never more.
          expect(paid + state.claimableMinor).toBe(reached.reduce((s, m) => s + m.rewardMinor, 0n));
        },
      ),
    );
  });

  it('refuses a negative figure and reports every refusal of the vector format', () => {
    expect(() => missionState(RULES, { value: -1n, received: [], ended: false })).toThrow(LoyaltyRuleError);
    expect(
      runMissionVector({ mission: { metric: 'validBet', milestones: [] }, expect: { status: 'incomplete' } })
        .mismatches,
    ).toEqual(['refused: a mission has at least one milestone']);
  });
});
