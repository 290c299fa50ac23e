import type { Clock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { DEMO_MERCHANT, loginAs, type TestApp } from '../../testing/app.ts';
import { findByAccount, insertMember } from '../accounts/index.ts';

/** The sign-in password of every member the agents tests make. */
export const TEAM_PASSWORD = 'Quiet-River-42';

export interface TeamMember {
  id: number;
  account: string;
  token: string;
}

/**
 * For the agents tests: makes a member of a type under an upline (an account, or none), signed in.
 * Accounts are `<prefix><n><tag>`, so the files and engines sharing a database never collide;
 * `paymentPassword` sets the member's payment password too.
 */
export function teamMemberMaker(app: () => TestApp, clock: Clock, tag: string, paymentPassword?: string) {
  let seq = 0;
  return async (prefix: string, type: number, upline: string | null): Promise<TeamMember> => {
    const db = app().db.database.db;
    const account = `${prefix}${++seq}${tag}`;
    await insertMember(db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type,
      upline: upline ? await findByAccount(db, DEMO_MERCHANT, upline) : null,
      passwordHash: await hashPassword(TEAM_PASSWORD),
      ...(paymentPassword ? { paymentPasswordHash: await hashPassword(paymentPassword) } : {}),
      profile: {},
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    const s = await loginAs(app().app, account, TEAM_PASSWORD);
    return { id: s.id, account, token: s.token };
  };
}
