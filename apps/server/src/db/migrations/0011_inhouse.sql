-- The in-house game vendor's own state. It is a vendor like any other: money and rounds live on
-- the platform's side (game_rounds, the ledger) and are reached through the seamless-wallet
-- protocol; these tables are what the vendor itself keeps.

-- Play sessions of the game pages: the page sends the session id (a 256-bit random token, kept
-- here only as its SHA-256) in X-Play-Session. vendor_session is the protocol's sessionToken the
-- vendor carries on balance and settle calls; game, mode, language and currency are what the
-- platform's authenticate answered.
CREATE TABLE inhouse_sessions (
  id_hash text PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  vendor text NOT NULL,
  player_id text NOT NULL,
  game_code text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'play')),
  language text NOT NULL,
  currency text NOT NULL,
  vendor_session text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX inhouse_sessions_expiry_idx ON inhouse_sessions (expires_at);

-- Provably-fair seed pairs, one current pair (revealed_at null) per player and vendor. The
-- server seed is 32 random bytes as hex, committed to by its SHA-256 before any bet; nonce is
-- the nonce of the next bet, taken and incremented by one UPDATE so concurrent bets never share
-- one. Rotating marks the pair revealed (its server seed may then be shown) and starts a new one.
CREATE TABLE inhouse_seeds (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  vendor text NOT NULL,
  player_id text NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce bigint NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  created_at timestamptz NOT NULL,
  revealed_at timestamptz
);
CREATE UNIQUE INDEX inhouse_seeds_current_idx ON inhouse_seeds (merchant, vendor, player_id)
  WHERE revealed_at IS NULL;
CREATE INDEX inhouse_seeds_hash_idx ON inhouse_seeds (merchant, server_seed_hash);
