-- Accounts and sessions: members, sessions, the server's encryption key, captchas,
-- verification codes, rate-limit counters and the message outbox.

-- Members of a merchant. `path` is the chain of ids from the top upline down to the member
-- ('/12/40/'), so a downline is a prefix query on an index, never a recursive walk. It uses the
-- "C" collation so that LIKE '/12/%' can use the plain btree index on every engine.
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  account text NOT NULL,
  account_lower text NOT NULL,
  user_name text NOT NULL,
  nickname text,
  mobile text,
  country_dialing_code text,
  email text,
  type integer NOT NULL DEFAULT 0,
  upline_id bigint REFERENCES members (id),
  path text COLLATE "C" NOT NULL,
  affiliate_code text,
  profile jsonb NOT NULL DEFAULT '{}'::jsonb,
  password_hash text,
  payment_password_hash text,
  password_changed_at timestamptz,
  first_login_at timestamptz,
  language text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_account_idx ON members (merchant_code, account_lower);
CREATE UNIQUE INDEX members_mobile_idx ON members (merchant_code, mobile);
CREATE UNIQUE INDEX members_affiliate_idx ON members (merchant_code, affiliate_code);
CREATE INDEX members_path_idx ON members (merchant_code, path);
CREATE INDEX members_upline_idx ON members (upline_id);

-- Sessions and remember tokens: only the SHA-256 of a token is stored. Idle expiry slides with
-- last_seen_at; expires_at is absolute.
CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL,
  token_hash text NOT NULL,
  device_id text,
  ip text,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX sessions_token_idx ON sessions (token_hash);
CREATE INDEX sessions_member_idx ON sessions (member_id, kind);

-- The RSA key pair that encrypted (E) bodies are made for. One row per slot, so processes that
-- start together agree on the first key inserted.
CREATE TABLE server_keys (
  slot text PRIMARY KEY,
  kid text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Captcha answers, hashed, single use.
CREATE TABLE captchas (
  id text PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  answer_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captchas_expiry_idx ON captchas (expires_at);

-- One-time codes sent by SMS or email, hashed, bound to a recipient and a purpose.
CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  channel text NOT NULL,
  purpose text NOT NULL,
  recipient text NOT NULL,
  member_id bigint REFERENCES members (id),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX verification_codes_lookup_idx ON verification_codes (merchant_code, channel, purpose, recipient, created_at);

-- Rate-limit counters when no Redis is configured: a window per key, in epoch milliseconds of
-- the application clock.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start_ms bigint NOT NULL,
  expires_at_ms bigint NOT NULL
);
CREATE INDEX rate_limits_expiry_idx ON rate_limits (expires_at_ms);

-- Messages the default provider "sends": operators and tests read them here.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  channel text NOT NULL,
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_merchant_idx ON outbox (merchant_code, created_at);
