-- Referral (issue 16, docs/loyalty.md "Referral"). A member's own referral code (made on its first
-- look at the referral page); registering with `referralCode` records who invited whom in
-- `referrals` and never touches the agent tree (members.upline_id / path stay as they are).
-- Rewards are worked out from the referrals, the ledger and the record of play on each read;
-- each claim books what was claimable per kind and is one ledger transfer keyed
-- referral:<referrer>:<seq> (seq numbers the referrer's claims: two claims at once cannot both
-- take the same seq). Birthday bonuses: one row per member and year, with their transfer.
CREATE TABLE referral_codes (
  merchant_code text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  code text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, member_id),
  CONSTRAINT referral_codes_code UNIQUE (merchant_code, code)
);

CREATE TABLE referrals (
  merchant_code text NOT NULL,
  invitee_id bigint NOT NULL REFERENCES members (id),
  referrer_id bigint NOT NULL REFERENCES members (id),
  code text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, invitee_id),
  CONSTRAINT referrals_not_self CHECK (invitee_id <> referrer_id)
);
CREATE INDEX referrals_referrer_idx ON referrals (merchant_code, referrer_id, created_at DESC);

CREATE TABLE referral_claims (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  referrer_id bigint NOT NULL REFERENCES members (id),
  seq integer NOT NULL,
  invitation bigint NOT NULL CONSTRAINT referral_claims_invitation CHECK (invitation >= 0),
  achievement bigint NOT NULL CONSTRAINT referral_claims_achievement CHECK (achievement >= 0),
  deposit_rebate bigint NOT NULL CONSTRAINT referral_claims_deposit CHECK (deposit_rebate >= 0),
  bet_rebate bigint NOT NULL CONSTRAINT referral_claims_bet CHECK (bet_rebate >= 0),
  amount bigint NOT NULL CONSTRAINT referral_claims_amount CHECK (amount > 0),
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  claimed_at timestamptz NOT NULL,
  CONSTRAINT referral_claims_seq UNIQUE (merchant_code, referrer_id, seq)
);

CREATE TABLE loyalty_birthday_bonuses (
  merchant_code text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  year integer NOT NULL,
  vip_level integer NOT NULL,
  amount bigint NOT NULL CONSTRAINT loyalty_birthday_bonuses_amount CHECK (amount > 0),
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, member_id, year)
);
