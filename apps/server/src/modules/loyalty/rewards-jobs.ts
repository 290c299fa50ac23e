import { minorToDecimal, parseMoney } from '@aurum/contract';
import type { Database } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Job } from '../../platform/jobs.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { findById, isTrialType, memberLanguage } from '../accounts/index.ts';
import { businessOffset } from '../agents/index.ts';
import { announceMemberMessage, postMemberMessage } from '../support/index.ts';
import { previousBusinessDay } from './periods.ts';
import { merchantCodes } from './repository.ts';
import { markNotice, membersWithPlay } from './rewards-repository.ts';
import type { RewardsService } from './rewards-service.ts';

export const REWARD_NOTICE_JOB = 'reward-notices';

const NOTICE_EVERY_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/** The message about a reward claimable now, in the member's language (EN or CN; others read EN). */
export function rewardNotice(
  language: string,
  reward: { kind: 'signIn' | 'rescue'; amount: string; category: string | null; expiresAt: number },
  expiring: boolean,
): { title: string; body: string } {
  const cn = language.toUpperCase().startsWith('CN');
  const what =
    reward.kind === 'rescue'
      ? cn
        ? `${reward.category} 救援金`
        : `${reward.category} rescue fund`
      : cn
        ? '签到奖励'
        : 'sign-in reward';
  const when = new Date(reward.expiresAt).toISOString().replace('T', ' ').slice(0, 16);
  if (cn)
    return {
      title: expiring ? '奖励即将过期' : '有奖励可领取',
      body: `您的${what} ${reward.amount} 可在奖励中心领取${expiring ? '，将在 24 小时内过期' : ''}（截止 ${when} UTC）。`,
    };
  return {
    title: expiring ? 'A reward expires soon' : 'A reward is ready to claim',
    body: `Your ${what} of ${reward.amount} is ready in the reward center${expiring ? ' and expires within 24 hours' : ''} (until ${when} UTC).`,
  };
}

/**
 * Every quarter of an hour, for each merchant with REWCEN3 and INBOX3 on: a message to each member
 * with a rescue fund claimable (yesterday's loss) — once per reward, saying it expires within 24
 * hours when it does (a rescue fund always does: it is claimable today only), once more when a
 * reward first told as claimable comes within 24 hours of its end. Daily sign-ins are not
 * messaged (every member could sign in every day). Each message once (loyalty_reward_notices).
 */
export function rewardNoticeJob(deps: {
  database: Database;
  store: MerchantStore;
  events: EventBus;
  rewards: RewardsService;
}): Job {
  return {
    name: REWARD_NOTICE_JOB,
    everyMs: NOTICE_EVERY_MS,
    run: async (now) => {
      let sent = 0;
      const db = deps.database.db;
      for (const code of await merchantCodes(db)) {
        const merchant = await deps.store.get(code);
        if (!merchant?.features.has('REWCEN3') || !merchant.features.has('INBOX3')) continue;
        const config = merchant.config.loyalty.rewardCenter;
        if (!config.rescue.enabled || !Object.keys(config.rescue.categories).length) continue;
        const yesterday = previousBusinessDay(now, businessOffset(merchant));
        for (const memberId of await membersWithPlay(db, code, yesterday.fromMs, yesterday.toMs)) {
          const member = await findById(db, code, memberId);
          if (!member || isTrialType(merchant, member.type)) continue;
          const items = (await deps.rewards.claimable(merchant, memberId, now)).filter((i) => i.claimable);
          for (const item of items) {
            if (item.kind !== 'rescue') continue;
            const expiring = item.expiresAt - now <= DAY_MS;
            const key = `${expiring ? 'expiring' : 'claimable'}:${item.id}`;
            if (!(await markNotice(db, code, memberId, key, now))) continue;
            const text = rewardNotice(
              memberLanguage(merchant, member),
              { ...item, amount: minorToDecimal(parseMoney(item.amount) ?? 0n) },
              expiring,
            );
            await postMemberMessage(db, {
              merchantCode: code,
              memberId,
              ...text,
              sentBy: 'system',
              at: new Date(now),
            });
            announceMemberMessage(deps.events, code, memberId);
            sent++;
          }
        }
      }
      return sent;
    },
  };
}
