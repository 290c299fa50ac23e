-- The seamless-wallet protocol (modules/vendor, docs/seamless-wallet.md): the secrets vendors
-- sign their calls with, the launch tokens and game sessions of players, the vendors'
-- transactions (idempotent by the vendor's own id) and the game rounds they make up.
-- Amounts are integer minor units.

-- The shared secret of one vendor at one merchant. The in-house vendors' secrets are generated
-- on first use; an external vendor's is made by the operator (npm run ops -- vendor-secret).
CREATE TABLE vendor_credentials (
  merchant text NOT NULL REFERENCES merchants (code),
  vendor text NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  PRIMARY KEY (merchant, vendor)
);

-- A launch token: what the game URL carries to the vendor, exchanged once (authenticate) for a
-- session. Only its SHA-256 is stored.
CREATE TABLE vendor_launch_tokens (
  token_hash text PRIMARY KEY,
  merchant text NOT NULL,
  vendor text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  game_code text NOT NULL,
  mode text NOT NULL CONSTRAINT vendor_launch_tokens_mode CHECK (mode IN ('real', 'play')),
  language text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX vendor_launch_tokens_expiry_idx ON vendor_launch_tokens (expires_at);

-- A player's game session at a vendor: what balance, debit and settle carry. It ends after
-- 30 idle minutes (last_seen_at is moved at most once a minute) or at expires_at (24 hours).
CREATE TABLE vendor_sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL,
  merchant text NOT NULL,
  vendor text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  game_code text NOT NULL,
  mode text NOT NULL CONSTRAINT vendor_sessions_mode CHECK (mode IN ('real', 'play')),
  language text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX vendor_sessions_token_idx ON vendor_sessions (token_hash);
CREATE INDEX vendor_sessions_expiry_idx ON vendor_sessions (expires_at);

-- A round of a game: opened by the first debit (or made whole by a settle), settled by the
-- closing credit, cancelled when its last live debit is rolled back. order_no is what the
-- member sees (<vendor>-<id>). balance_before is the wallet before the first debit,
-- balance_after the wallet after the closing credit; settled_at is when the round closed
-- (settled or cancelled). detail is what was dealt or spun, fair the provably-fair proof, both
-- as the vendor sent them. member_id has no foreign key on purpose: every round would
-- key-share-lock its member's row on the hot path; the ledger transfers it records carry the key.
CREATE TABLE game_rounds (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL,
  vendor text NOT NULL,
  round_id text NOT NULL,
  order_no text NOT NULL,
  member_id bigint NOT NULL,
  game_code text NOT NULL,
  mode text NOT NULL CONSTRAINT game_rounds_mode CHECK (mode IN ('real', 'play')),
  status text NOT NULL CONSTRAINT game_rounds_status CHECK (status IN ('open', 'settled', 'cancelled')),
  bet_minor bigint NOT NULL DEFAULT 0,
  win_minor bigint NOT NULL DEFAULT 0,
  balance_before_minor bigint,
  balance_after_minor bigint,
  detail jsonb,
  fair jsonb,
  opened_at timestamptz NOT NULL,
  settled_at timestamptz,
  CONSTRAINT game_rounds_round_key UNIQUE (merchant, vendor, round_id),
  CONSTRAINT game_rounds_order_key UNIQUE (merchant, order_no),
  CONSTRAINT game_rounds_amounts CHECK (bet_minor >= 0 AND win_minor >= 0)
);
-- The member's betting record, newest first.
CREATE INDEX game_rounds_member_idx ON game_rounds (merchant, member_id, opened_at DESC);
-- The winners board: real-money rounds that paid, newest first.
CREATE INDEX game_rounds_winners_idx ON game_rounds (merchant, settled_at DESC)
  WHERE status = 'settled' AND mode = 'real' AND win_minor > 0;

-- A vendor's transaction, one row per vendor transaction id: what makes a retried call return
-- the first answer (request_hash tells a retry from a reuse of the id). kind 'tombstone' is a
-- rollback's mark on a debit id never seen, so that the debit, arriving late, is refused.
-- balance_minor is the wallet balance the first answer reported; transfer_id the ledger
-- transfer of a debit (what its rollback reverses) or of a settle's bet; rolled_back_by the
-- rollback that reversed a debit. No foreign keys, as for game_rounds: the hot path.
CREATE TABLE vendor_transactions (
  merchant text NOT NULL,
  vendor text NOT NULL,
  tx_id text NOT NULL,
  kind text NOT NULL
    CONSTRAINT vendor_transactions_kind CHECK (kind IN ('debit', 'credit', 'settle', 'rollback', 'tombstone')),
  request_hash text,
  round_id text,
  member_id bigint,
  amount_minor bigint,
  win_minor bigint,
  transfer_id bigint,
  balance_minor bigint,
  original_tx_id text,
  rolled_back_by text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant, vendor, tx_id),
  CONSTRAINT vendor_transactions_hash CHECK ((kind = 'tombstone') = (request_hash IS NULL))
);
