-- The ledger: double-entry accounts, transfers and entries. Amounts are integer minor units.
-- Rows are never edited except an account's balance and version, which move only together with
-- a new entry; a correction is a reversing transfer.

-- An account: a member's wallet (MAIN, PLAY, HOLD, AGENT, VENDOR:<vendor>) or a system account
-- of the merchant (HOUSE:<code>, CLEARING, BONUS). A system account is split into shards, rows
-- that each take a part of its traffic so that concurrent transfers do not queue on one row;
-- its balance is the sum of its shards. Member accounts have one row (shard 0) and may never go
-- below zero: the CHECK is what refuses a transfer that would take them there.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint REFERENCES members (id),
  code text NOT NULL,
  shard integer NOT NULL DEFAULT 0,
  balance bigint NOT NULL DEFAULT 0,
  -- The number of entries of the account; each entry records the version it made.
  version bigint NOT NULL DEFAULT 0,
  may_go_negative boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_non_negative CHECK (may_go_negative OR balance >= 0),
  CONSTRAINT ledger_accounts_shard CHECK (shard >= 0 AND (member_id IS NULL OR shard = 0))
);
CREATE UNIQUE INDEX ledger_accounts_member_idx ON ledger_accounts (merchant_code, member_id, code)
  WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_idx ON ledger_accounts (merchant_code, code, shard)
  WHERE member_id IS NULL;

-- A movement of `amount` from one account to another. The idempotency key is unique per
-- merchant; request_hash tells a retry (same request) from a reuse of the key (refused).
-- A reversal names the transfer it undoes; a transfer is reversed at most once.
-- merchant_code has no foreign key on purpose: every transfer would share-lock the merchant's
-- row; the accounts it references carry the merchant's key.
CREATE TABLE ledger_transfers (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  kind integer NOT NULL,
  from_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  to_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CONSTRAINT ledger_transfers_amount CHECK (amount > 0),
  memo text,
  reverses_transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  CONSTRAINT ledger_transfers_two_accounts CHECK (from_account_id <> to_account_id)
);
CREATE UNIQUE INDEX ledger_transfers_key_idx ON ledger_transfers (merchant_code, idempotency_key);
CREATE UNIQUE INDEX ledger_transfers_reverses_idx ON ledger_transfers (reverses_transfer_id)
  WHERE reverses_transfer_id IS NOT NULL;

-- One entry per side of a transfer: the signed amount and the account's balance before and
-- after it, with the version it made (unique per account, so the history is a gapless chain).
-- Entries are written only by the statement that inserts their transfer and updates their
-- accounts, from the rows it has just written; foreign keys here would re-check what that
-- statement guarantees, for some 15 % of a transfer's cost (bench/ledger.ts). The invariant
-- check (npm run ops -- ledger-check) finds any entry without its transfer or account.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  transfer_id bigint NOT NULL,
  account_id bigint NOT NULL,
  amount bigint NOT NULL CONSTRAINT ledger_entries_amount CHECK (amount <> 0),
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  account_version bigint NOT NULL,
  CONSTRAINT ledger_entries_balance CHECK (balance_after = balance_before + amount)
);
CREATE UNIQUE INDEX ledger_entries_account_idx ON ledger_entries (account_id, account_version);
CREATE INDEX ledger_entries_transfer_idx ON ledger_entries (transfer_id);
