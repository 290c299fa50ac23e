import {
  type Language,
  type MissionClaimResult,
  type MissionConfig,
  type MissionLeaderboard,
  type MissionSummary,
  type MissionView,
  MONEY_SCALE,
  minorToDecimal,
  pickLanguage,
  TX_TYPE,
} from '@aurum/contract';
import {
  claimMission,
  LoyaltyRuleError,
  type MissionRules,
  metricText,
  missionState,
  parseMissionRules,
} from '@aurum/games';
import { DAY_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { Queryable } from '../../platform/sql.ts';
import { businessOffset, offsetMs } from '../agents/index.ts';
import { memberAccount, systemAccount } from '../wallet/index.ts';
import {
  insertMissionClaim,
  leaders,
  memberFigure,
  membersAbove,
  type Period,
  receivedMilestones,
} from './missions-repository.ts';
import { loyaltyMember } from './repository.ts';
import type { LoyaltyDeps } from './service.ts';

/** The house account mission rewards are paid from. */
export const HOUSE_MISSION = 'HOUSE:MISSION' as const;
/** A mission's one period's key; a daily task's is its business day ("2026-11-27"). */
export const MISSION_PERIOD = 'mission';
/** The ledger key of a milestone's reward: once per member, mission, period and milestone. */
export const missionClaimKey = (memberId: number, missionId: string, periodKey: string, milestone: number) =>
  `mission:${memberId}:${missionId}:${periodKey}:${milestone}`;

/**
 * A name on a leaderboard: the first two characters and three stars ("ab***"); a name of three
 * characters or fewer shows its first only, so the mask never gives it away.
 */
export function maskName(account: string): string {
  const chars = [...account];
  return `${chars.slice(0, chars.length <= 3 ? 1 : 2).join('')}***`;
}

interface Mission {
  config: MissionConfig;
  rules: MissionRules;
}

const cache = new WeakMap<MerchantState, Mission[]>();

/** The merchant's enabled missions with their parsed rules (checked when the configuration loaded). */
export function missionsOf(merchant: MerchantState): Mission[] {
  let list = cache.get(merchant);
  if (!list) {
    list = merchant.config.loyalty.missions
      .filter((m) => m.enabled)
      .map((config) => ({ config, rules: parseMissionRules(config, MONEY_SCALE) }));
    cache.set(merchant, list);
  }
  return list;
}

/** The business day (merchant's zone) that holds `nowMs`, with its key. */
export function businessDay(nowMs: number, utcOffset: string): Period & { key: string } {
  const off = offsetMs(utcOffset);
  const fromMs = Math.floor((nowMs + off) / DAY_MS) * DAY_MS - off;
  return { fromMs, toMs: fromMs + DAY_MS, key: new Date(fromMs + off).toISOString().slice(0, 10) };
}

interface Current {
  mission: Mission;
  period: Period;
  periodKey: string;
  /** Not started yet: not shown to members. */
  upcoming: boolean;
  ended: boolean;
}

function currentPeriod(merchant: MerchantState, mission: Mission, nowMs: number): Current {
  const { config } = mission;
  if (config.kind === 'daily') {
    const day = businessDay(nowMs, businessOffset(merchant));
    return { mission, period: day, periodKey: day.key, upcoming: false, ended: false };
  }
  const period = { fromMs: Date.parse(config.startsAt!), toMs: Date.parse(config.endsAt!) };
  return {
    mission,
    period,
    periodKey: MISSION_PERIOD,
    upcoming: nowMs < period.fromMs,
    ended: nowMs >= period.toMs,
  };
}

const metricTextOf = (mission: Mission, value: bigint) =>
  metricText(mission.rules.metric, value, MONEY_SCALE);

/**
 * Missions and daily tasks (docs/loyalty.md Missions). The engine (`@aurum/games`
 * loyalty/missions.ts) decides statuses and what a claim pays; this counts the figures from the
 * record of play and the ledger and pays each milestone as one ledger transfer from
 * HOUSE:MISSION, its key once per member, mission, period and milestone. Claims take the member's
 * loyalty row lock first, so claims sent at once queue and pay once.
 */
export class MissionsService {
  constructor(private readonly deps: LoyaltyDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  private visible(merchant: MerchantState, nowMs: number): Current[] {
    return missionsOf(merchant)
      .map((m) => currentPeriod(merchant, m, nowMs))
      .filter((c) => !c.upcoming);
  }

  private async states(q: Queryable, merchant: MerchantState, memberId: number, nowMs: number) {
    const current = this.visible(merchant, nowMs);
    const day = businessDay(nowMs, businessOffset(merchant));
    const received = await receivedMilestones(q, merchant.code, memberId, [day.key, MISSION_PERIOD]);
    // One query after another: inside a claim's transaction they share one connection.
    const out = [];
    for (const c of current) {
      const value = await memberFigure(q, merchant.code, memberId, c.mission.rules.metric, c.period);
      const input = {
        value,
        received: received
          .filter((r) => r.missionId === c.mission.config.id && r.periodKey === c.periodKey)
          .map((r) => r.milestone),
        ended: c.ended,
      };
      out.push({ ...c, input, state: missionState(c.mission.rules, input) });
    }
    return out;
  }

  /** The member's missions and daily tasks, with the member centre's unread counter. */
  async summary(merchant: MerchantState, memberId: number, language: Language): Promise<MissionSummary> {
    const nowMs = this.deps.clock.now();
    const states = await this.states(this.db, merchant, memberId, nowMs);
    const missions: MissionView[] = states.map(({ mission, period, input, state }) => ({
      id: mission.config.id,
      kind: mission.config.kind,
      metric: mission.config.metric,
      title: pickLanguage(mission.config.title, language),
      description: mission.config.description ? pickLanguage(mission.config.description, language) : '',
      status: state.status,
      value: metricTextOf(mission, input.value),
      startsAt: period.fromMs,
      endsAt: period.toMs,
      milestones: state.milestones.map((ms) => ({
        index: ms.index,
        target: metricTextOf(mission, ms.target),
        reward: minorToDecimal(ms.rewardMinor),
        progress: metricTextOf(mission, ms.progress),
        status: ms.status,
      })),
      claimable: minorToDecimal(state.claimableMinor),
      leaderboard: mission.config.leaderboard,
    }));
    return {
      missions,
      unread: states.reduce((n, s) => n + s.state.claimable.length, 0),
      claimable: minorToDecimal(states.reduce((sum, s) => sum + s.state.claimableMinor, 0n)),
      serverTime: nowMs,
    };
  }

  /**
   * Pays one milestone (`which` given) or every claimable milestone of every mission, one transfer
   * each. Refuses an unknown mission, a milestone not claimable, and claim all with nothing.
   */
  async claim(
    merchant: MerchantState,
    memberId: number,
    which: { missionId: string; milestone: number } | 'all',
  ): Promise<MissionClaimResult> {
    if (which !== 'all' && !missionsOf(merchant).some((m) => m.config.id === which.missionId))
      throw new AppError('loyalty.mission.unknown');
    const { ledger, clock } = this.deps;
    const paid = await ledger.run(async (tx) => {
      const nowMs = clock.now();
      // The member's row lock: claims at once queue here, and each reads what the ones before paid.
      await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
      const states = await this.states(tx, merchant, memberId, nowMs);
      const due: { c: (typeof states)[number]; index: number; rewardMinor: bigint }[] = [];
      if (which === 'all') {
        for (const c of states)
          for (const p of c.state.claimable)
            due.push({ c, index: p, rewardMinor: c.mission.rules.milestones[p]!.rewardMinor });
        if (!due.length) throw new AppError('loyalty.mission.nothing');
      } else {
        const c = states.find((s) => s.mission.config.id === which.missionId);
        if (!c) throw new AppError('loyalty.mission.unknown');
        try {
          for (const p of claimMission(c.mission.rules, c.input, which.milestone)) due.push({ c, ...p });
        } catch (e) {
          if (e instanceof LoyaltyRuleError) throw new AppError('loyalty.mission.notClaimable', e.message);
          throw e;
        }
      }
      const out: MissionClaimResult['paid'] = [];
      for (const { c, index, rewardMinor } of due) {
        const missionId = c.mission.config.id;
        const transfer = await ledger.transfer(tx, {
          merchant: merchant.code,
          from: systemAccount(HOUSE_MISSION),
          to: memberAccount(memberId, 'MAIN'),
          amountMinor: rewardMinor,
          kind: TX_TYPE.bonus,
          idempotencyKey: missionClaimKey(memberId, missionId, c.periodKey, index),
          memo: `mission ${missionId} milestone ${index + 1}${c.mission.config.kind === 'daily' ? ` (${c.periodKey})` : ''}`,
          actor: `member:${memberId}`,
        });
        await insertMissionClaim(tx, {
          merchant: merchant.code,
          memberId,
          missionId,
          periodKey: c.periodKey,
          milestone: index,
          amountMinor: rewardMinor,
          transferId: transfer.transferId,
          nowMs,
        });
        out.push({
          missionId,
          milestone: index,
          amount: minorToDecimal(rewardMinor),
          transferId: transfer.transferId,
        });
      }
      return { paid: out, totalMinor: due.reduce((s, d) => s + d.rewardMinor, 0n) };
    });
    return { paid: paid.paid, total: minorToDecimal(paid.totalMinor) };
  }

  /** A mission's leaderboard on its metric and current period, names masked but the member's own. */
  async leaderboard(
    merchant: MerchantState,
    memberId: number,
    missionId: string,
    limit: number,
  ): Promise<MissionLeaderboard> {
    const nowMs = this.deps.clock.now();
    const c = this.visible(merchant, nowMs).find((x) => x.mission.config.id === missionId);
    if (!c?.mission.config.leaderboard) throw new AppError('loyalty.mission.unknown');
    const { metric } = c.mission.rules;
    const [top, own] = await Promise.all([
      leaders(this.db, merchant.code, metric, c.period, limit),
      memberFigure(this.db, merchant.code, memberId, metric, c.period),
    ]);
    const ownRank = own > 0n ? (await membersAbove(this.db, merchant.code, metric, c.period, own)) + 1 : null;
    return {
      missionId,
      metric,
      startsAt: c.period.fromMs,
      endsAt: c.period.toMs,
      serverTime: nowMs,
      list: top.map((r) => ({
        rank: r.rank,
        account: r.memberId === memberId ? r.account : maskName(r.account),
        value: metricTextOf(c.mission, r.value),
        self: r.memberId === memberId,
      })),
      own: { rank: ownRank, value: metricTextOf(c.mission, own) },
    };
  }
}
