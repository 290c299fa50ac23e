-- The points mall (issue 16, PTSYS3, docs/loyalty.md "Points mall"). Points are whole numbers on
-- a double-entry ledger of their own, apart from money: money reports, statements and the ledger
-- check sum ledger_accounts without a currency, so points never enter them. Each transfer moves
-- points from one account to another, written as two entries that sum to zero, under a key that
-- makes a retry a no-op. A member's account never goes below zero; the system accounts
-- (ISSUE: points earned or bought; MALL: points spent on items) go negative or positive freely.
CREATE TABLE points_accounts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  -- null for a system account.
  member_id bigint REFERENCES members (id),
  -- 'member:<id>' or 'system:ISSUE' / 'system:MALL'.
  owner text NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  CONSTRAINT points_accounts_owner UNIQUE (merchant_code, owner),
  CONSTRAINT points_accounts_member_balance CHECK (member_id IS NULL OR balance >= 0)
);

CREATE TABLE points_transfers (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  -- bet, deposit, convert, redeem, refund, adjust.
  kind text NOT NULL CONSTRAINT points_transfers_kind CHECK (kind IN ('bet', 'deposit', 'convert', 'redeem', 'refund', 'adjust')),
  amount bigint NOT NULL CONSTRAINT points_transfers_amount CHECK (amount > 0),
  from_account_id bigint NOT NULL REFERENCES points_accounts (id),
  to_account_id bigint NOT NULL REFERENCES points_accounts (id),
  idempotency_key text NOT NULL,
  memo text,
  actor text NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT points_transfers_key UNIQUE (merchant_code, idempotency_key),
  CONSTRAINT points_transfers_sides CHECK (from_account_id <> to_account_id)
);

CREATE TABLE points_entries (
  id bigserial PRIMARY KEY,
  transfer_id bigint NOT NULL REFERENCES points_transfers (id),
  account_id bigint NOT NULL REFERENCES points_accounts (id),
  amount bigint NOT NULL,
  balance_after bigint NOT NULL
);
CREATE INDEX points_entries_account_idx ON points_entries (account_id, id DESC);

-- What each settled real-money round earned, once per round (0 where its category has no ratio).
CREATE TABLE points_round_earnings (
  merchant_code text NOT NULL,
  round_pk bigint NOT NULL,
  member_id bigint NOT NULL,
  category text,
  valid_bet bigint NOT NULL,
  points bigint NOT NULL,
  transfer_id bigint REFERENCES points_transfers (id),
  PRIMARY KEY (merchant_code, round_pk)
);

-- A deposit's points, credited once the deposit has been wagered (docs/loyalty.md).
CREATE TABLE points_deposit_earnings (
  merchant_code text NOT NULL,
  deposit_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  member_id bigint NOT NULL,
  amount bigint NOT NULL,
  points bigint NOT NULL,
  transfer_id bigint REFERENCES points_transfers (id),
  vested_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, deposit_transfer_id)
);

-- The mall's items, seeded from config/loyalty.json `points.items` by code; the stock lives here.
CREATE TABLE points_items (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  code text NOT NULL,
  name jsonb NOT NULL,
  description jsonb,
  image text,
  price_points bigint NOT NULL CONSTRAINT points_items_points CHECK (price_points >= 0),
  price_minor bigint NOT NULL CONSTRAINT points_items_money CHECK (price_minor >= 0),
  stock integer NOT NULL CONSTRAINT points_items_stock CHECK (stock >= 0),
  sort integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  CONSTRAINT points_items_code UNIQUE (merchant_code, code)
);

-- Cash bought points: one money transfer (main wallet → HOUSE:POINTS) and one points transfer.
CREATE TABLE points_conversions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  request_key text NOT NULL,
  amount bigint NOT NULL,
  rate text NOT NULL,
  points bigint NOT NULL,
  money_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  points_transfer_id bigint NOT NULL REFERENCES points_transfers (id),
  created_at timestamptz NOT NULL,
  CONSTRAINT points_conversions_key UNIQUE (merchant_code, member_id, request_key)
);

-- A redemption: applying until an operator approves or rejects it (a rejection refunds once).
CREATE TABLE points_redemptions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  ref text NOT NULL,
  member_id bigint NOT NULL,
  request_key text NOT NULL,
  item_id bigint NOT NULL REFERENCES points_items (id),
  quantity integer NOT NULL CONSTRAINT points_redemptions_quantity CHECK (quantity > 0),
  points bigint NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL CONSTRAINT points_redemptions_status CHECK (status IN ('applying', 'rejected', 'approved')),
  recipient text NOT NULL,
  address text NOT NULL,
  mobile text NOT NULL,
  remark text,
  decided_by text,
  points_transfer_id bigint REFERENCES points_transfers (id),
  money_transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  CONSTRAINT points_redemptions_ref UNIQUE (merchant_code, ref),
  CONSTRAINT points_redemptions_key UNIQUE (merchant_code, member_id, request_key)
);
CREATE INDEX points_redemptions_member_idx ON points_redemptions (merchant_code, member_id, id DESC);

-- Points accrue on rounds settled and deposits made from here on (as rebates do).
CREATE TABLE points_programs (
  merchant_code text PRIMARY KEY,
  earn_from timestamptz NOT NULL
);
INSERT INTO points_programs (merchant_code, earn_from) SELECT code, now() FROM merchants;
