-- The reward centre (issue 16, docs/loyalty.md "Reward centre"). loyalty_reward_claims holds each
-- reward paid, once per member and reward key ("signIn:2026-11-10", "signInWeek:2026-11-09",
-- "signInMonth:2026-11", "rescue:2026-11-09:RNG", "promo:WELCOME88"); each paid amount is a ledger
-- transfer with the key reward:<member>:<reward key>. A sign-in row keeps its business day and the
-- day of the continuous run it paid. loyalty_promo_codes holds the promo codes (seeded from
-- config/loyalty.json rewardCenter.promoCodes, made and disabled by the operator); `used` never
-- passes `cap` (the check, and the conditional update that takes a use).
CREATE TABLE loyalty_reward_claims (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  kind text NOT NULL CONSTRAINT loyalty_reward_claims_kind
    CHECK (kind IN ('signIn', 'signInWeek', 'signInMonth', 'rescue', 'promo')),
  reward_key text NOT NULL,
  detail text NOT NULL,
  sign_day text,
  run_day integer,
  amount bigint NOT NULL CONSTRAINT loyalty_reward_claims_amount CHECK (amount > 0),
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  claimed_at timestamptz NOT NULL,
  CONSTRAINT loyalty_reward_claims_once UNIQUE (merchant_code, member_id, reward_key)
);
CREATE INDEX loyalty_reward_claims_member ON loyalty_reward_claims (merchant_code, member_id, claimed_at);

CREATE TABLE loyalty_promo_codes (
  merchant_code text NOT NULL,
  code text NOT NULL,
  amount bigint NOT NULL CONSTRAINT loyalty_promo_codes_amount CHECK (amount > 0),
  cap integer NOT NULL CONSTRAINT loyalty_promo_codes_cap CHECK (cap > 0),
  used integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, code),
  CONSTRAINT loyalty_promo_codes_used CHECK (used >= 0 AND used <= cap)
);

-- The messages sent about a reward (claimable, expiring), once each.
CREATE TABLE loyalty_reward_notices (
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  notice_key text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, member_id, notice_key)
);
