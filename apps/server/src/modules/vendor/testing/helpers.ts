import { TX_TYPE } from '@aurum/contract';
import { DEMO_MERCHANT, type TestApp } from '../../../testing/app.ts';
import { HOUSE_PLAY, memberAccount, PLAY, systemAccount } from '../../wallet/index.ts';
import { createFundedMembers } from '../../wallet/testing.ts';
import type { VendorClient } from '../client.ts';
import type { AuthenticateReply, Refusal } from '../protocol.ts';
import type { Mode } from '../repository.ts';

/** The demo merchant's in-house vendor (config/vendors.json: provider INHOUSE). */
export const INHOUSE_VENDOR = 'AURX';
/** A vendor the demo merchant lists without a provider: unknown until the operator makes a secret. */
export const EXTERNAL_VENDOR = 'AUR';
/** The demo brand's trial account type. */
export const TRIAL_TYPE = 4;

/** A real member funded with `fundMinor` in the main wallet, or a trial account with that much play money. */
export async function newPlayer(t: TestApp, mode: Mode, fundMinor: bigint): Promise<number> {
  const [memberId] = await createFundedMembers(t.db.database, t.app.ledger, {
    merchant: DEMO_MERCHANT,
    count: 1,
    type: mode === 'play' ? TRIAL_TYPE : 0,
    fundMinor: mode === 'real' ? fundMinor : undefined,
  });
  if (memberId === undefined) throw new Error('no test member');
  if (mode === 'play') {
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: systemAccount(HOUSE_PLAY),
      to: memberAccount(memberId, PLAY),
      amountMinor: fundMinor,
      kind: TX_TYPE.playMoney,
      idempotencyKey: `test-play-${memberId}`,
      actor: 'test',
    });
  }
  return memberId;
}

/** A launch token of the in-house dice game (or another vendor's) for the member. */
export function launchToken(t: TestApp, memberId: number, mode: Mode, vassalage = INHOUSE_VENDOR) {
  return t.app.vendors.issueLaunchToken({
    merchant: DEMO_MERCHANT,
    memberId,
    vassalage,
    gameCode: 'dice',
    mode,
    language: 'EN',
  });
}

/** Fails the test with the refusal when a reply is not OK; the reply otherwise. */
export function expectOk<T extends { code: 'OK' }>(reply: T | Refusal): T {
  if (reply.code !== 'OK') throw new Error(`expected OK, got ${reply.code}: ${reply.message}`);
  return reply;
}

/** A player with a live session at the vendor of `client`. */
export async function startSession(
  t: TestApp,
  client: VendorClient,
  mode: Mode,
  fundMinor = 100_000n,
): Promise<AuthenticateReply & { memberId: number }> {
  const memberId = await newPlayer(t, mode, fundMinor);
  const token = await launchToken(t, memberId, mode, client.vendor);
  return { ...expectOk(await client.authenticate({ token })), memberId };
}

/** A member's balance of one wallet (MAIN or PLAY) in minor units, 0n when it does not exist. */
export async function walletOf(
  t: TestApp,
  memberId: number,
  code: 'MAIN' | 'PLAY' | `VENDOR:${string}` = 'MAIN',
) {
  const accounts = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
  return accounts.find((a) => a.code === code)?.balanceMinor ?? 0n;
}

let seq = 0;
/** A transaction or round id no other call of this test process uses. */
export const nextId = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;
