import { randomBytes } from 'node:crypto';
import { type GameConfig, routes } from '@aurum/contract';
import type { App } from '../../app.ts';
import { hashPassword } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { queryRows } from '../../platform/sql.ts';
import { DEMO_MERCHANT, loginAs, nextIp, siteHeaders } from '../../testing/app.ts';
import { insertMember } from '../accounts/index.ts';
import type { RoundMode, RoundStatus } from './rounds-repository.ts';

/** Test helpers of the games module: members, rounds as the vendor module writes them, games. */

export const TEST_PASSWORD = 'Test1234';

/** A new real member of the demo merchant, signed in. */
export async function addMember(
  app: App,
  database: Database,
  account = `gm${randomBytes(4).toString('hex')}`,
) {
  const member = await insertMember(database.db, {
    merchantCode: DEMO_MERCHANT,
    account,
    userName: account,
    type: 0,
    upline: null,
    passwordHash: await hashPassword(TEST_PASSWORD),
    language: 'EN',
    createdAt: new Date(),
  });
  return { id: member.id, account, token: (await loginAs(app, account, TEST_PASSWORD)).token };
}

/** A new trial (free-play) account, signed in as the free-play entry does it. */
export async function addTrial(app: App) {
  const res = await app.inject({
    method: 'POST',
    url: routes.loginFreePlay.path,
    headers: siteHeaders(),
    payload: { os: 'Linux', platform: 'W', gatewayVersion: '3' },
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`free play failed: ${res.body}`);
  const value = (res.json() as { value: { token: string; id: number } }).value;
  return { id: value.id, token: value.token };
}

export interface RoundInput {
  memberId: number;
  vendor?: string;
  gameCode?: string;
  mode?: RoundMode;
  status?: RoundStatus;
  betMinor?: bigint;
  winMinor?: bigint;
  openedAt: number;
  /** Defaults to a second after opening for settled and cancelled rounds. */
  settledAt?: number | null;
  orderNo?: string;
  balanceBeforeMinor?: bigint | null;
  balanceAfterMinor?: bigint | null;
  detail?: unknown;
  fair?: unknown;
}

/** Writes a round straight into game_rounds; returns its order number. */
export async function insertRound(database: Database, r: RoundInput): Promise<string> {
  const status = r.status ?? 'settled';
  const orderNo = r.orderNo ?? `T-${randomBytes(6).toString('hex')}`;
  const settledAt = r.settledAt !== undefined ? r.settledAt : status === 'open' ? null : r.openedAt + 1000;
  await queryRows(
    database.db,
    `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
       bet_minor, win_minor, balance_before_minor, balance_after_minor, detail, fair, opened_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $15::timestamptz,
       $16::timestamptz)`,
    [
      DEMO_MERCHANT,
      r.vendor ?? 'AURX',
      `r-${randomBytes(6).toString('hex')}`,
      orderNo,
      r.memberId,
      r.gameCode ?? 'dynasty',
      r.mode ?? 'real',
      status,
      String(r.betMinor ?? 100n),
      String(r.winMinor ?? 0n),
      r.balanceBeforeMinor == null ? null : String(r.balanceBeforeMinor),
      r.balanceAfterMinor == null ? null : String(r.balanceAfterMinor),
      r.detail === undefined ? null : JSON.stringify(r.detail),
      r.fair === undefined ? null : JSON.stringify(r.fair),
      new Date(r.openedAt).toISOString(),
      settledAt === null ? null : new Date(settledAt).toISOString(),
    ],
  );
  return orderNo;
}

/** `n` extra games of a vendor for paging tests, named "<prefix> 01"… in EN only. */
export function extraGames(vassalage: string, n: number, prefix = 'Extra'): GameConfig[] {
  return Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(3, '0');
    return {
      vassalage,
      gameCode: `${prefix.toLowerCase()}${k}`,
      names: { EN: `${prefix} ${k}` },
      icon: '/media/games/extra.svg',
      classify: ['SLOT'],
      tags: [],
      engine: 'slot',
      sort: 100 + i,
    };
  });
}
