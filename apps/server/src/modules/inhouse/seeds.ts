import { randomBytes } from 'node:crypto';
import type { FairState } from '@aurum/contract';
import { serverSeedHash } from '@aurum/games';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { type Queryable, type Sql, SqlRunner } from '../../platform/sql.ts';
import type { FairDraw } from './rounds.ts';

/** Whose seeds: one current pair per player of a vendor at a merchant. */
export interface SeedOwner {
  merchant: string;
  vendor: string;
  playerId: string;
}

/** A seed pair as a bet draws from it: nonce is the nonce of that bet. */
export interface TakenSeed extends FairDraw {
  seedId: number;
}

/** A pair that rotating has ended: its server seed may now be shown. */
export interface RevealedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Nonces taken from the pair: 0..nonces − 1. */
  nonces: number;
}

interface SeedSqlRow {
  id: unknown;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: unknown;
}

const CURRENT = 'merchant = $1 AND vendor = $2 AND player_id = $3 AND revealed_at IS NULL';
/** $1 merchant, $2 vendor, $4 round id: the round is recorded at the platform. */
const ROUND_EXISTS =
  'SELECT 1 FROM game_rounds r WHERE r.merchant = $1 AND r.vendor = $2 AND r.round_id = $4';
/** A bet or rotation that meets another rotation of the same pair tries again this many times. */
const ROTATE_ATTEMPTS = 3;

/** A default client seed: 16 random hex characters, until the player picks their own. */
const defaultClientSeed = () => randomBytes(8).toString('hex');

const stateOf = (r: SeedSqlRow): FairState => ({
  serverSeedHash: r.server_seed_hash,
  clientSeed: r.client_seed,
  nonce: Number(r.nonce),
});

/**
 * Provably-fair seed pairs (inhouse_seeds). A pair is committed (its hash shown) before any bet
 * draws from it; each bet takes the pair's next nonce in the same UPDATE that increments it, so
 * concurrent bets never share a nonce; rotating reveals the old server seed and starts a new pair.
 */
export class FairSeeds {
  private readonly runner: SqlRunner;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    /** 64 hex characters of fresh CSPRNG output per pair. */
    private readonly newServerSeed: () => string,
  ) {
    this.runner = new SqlRunner(database);
  }

  /** The player's current pair (the server seed only as its hash), made on first use. */
  async state(owner: SeedOwner): Promise<FairState> {
    const sql = this.runner.on(this.database.db);
    for (;;) {
      const [row] = await sql.rows<SeedSqlRow>(
        `SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM inhouse_seeds WHERE ${CURRENT}`,
        [owner.merchant, owner.vendor, owner.playerId],
        'inhouse_seed_current_v1',
      );
      if (row) return stateOf(row);
      await this.ensure(sql, owner);
    }
  }

  /**
   * Takes the next nonce of the player's pair for the round `roundId`, unless that round is
   * recorded already (a retry: null, nothing taken). A bet the wallet then refuses, or the
   * losing one of two concurrent first tries of one round, leaves its nonce unused: nonces only
   * grow, so no outcome is drawn twice.
   */
  async take(owner: SeedOwner, roundId: string): Promise<TakenSeed | null> {
    const sql = this.runner.on(this.database.db);
    for (let attempt = 1; ; attempt++) {
      const [row] = await sql.rows<SeedSqlRow>(
        `UPDATE inhouse_seeds SET nonce = nonce + 1
         WHERE ${CURRENT} AND NOT EXISTS (${ROUND_EXISTS})
         RETURNING id, server_seed, server_seed_hash, client_seed, nonce - 1 AS nonce`,
        [owner.merchant, owner.vendor, owner.playerId, roundId],
        'inhouse_seed_take_v1',
      );
      if (row) return { seedId: Number(row.id), ...drawOf(row) };
      // No row: the round exists, the player has no pair yet, or a rotation replaced the pair.
      const made = await this.ensure(sql, owner);
      if (!made && (await roundRecorded(sql, owner, roundId))) return null;
      if (attempt >= ROTATE_ATTEMPTS) throw new Error('the seed pair kept changing during a bet');
    }
  }

  /** Sets the client seed of the current pair; the next bet uses it. */
  async setClientSeed(owner: SeedOwner, clientSeed: string): Promise<FairState> {
    const sql = this.runner.on(this.database.db);
    for (;;) {
      const [row] = await sql.rows<SeedSqlRow>(
        `UPDATE inhouse_seeds SET client_seed = $4 WHERE ${CURRENT}
         RETURNING id, server_seed, server_seed_hash, client_seed, nonce`,
        [owner.merchant, owner.vendor, owner.playerId, clientSeed],
        'inhouse_seed_client_v1',
      );
      if (row) return stateOf(row);
      await this.ensure(sql, owner);
    }
  }

  /**
   * Ends the current pair and starts a new one with the same client seed and nonce 0, in one
   * transaction. The old server seed is written into the fair proof of every round of the
   * player that used the pair, so the platform's recall shows it from now on.
   */
  async rotate(owner: SeedOwner): Promise<{ previous: RevealedPair; current: FairState }> {
    for (let attempt = 1; ; attempt++) {
      const rotated = await this.database.db.transaction((tx) => this.rotateIn(tx, owner));
      if (rotated || attempt >= ROTATE_ATTEMPTS) {
        if (!rotated) throw new Error('the seed pair kept changing during its rotation');
        return rotated;
      }
    }
  }

  /**
   * After a bet of a pair was recorded: if the pair has been revealed meanwhile, the rotation
   * may not have seen this round, so its proof gets the server seed here. FOR SHARE waits for a
   * rotation in progress and then reads the pair as it committed.
   */
  async revealIfRotated(owner: SeedOwner, seedId: number, roundId: string): Promise<void> {
    await this.runner.on(this.database.db).rows(
      `WITH s AS (SELECT server_seed, revealed_at FROM inhouse_seeds WHERE id = $1 FOR SHARE)
       UPDATE game_rounds g SET fair = g.fair || jsonb_build_object('serverSeed', s.server_seed)
       FROM s
       WHERE s.revealed_at IS NOT NULL AND g.merchant = $2 AND g.vendor = $3 AND g.round_id = $4`,
      [seedId, owner.merchant, owner.vendor, roundId],
      'inhouse_seed_reveal_round_v1',
    );
  }

  private async rotateIn(tx: Queryable, owner: SeedOwner) {
    const sql = this.runner.on(tx);
    await this.ensure(sql, owner);
    const at = new Date(this.clock.now()).toISOString();
    const [old] = await sql.rows<SeedSqlRow>(
      `UPDATE inhouse_seeds SET revealed_at = $4 WHERE ${CURRENT}
       RETURNING id, server_seed, server_seed_hash, client_seed, nonce`,
      [owner.merchant, owner.vendor, owner.playerId, at],
      'inhouse_seed_reveal_v1',
    );
    // Another rotation took the pair first; its new pair was not visible to this statement.
    if (!old) return null;
    const current = await this.insert(sql, owner, old.client_seed);
    await sql.rows(
      `UPDATE game_rounds SET fair = fair || jsonb_build_object('serverSeed', $5::text)
       WHERE merchant = $1 AND vendor = $2 AND member_id = $3::bigint AND fair ->> 'serverSeedHash' = $4`,
      [owner.merchant, owner.vendor, owner.playerId, old.server_seed_hash, old.server_seed],
      'inhouse_seed_reveal_rounds_v1',
    );
    return {
      previous: {
        serverSeed: old.server_seed,
        serverSeedHash: old.server_seed_hash,
        clientSeed: old.client_seed,
        nonces: Number(old.nonce),
      },
      current: current ?? (await this.stateIn(sql, owner)),
    };
  }

  /** Makes the player's first pair unless there is one; true when it made one. */
  private async ensure(sql: Sql, owner: SeedOwner): Promise<boolean> {
    return (await this.insert(sql, owner, defaultClientSeed())) !== null;
  }

  private async insert(sql: Sql, owner: SeedOwner, clientSeed: string): Promise<FairState | null> {
    const serverSeed = this.newServerSeed();
    const [row] = await sql.rows<SeedSqlRow>(
      `INSERT INTO inhouse_seeds (merchant, vendor, player_id, server_seed, server_seed_hash, client_seed, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (merchant, vendor, player_id) WHERE revealed_at IS NULL DO NOTHING
       RETURNING id, server_seed, server_seed_hash, client_seed, nonce`,
      [
        owner.merchant,
        owner.vendor,
        owner.playerId,
        serverSeed,
        serverSeedHash(serverSeed),
        clientSeed,
        new Date(this.clock.now()).toISOString(),
      ],
      'inhouse_seed_insert_v1',
    );
    return row ? stateOf(row) : null;
  }

  private async stateIn(sql: Sql, owner: SeedOwner): Promise<FairState> {
    const [row] = await sql.rows<SeedSqlRow>(
      `SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM inhouse_seeds WHERE ${CURRENT}`,
      [owner.merchant, owner.vendor, owner.playerId],
      'inhouse_seed_current_v1',
    );
    if (!row) throw new Error('the new seed pair is not visible');
    return stateOf(row);
  }
}

async function roundRecorded(sql: Sql, owner: SeedOwner, roundId: string): Promise<boolean> {
  const rows = await sql.rows(
    'SELECT 1 FROM game_rounds WHERE merchant = $1 AND vendor = $2 AND round_id = $3',
    [owner.merchant, owner.vendor, roundId],
    'inhouse_round_exists_v1',
  );
  return rows.length > 0;
}

const drawOf = (r: SeedSqlRow): FairDraw => ({
  serverSeed: r.server_seed,
  serverSeedHash: r.server_seed_hash,
  clientSeed: r.client_seed,
  nonce: Number(r.nonce),
});
