-- Loyalty, step 1 (issue 16, docs/loyalty.md): VIP ranks and rebates. The levels, conditions,
-- bonuses and rates are the merchant's configuration (config/loyalty.json); these tables hold
-- each member's standing and every amount it earned, each paid amount a ledger transfer.

-- A member's VIP level and the rebate rest carried from its last claim (accrual units, 10^-4 of
-- the currency unit). A member without a row is VIP0 with nothing carried.
CREATE TABLE loyalty_members (
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  vip_level integer NOT NULL DEFAULT 0 CONSTRAINT loyalty_members_level CHECK (vip_level >= 0),
  rebate_carried bigint NOT NULL DEFAULT 0 CONSTRAINT loyalty_members_carried CHECK (rebate_carried >= 0),
  rebate_claims integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, member_id)
);

-- Every change of a member's level: upgrades, the month-end keep check, an operator's setting.
-- The level at a time (what a bet settled then accrues at) is the last change before it.
CREATE TABLE loyalty_vip_changes (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  from_level integer NOT NULL,
  to_level integer NOT NULL,
  reason text NOT NULL CONSTRAINT loyalty_vip_changes_reason CHECK (reason IN ('upgrade', 'keep', 'operator')),
  actor text NOT NULL,
  note text,
  changed_at timestamptz NOT NULL
);
CREATE INDEX loyalty_vip_changes_member_idx ON loyalty_vip_changes (merchant_code, member_id, changed_at);

-- Each level's upgrade bonus, paid once per member (the transfer's key is vip:upgrade:<member>:<level>).
CREATE TABLE loyalty_vip_bonuses (
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  level integer NOT NULL,
  amount bigint NOT NULL,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, member_id, level)
);

-- What each settled real-money round of the record of play accrued, once per round (accrued in
-- accrual units at the member's level when it settled; 0 where the category has no rate).
-- claim_id: the claim that paid it; null while unclaimed.
CREATE TABLE loyalty_rebate_accruals (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  round_pk bigint NOT NULL,
  category text,
  vip_level integer NOT NULL,
  valid_bet bigint NOT NULL,
  rate text,
  accrued bigint NOT NULL CONSTRAINT loyalty_rebate_accruals_accrued CHECK (accrued >= 0),
  settled_at timestamptz NOT NULL,
  claim_id bigint,
  CONSTRAINT loyalty_rebate_accruals_round UNIQUE (merchant_code, round_pk)
);
CREATE INDEX loyalty_rebate_accruals_open_idx ON loyalty_rebate_accruals (merchant_code, member_id)
  WHERE claim_id IS NULL;

-- A claim (the member's, or the daily job's in auto mode): one transfer of what was claimable
-- rounded down to the minor unit, the rest carried. seq numbers a member's claims (the key).
CREATE TABLE loyalty_rebate_claims (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  seq integer NOT NULL,
  mode text NOT NULL CONSTRAINT loyalty_rebate_claims_mode CHECK (mode IN ('manual', 'auto')),
  accrued bigint NOT NULL,
  paid bigint NOT NULL,
  carried bigint NOT NULL,
  transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL,
  CONSTRAINT loyalty_rebate_claims_seq UNIQUE (merchant_code, member_id, seq)
);
CREATE INDEX loyalty_rebate_claims_member_idx ON loyalty_rebate_claims (merchant_code, member_id, id DESC);

-- A scheduled run per merchant and period (the month-end keep check, the daily rebate payout):
-- the row is taken first, so a run happens once however many processes fire it.
CREATE TABLE loyalty_job_runs (
  merchant_code text NOT NULL,
  job text NOT NULL,
  period text NOT NULL,
  ran_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, job, period)
);

-- Rebates accrue on rounds settled from here on: a merchant that existed before loyalty gets no
-- rebates for its past play (a merchant made later accrues from its first round).
CREATE TABLE loyalty_programs (
  merchant_code text PRIMARY KEY,
  accrue_from timestamptz NOT NULL
);
INSERT INTO loyalty_programs (merchant_code, accrue_from) SELECT code, now() FROM merchants;

-- The accrual job finds the rounds settled lately that have accrued nothing yet.
CREATE INDEX game_rounds_settled_idx ON game_rounds (merchant, settled_at)
  WHERE status = 'settled' AND mode = 'real';
