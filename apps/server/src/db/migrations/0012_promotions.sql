-- Promotions (docs/promotions.md). The activities themselves live in the merchant's configuration
-- (config/promotions.json); these tables hold what members did with them.

-- One row per member and promotion (per day for a raffle: day is the UTC date, '' otherwise):
-- a sign-up join (JOINED, then REWARDED when the reward is paid), a claim or a raffle draw
-- (CLAIMED). The unique key is what makes a second join or claim refuse instead of pay twice.
CREATE TABLE promo_participations (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  promotion_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('SIGNUP', 'CLAIM', 'RAFFLE')),
  day text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('JOINED', 'REWARDED', 'CLAIMED')),
  amount bigint CHECK (amount IS NULL OR amount > 0),
  ledger_transfer_id bigint,
  joined_at timestamptz NOT NULL,
  rewarded_at timestamptz,
  UNIQUE (merchant_code, promotion_id, member_id, day)
);
CREATE INDEX promo_participations_member_idx ON promo_participations (merchant_code, member_id);

-- Applications to APPLICATION promotions: a remark and up to three image keys (BlobStorage),
-- reviewed by an operator. At most one PENDING application per member and promotion.
CREATE TABLE promo_applications (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  promotion_id text NOT NULL,
  remark text NOT NULL CHECK (char_length(remark) BETWEEN 1 AND 140),
  image_keys jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  reason text,
  amount bigint CHECK (amount IS NULL OR amount > 0),
  ledger_transfer_id bigint,
  reviewed_by text,
  created_at timestamptz NOT NULL,
  reviewed_at timestamptz
);
CREATE INDEX promo_applications_member_idx ON promo_applications (merchant_code, member_id, created_at DESC);
CREATE INDEX promo_applications_status_idx ON promo_applications (merchant_code, status, created_at);
CREATE UNIQUE INDEX promo_applications_one_pending ON promo_applications (merchant_code, promotion_id, member_id)
  WHERE status = 'PENDING';
