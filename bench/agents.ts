/**
 * The agent tree at scale (issue 15): a generated tree of 1,000,000 members on PostgreSQL
 * (BENCH_DATABASE_URL, a fresh schema dropped afterwards), built with set-based SQL
 * (generate_series, no row-by-row inserts): under the house, 10 top agents, each with 100 agents
 * below it and 999 players under each of those, so a top agent has 100,000 descendants. Every
 * member has a main wallet with a balance, a fifth a settled round of play, a third a sign-in.
 * Then the team overview and the first page of the downline list of one top agent, each run
 * BENCH_AGENT_RUNS times (default 50) through the agent centre's service: p50 and p99.
 */
import path from 'node:path';
import pg from 'pg';
import { findByAccount } from '../apps/server/src/modules/accounts/index.ts';
import { AgentCentre } from '../apps/server/src/modules/agents/service.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { REPO_ROOT } from '../apps/server/src/platform/config.ts';
import { type Database, migrate } from '../apps/server/src/platform/db.ts';
import { readMerchantConfig } from '../apps/server/src/platform/merchant-config.ts';
import { ensureMerchant, MerchantStore } from '../apps/server/src/platform/merchants.ts';
import { fmt, onPostgresSchema } from './ledger.ts';

const MERCHANT = 'AURUM';
const TOPS = 10;
const SUBS_PER_TOP = 100;
const PLAYERS_PER_SUB = 999;
const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 50);

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

/** The tree, set-based: ids are computed, so every path is known without a walk. */
async function generate(database: Database): Promise<number> {
  return database.rawTransaction(async (tx) => {
    const [house] = await tx.rows<{ id: string; path: string }>(
      `SELECT id::text, path FROM members WHERE merchant_code = $1 AND kind = 'house'`,
      [MERCHANT],
    );
    if (!house) throw new Error('no house node');
    const [{ base } = { base: '0' }] = await tx.rows<{ base: string }>(
      'SELECT (coalesce(max(id), 0) + 1)::text AS base FROM members',
    );
    const b = Number(base);
    const subBase = b + TOPS;
    const playerBase = subBase + TOPS * SUBS_PER_TOP;
    // The rounds and sign-ins below are generated with the members' activity columns (migration
    // 0043) filled alongside, set-based, so the triggers that keep them are off for the build.
    await tx.exec('SET LOCAL session_replication_role = replica');
    const insert = (select: string) =>
      tx.exec(`INSERT INTO members (id, merchant_code, account, account_lower, user_name, type, upline_id, path, depth,
                 language, created_at, first_deposit_at, first_bet_at, last_sign_in_at) ${select}`);
    const none = 'NULL::timestamptz, NULL::timestamptz, NULL::timestamptz';
    const pid = `(${playerBase} + g * ${PLAYERS_PER_SUB} + p)`;
    // Top agents.
    await insert(`SELECT ${b} + t, '${MERCHANT}', 'top' || t, 'top' || t, 'top' || t, 1, ${house.id},
                         '${house.path}' || (${b} + t) || '/', 1, 'EN', now() - interval '40 days', ${none}
                    FROM generate_series(0, ${TOPS - 1}) t`);
    // Agents under them.
    await insert(`SELECT ${subBase} + t * ${SUBS_PER_TOP} + s, '${MERCHANT}', 'sub' || t || '_' || s, 'sub' || t || '_' || s,
                         'sub' || t || '_' || s, 1, ${b} + t,
                         '${house.path}' || (${b} + t) || '/' || (${subBase} + t * ${SUBS_PER_TOP} + s) || '/', 2, 'EN',
                         now() - interval '30 days', ${none}
                    FROM generate_series(0, ${TOPS - 1}) t, generate_series(0, ${SUBS_PER_TOP - 1}) s`);
    // Players under those, registered over the last 60 days.
    await insert(`SELECT ${playerBase} + g * ${PLAYERS_PER_SUB} + p, '${MERCHANT}', 'p' || g || '_' || p, 'p' || g || '_' || p,
                         'p' || g || '_' || p, 0, ${subBase} + g,
                         '${house.path}' || (${b} + g / ${SUBS_PER_TOP}) || '/' || (${subBase} + g) || '/' ||
                           (${playerBase} + g * ${PLAYERS_PER_SUB} + p) || '/', 3, 'EN',
                         now() - ((g * ${PLAYERS_PER_SUB} + p) % 86400) * interval '1 minute',
                         -- a quarter made a deposit; the fifth and the third of the rounds and sign-ins below
                         CASE WHEN ${pid} % 4 = 0 THEN now() - (${pid} % 1000) * interval '1 hour' END,
                         CASE WHEN ${pid} % 5 = 0 THEN now() - (${pid} % 2000) * interval '1 hour' END,
                         CASE WHEN ${pid} % 3 = 0 THEN now() - (${pid} % 1500) * interval '1 hour' END
                    FROM generate_series(0, ${TOPS * SUBS_PER_TOP - 1}) g, generate_series(0, ${PLAYERS_PER_SUB - 1}) p`);
    await tx.exec(`SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT max(id) FROM members))`);
    // Wallets (bench-only balances, no entries behind them), rounds of play and sign-ins.
    await tx.exec(`INSERT INTO ledger_accounts (merchant_code, member_id, code, balance, may_go_negative, member_path)
                   SELECT merchant_code, id, 'MAIN', (id % 100000)::bigint, false, path FROM members
                    WHERE merchant_code = '${MERCHANT}' AND id >= ${b}`);
    await tx.exec(`INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
                     bet_minor, win_minor, opened_at, settled_at)
                   SELECT '${MERCHANT}', 'AURX', 'r' || id, 'o' || id, id, 'dice', 'real', 'settled', 1000, 500,
                          now() - (id % 2000) * interval '1 hour', now() - (id % 2000) * interval '1 hour'
                     FROM members WHERE merchant_code = '${MERCHANT}' AND id >= ${playerBase} AND id % 5 = 0`);
    await tx.exec(`INSERT INTO member_sign_ins (merchant_code, member_id, method, success, created_at)
                   SELECT '${MERCHANT}', id, 'password', true, now() - (id % 1500) * interval '1 hour'
                     FROM members WHERE merchant_code = '${MERCHANT}' AND id >= ${playerBase} AND id % 3 = 0`);
    return b;
  });
}

async function time(fn: () => Promise<unknown>) {
  const ms: number[] = [];
  await fn(); // warm the plan and the cache
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return { p50: pct(ms, 0.5), p99: pct(ms, 0.99) };
}

export async function agentsBench(): Promise<string[]> {
  return onPostgresSchema('bench_agents', async ({ database, url, schema }) => {
    await migrate(database);
    await ensureMerchant(database, await readMerchantConfig(path.join(REPO_ROOT, 'config')));
    // The house node is made with the merchant's first member.
    await database.rawTransaction((tx) =>
      tx.rows(
        `INSERT INTO members (merchant_code, account, account_lower, user_name, type, path, language, status, kind)
         VALUES ($1, '~house', '~house', '~house', -1, '/', 'EN', 'disabled', 'house')`,
        [MERCHANT],
      ),
    );
    await database.rawTransaction((tx) =>
      tx.rows(`UPDATE members SET path = '/' || id || '/' WHERE kind = 'house'`),
    );
    const started = performance.now();
    await generate(database);
    const built = performance.now() - started;
    await database.rawTransaction((tx) =>
      tx.exec('ANALYZE members; ANALYZE ledger_accounts; ANALYZE game_rounds; ANALYZE member_sign_ins'),
    );
    // As autovacuum would, the visibility map of the fresh rows, so the team's range scan is
    // index-only (VACUUM cannot run inside a transaction: its own connection).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`VACUUM ANALYZE ${schema}.members, ${schema}.ledger_accounts`);
    await admin.end();
    const [{ n } = { n: '0' }] = await database.rawTransaction((tx) =>
      tx.rows<{ n: string }>(`SELECT count(*)::text AS n FROM members WHERE kind = 'member'`),
    );
    const store = new MerchantStore(database);
    const merchant = (await store.get(MERCHANT))!;
    const agent = (await findByAccount(database.db, MERCHANT, 'top0'))!;
    const centre = new AgentCentre(database, systemClock);
    const overview = await centre.overview(merchant, agent);
    const report = await time(() => centre.overview(merchant, agent));
    const list = await time(() => centre.members(merchant, agent, { page: 1, size: 20 }));
    const filtered = await time(() =>
      centre.members(merchant, agent, { page: 1, size: 20, level: 1, balanceMin: 50_000n }),
    );
    return [
      `agents (postgres): generated ${fmt(Number(n))} members set-based in ${(built / 1000).toFixed(1)} s; ` +
        `agent top0: team ${fmt(overview.teamSize)} (${fmt(overview.teamSize - 1)} descendants), balance ${overview.teamBalance}`,
      `agents: team overview of a 100,000-descendant agent, ${RUNS} runs: p50 ${report.p50.toFixed(0)} ms, ` +
        `p99 ${report.p99.toFixed(0)} ms (goal p99 <= 200 ms)`,
      `agents: downline list page 1 (20 rows, team size and balance each): p50 ${list.p50.toFixed(0)} ms, ` +
        `p99 ${list.p99.toFixed(0)} ms; filtered (level 1, balance >= 500.00): p50 ${filtered.p50.toFixed(0)} ms, ` +
        `p99 ${filtered.p99.toFixed(0)} ms`,
    ];
  });
}
