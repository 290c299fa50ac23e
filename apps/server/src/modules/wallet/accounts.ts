/**
 * Which accounts exist and what they may do. A member's accounts (one row each, never below
 * zero): MAIN (the main wallet), PLAY (a trial account's play money), HOLD (money set aside, e.g.
 * a withdrawal in progress), AGENT (an agent's transfer account) and VENDOR:<vendor> (the game
 * wallet of a transfer-mode vendor). The merchant's system accounts (split into shards, may go
 * below zero, as the other side of money entering or leaving the members' wallets):
 * HOUSE:<vendor or game or purpose> (e.g. HOUSE:AURX, HOUSE:ADJUST, HOUSE:PLAY), CLEARING
 * (payments in and out) and BONUS (promotions).
 */

const SUFFIX = '[A-Z0-9_]{1,32}';
const MEMBER_CODE = new RegExp(`^(?:MAIN|PLAY|HOLD|AGENT|VENDOR:${SUFFIX})$`);
const SYSTEM_CODE = new RegExp(`^(?:HOUSE:${SUFFIX}|CLEARING|BONUS)$`);

export type MemberAccountCode = 'MAIN' | 'PLAY' | 'HOLD' | 'AGENT' | `VENDOR:${string}`;
export type SystemAccountCode = `HOUSE:${string}` | 'CLEARING' | 'BONUS';

/** A logical account: a member's wallet, or a system account of the merchant (memberId null). */
export type AccountRef =
  | { memberId: number; code: MemberAccountCode }
  | { memberId: null; code: SystemAccountCode };

export const PLAY = 'PLAY';
/** The only account play money comes from and goes to. */
export const HOUSE_PLAY: SystemAccountCode = 'HOUSE:PLAY';
/** The other side of an operator's adjustment. */
export const HOUSE_ADJUST: SystemAccountCode = 'HOUSE:ADJUST';

export const memberAccount = (memberId: number, code: MemberAccountCode = 'MAIN'): AccountRef => ({
  memberId,
  code,
});
export const systemAccount = (code: SystemAccountCode): AccountRef => ({ memberId: null, code });

export const isMemberCode = (code: string): code is MemberAccountCode => MEMBER_CODE.test(code);
export const isSystemCode = (code: string): code is SystemAccountCode => SYSTEM_CODE.test(code);

/** True when the reference names an account that can exist. */
export function isValidRef(ref: AccountRef): boolean {
  return ref.memberId === null
    ? isSystemCode(ref.code)
    : Number.isSafeInteger(ref.memberId) && ref.memberId > 0 && isMemberCode(ref.code);
}

/** "member:12:MAIN" or "HOUSE:AURX": how operators and the request hash name an account. */
export function formatRef(ref: AccountRef): string {
  return ref.memberId === null ? ref.code : `member:${ref.memberId}:${ref.code}`;
}

export function parseRef(text: string): AccountRef | null {
  const m = /^member:(\d{1,15}):(.+)$/.exec(text);
  const ref: AccountRef | null = m
    ? isMemberCode(m[2]!)
      ? { memberId: Number(m[1]), code: m[2] }
      : null
    : isSystemCode(text)
      ? { memberId: null, code: text }
      : null;
  return ref && isValidRef(ref) ? ref : null;
}

export const sameRef = (a: AccountRef, b: AccountRef) => a.memberId === b.memberId && a.code === b.code;

// Module-level, not made per call: the server runs through tsx, whose output names every
// function made in a call with a defineProperty (keepNames), on the ledger's hot path too.
const play = (r: AccountRef) => r.memberId !== null && r.code === PLAY;
const housePlay = (r: AccountRef) => r.memberId === null && r.code === HOUSE_PLAY;

/**
 * Play money never meets real money: a PLAY account moves only to and from HOUSE:PLAY, and
 * HOUSE:PLAY only to and from PLAY accounts.
 */
export function playMoneyRuleHolds(from: AccountRef, to: AccountRef): boolean {
  if (play(from) || play(to)) return (play(from) && housePlay(to)) || (housePlay(from) && play(to));
  return !housePlay(from) && !housePlay(to);
}
