-- Risk limits of the seamless wallet (modules/vendor/risk*.ts, docs/seamless-wallet.md "Risk
-- limits"): a credit or settle whose win would take its round above the game's maximum win
-- (a multiple of the round's stakes) or the vendor's absolute cap is not paid but held here
-- for the operator's review; the round stays open and refuses every other call meanwhile
-- (game_rounds.held). Release pays the win once (the ledger key of the credit, or of the
-- settle's win leg) and closes the round as the credit would have; reject closes it unpaid.

ALTER TABLE game_rounds ADD COLUMN held boolean NOT NULL DEFAULT false;

-- The bet type a debit or settle named (betType), for limits set per bet type; the index finds
-- a round's typed stakes (untyped bets, the usual case, stay out of it).
ALTER TABLE vendor_transactions ADD COLUMN bet_type text;
CREATE INDEX vendor_transactions_bet_type_idx ON vendor_transactions (merchant, vendor, round_id)
  WHERE bet_type IS NOT NULL;

CREATE TABLE vendor_risk_holds (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL,
  vendor text NOT NULL,
  -- The held credit's (or settle's) transaction id: its vendor_transactions row.
  tx_id text NOT NULL,
  kind text NOT NULL CONSTRAINT vendor_risk_holds_kind CHECK (kind IN ('credit', 'settle')),
  round_pk bigint NOT NULL REFERENCES game_rounds (id),
  round_id text NOT NULL,
  member_id bigint NOT NULL,
  mode text NOT NULL CONSTRAINT vendor_risk_holds_mode CHECK (mode IN ('real', 'play')),
  game_code text NOT NULL,
  -- The win held, and the limit it passed (the most the round could win in all) and which.
  win_minor bigint NOT NULL CONSTRAINT vendor_risk_holds_win CHECK (win_minor > 0),
  limit_minor bigint NOT NULL,
  rule text NOT NULL CONSTRAINT vendor_risk_holds_rule CHECK (rule IN ('GAME_MULTIPLE', 'VENDOR_CAP')),
  -- The round's stakes and wins paid when the win was held.
  stakes_minor bigint NOT NULL,
  wins_minor bigint NOT NULL,
  close_round boolean NOT NULL,
  -- What the vendor sent with the win (the round keeps it too).
  detail jsonb,
  fair jsonb,
  status text NOT NULL CONSTRAINT vendor_risk_holds_status CHECK (status IN ('PENDING', 'RELEASED', 'REJECTED')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text,
  -- Why it was rejected.
  reason text,
  -- The win's ledger transfer, once released.
  transfer_id bigint,
  CONSTRAINT vendor_risk_holds_tx_key UNIQUE (merchant, vendor, tx_id)
);
-- One pending hold per round: a held round takes no other call.
CREATE UNIQUE INDEX vendor_risk_holds_round_idx ON vendor_risk_holds (round_pk) WHERE status = 'PENDING';
-- The operator's queue, oldest first per status.
CREATE INDEX vendor_risk_holds_queue_idx ON vendor_risk_holds (merchant, status, id);
