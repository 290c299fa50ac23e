/**
 * Settling the daily salaries of 100,000 agent contracts (issue 15; goal <= 60 s) on PostgreSQL
 * (BENCH_DATABASE_URL, a fresh schema dropped afterwards). Set-based: under the house, 100 top
 * agents (each holding the merchant's daily terms with the house), 1,000 agents under each with a
 * daily-salary contract from its top agent, and 3 players under each of those with one settled
 * round of the business day. Then one `settleContracts` of that day through the settlement's own
 * code (team figures, bills, payments top-down through the ledger). BENCH_CONTRACT_SUBS scales it
 * (agents per top agent, default 1,000).
 */
import path from 'node:path';
import { ContractSettlement } from '../apps/server/src/modules/agents/contracts/settlement.ts';
import { Ledger } from '../apps/server/src/modules/wallet/index.ts';
import { ManualClock } from '../apps/server/src/platform/clock.ts';
import { REPO_ROOT } from '../apps/server/src/platform/config.ts';
import { migrate } from '../apps/server/src/platform/db.ts';
import { EventBus } from '../apps/server/src/platform/events.ts';
import { readMerchantConfig } from '../apps/server/src/platform/merchant-config.ts';
import { ensureMerchant, MerchantStore } from '../apps/server/src/platform/merchants.ts';
import { fmt, onPostgresSchema } from './ledger.ts';

const MERCHANT = 'AURUM';
const TOPS = 100;
const SUBS = Number(process.env.BENCH_CONTRACT_SUBS ?? 1000);
const PLAYERS = 3;
/** The business day settled (GMT+8) and a time inside it. */
const DAY = '2026-03-09';
const IN_DAY = "timestamptz '2026-03-09T02:00:00Z'";
const DAILY = JSON.stringify({ tiers: [{ min: { teamBet: '50000', active: 3 }, percent: '1.0' }] });

export async function contractsBench(): Promise<string[]> {
  return onPostgresSchema('bench_contracts', async ({ database }) => {
    await migrate(database);
    await ensureMerchant(database, await readMerchantConfig(path.join(REPO_ROOT, 'config')));
    const started = performance.now();
    await database.rawTransaction(async (tx) => {
      await tx.exec(`INSERT INTO members (merchant_code, account, account_lower, user_name, type, path, language, status, kind)
                     VALUES ('${MERCHANT}', '~house', '~house', '~house', -1, '/', 'EN', 'disabled', 'house')`);
      await tx.exec(`UPDATE members SET path = '/' || id || '/' WHERE kind = 'house'`);
      const [house] = await tx.rows<{ id: string; path: string }>(
        `SELECT id::text, path FROM members WHERE kind = 'house'`,
      );
      const b = Number(house!.id) + 1;
      const subBase = b + TOPS;
      const playerBase = subBase + TOPS * SUBS;
      const insert = (select: string) =>
        tx.exec(`INSERT INTO members (id, merchant_code, account, account_lower, user_name, type, upline_id, path, depth,
                   language, created_at) ${select}`);
      await insert(`SELECT ${b} + t, '${MERCHANT}', 'top' || t, 'top' || t, 'top' || t, 1, ${house!.id},
                           '${house!.path}' || (${b} + t) || '/', 1, 'EN', timestamptz '2026-01-01'
                      FROM generate_series(0, ${TOPS - 1}) t`);
      await insert(`SELECT ${subBase} + g, '${MERCHANT}', 'sub' || g, 'sub' || g, 'sub' || g, 1, ${b} + g / ${SUBS},
                           '${house!.path}' || (${b} + g / ${SUBS}) || '/' || (${subBase} + g) || '/', 2, 'EN',
                           timestamptz '2026-01-01'
                      FROM generate_series(0, ${TOPS * SUBS - 1}) g`);
      await insert(`SELECT ${playerBase} + g * ${PLAYERS} + p, '${MERCHANT}', 'p' || g || '_' || p, 'p' || g || '_' || p,
                           'p' || g || '_' || p, 0, ${subBase} + g,
                           '${house!.path}' || (${b} + g / ${SUBS}) || '/' || (${subBase} + g) || '/' ||
                             (${playerBase} + g * ${PLAYERS} + p) || '/', 3, 'EN', timestamptz '2026-01-01'
                      FROM generate_series(0, ${TOPS * SUBS - 1}) g, generate_series(0, ${PLAYERS - 1}) p`);
      await tx.exec(`SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT max(id) FROM members))`);
      await tx.exec(`INSERT INTO agent_contracts (merchant_code, kind, upline_id, downline_id, terms, state,
                       created_at, updated_at, accepted_at)
                     SELECT '${MERCHANT}', 'daily', upline_id, id, '${DAILY}'::jsonb, 'active',
                            timestamptz '2026-01-02', timestamptz '2026-01-02', timestamptz '2026-01-02'
                       FROM members WHERE merchant_code = '${MERCHANT}' AND depth = 2`);
      await tx.exec(`INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
                       bet_minor, win_minor, opened_at, settled_at)
                     SELECT '${MERCHANT}', 'AURX', 'r' || id, 'o' || id, id, 'dice', 'real', 'settled', 2000000, 0,
                            ${IN_DAY}, ${IN_DAY}
                       FROM members WHERE merchant_code = '${MERCHANT}' AND depth = 3`);
      await tx.exec('ANALYZE members; ANALYZE agent_contracts; ANALYZE game_rounds');
    });
    const built = performance.now() - started;
    const clock = new ManualClock(Date.parse('2026-03-10T04:00:00Z'));
    const store = new MerchantStore(database);
    const events = new EventBus(database);
    const ledger = new Ledger({ database, clock });
    const settlement = new ContractSettlement({ database, store, ledger, clock, events });
    const t0 = performance.now();
    const bills = await settlement.settleContracts(MERCHANT, 'daily', DAY);
    const settled = performance.now() - t0;
    const [paid] = await database.rawTransaction((tx) =>
      tx.rows<{ n: string; owed: string }>(
        `SELECT count(*) FILTER (WHERE state = 'paid')::text AS n,
                coalesce(sum(amount_minor - paid_minor), 0)::text AS owed FROM agent_contract_bills`,
      ),
    );
    await events.stop();
    return [
      `contracts (postgres): generated ${fmt(TOPS * SUBS)} daily-salary contracts (+${TOPS} with the house), ` +
        `${fmt(TOPS * SUBS * PLAYERS)} players with a round each, in ${(built / 1000).toFixed(1)} s`,
      `contracts: settled the day's ${fmt(bills)} bills (${fmt(Number(paid!.n))} paid, ${paid!.owed} owed) in ` +
        `${(settled / 1000).toFixed(1)} s (goal <= 60 s for 100,000 contracts)`,
    ];
  });
}
