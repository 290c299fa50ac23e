import {
  type Language,
  minorToDecimal,
  type PromotionAction,
  type PromotionCard,
  type PromotionConfig,
  type PromotionStatus,
  type PromotionsConfig,
  parseMoney,
  pickLanguage,
} from '@aurum/contract';
import type { PromoApplicationRow, PromoParticipationRow } from '../../db/schema.ts';
import { rainStateOf, rainWindows } from './rain.ts';

/** A promotion's instants as epoch ms. */
export interface PromotionTimes {
  start: number;
  end: number;
  signUpStart: number;
  signUpEnd: number;
}

export function timesOf(p: PromotionConfig): PromotionTimes {
  const start = Date.parse(p.start);
  const end = Date.parse(p.end);
  return {
    start,
    end,
    signUpStart: p.signUpStart ? Date.parse(p.signUpStart) : start,
    signUpEnd: p.signUpEnd ? Date.parse(p.signUpEnd) : end,
  };
}

/** Listed: not ended yet (coming ones included). */
export const isListed = (p: PromotionConfig, now: number) => now <= timesOf(p).end;
/** Running: started and not ended. */
export const isRunning = (p: PromotionConfig, now: number) => {
  const t = timesOf(p);
  return t.start <= now && now <= t.end;
};
/** Inside the registration window (and the promotion runs). */
export const isRegistrationOpen = (p: PromotionConfig, now: number) => {
  const t = timesOf(p);
  return isRunning(p, now) && t.signUpStart <= now && now <= t.signUpEnd;
};

/** The UTC date of an instant: a raffle's draw is once per member and this day. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The reward a card shows: the fixed reward, or the raffle's top prize. */
export function rewardMinor(p: PromotionConfig): bigint {
  if (p.kind === 'RAFFLE' && p.rain) return parseMoney(p.rain.max) ?? 0n;
  if (p.kind === 'RAFFLE') {
    return (p.prizes ?? []).reduce((top, x) => {
      const v = parseMoney(x.amount) ?? 0n;
      return v > top ? v : top;
    }, 0n);
  }
  return parseMoney(p.reward ?? '0') ?? 0n;
}

/** What is known of one member for one promotion. */
export interface MemberFacts {
  trial: boolean;
  /** SIGNUP: the join; CLAIM: the claim; RAFFLE: today's draw. */
  participation: PromoParticipationRow | null;
  /** APPLICATION: the latest application. */
  application: PromoApplicationRow | null;
  /** SIGNUP: paid deposits since joining, until the end. */
  depositedMinor: bigint;
}

export interface StatusAnswer {
  status: PromotionStatus;
  action: PromotionAction | null;
}

/**
 * The member's status (spec §4) and the action open to them (docs/promotions.md: the mapping).
 * Without facts (a visitor): what a member without history would see.
 */
export function statusOf(p: PromotionConfig, now: number, facts: MemberFacts | null): StatusAnswer {
  const t = timesOf(p);
  if (now < t.start) return { status: 'COMING_SOON', action: null };
  if (facts?.trial) return { status: 'APPLICATION_FORBIDDEN', action: null };
  const open = isRegistrationOpen(p, now);
  const running = isRunning(p, now);
  const closed: StatusAnswer = { status: 'REGISTRATION_CLOSED', action: null };
  switch (p.kind) {
    case 'SIGNUP': {
      const joined = facts?.participation;
      if (!joined) return open ? { status: 'JOIN_NOW', action: 'JOIN' } : closed;
      if (joined.status === 'REWARDED') return { status: 'ISSUED', action: null };
      const need = parseMoney(p.minDeposit ?? '0') ?? 0n;
      const have = facts?.depositedMinor ?? 0n;
      if (have >= need) return running ? { status: 'CLAIM_REWARD', action: 'REQUEST_REWARD' } : closed;
      return { status: have > 0n ? 'IN_PROGRESS' : 'SIGNED_UP', action: null };
    }
    case 'APPLICATION': {
      const last = facts?.application;
      if (last?.status === 'PENDING') return { status: 'APPLYING', action: null };
      if (last?.status === 'APPROVED') return { status: 'ISSUED', action: null };
      if (last?.status === 'REJECTED') {
        return { status: 'REJECTED', action: p.allowRepeat && open ? 'APPLY' : null };
      }
      return open ? { status: 'JOIN_NOW', action: 'APPLY' } : closed;
    }
    case 'CLAIM':
      if (facts?.participation) return { status: 'CLAIMED', action: null };
      return open ? { status: 'CLAIM_REWARD', action: 'CLAIM' } : closed;
    case 'RAFFLE':
      if (facts?.participation) return { status: 'CLAIMED', action: null };
      // A rain between windows: the next window is coming (the card counts down to it).
      if (p.rain && open && !rainWindows(p.rain, now).open) return { status: 'COMING_SOON', action: null };
      return open ? { status: 'CLAIM_REWARD', action: 'DRAW' } : closed;
  }
}

export function cardOf(
  p: PromotionConfig,
  language: Language,
  answer: StatusAnswer,
  rain?: { now: number; participation: PromoParticipationRow | null },
): PromotionCard {
  const t = timesOf(p);
  return {
    ...(p.rain && rain ? { rain: rainStateOf(p.rain, rain.now, rain.participation?.amount ?? null) } : {}),
    id: p.id,
    category: p.category,
    kind: p.kind,
    title: pickLanguage(p.title, language),
    summary: pickLanguage(p.summary, language),
    image: p.image,
    start: t.start,
    end: t.end,
    signUpStart: t.signUpStart,
    signUpEnd: t.signUpEnd,
    reward: minorToDecimal(rewardMinor(p)),
    status: answer.status,
    action: answer.action,
  };
}

/** The listed promotions in the order the page shows them. */
export function listedPromotions(config: PromotionsConfig, now: number): PromotionConfig[] {
  return config.promotions
    .filter((p) => isListed(p, now))
    .sort((a, b) => a.sort - b.sort || Date.parse(a.start) - Date.parse(b.start));
}
