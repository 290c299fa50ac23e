-- Two-factor sign-in with an authenticator app (TOTP) and the member's security events.

-- One authenticator per member. The key is kept encrypted (platform/crypto.ts SecretBox, bound to
-- the member id). confirmed_at is null while a started binding waits for its first code; last_step
-- is the newest 30-second step a code was accepted for, so a code works once.
CREATE TABLE member_two_factor (
  member_id bigint PRIMARY KEY REFERENCES members (id),
  merchant_code text NOT NULL REFERENCES merchants (code),
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  last_step bigint
);

-- Ten single-use recovery codes per bound member, kept only as their SHA-256.
CREATE TABLE member_recovery_codes (
  member_id bigint NOT NULL REFERENCES members (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (member_id, code_hash)
);

-- The second step of a sign-in: a random ticket (kept as its SHA-256), short-lived, used once,
-- burnt after five wrong codes. It carries what the first step decided for the session.
CREATE TABLE two_factor_challenges (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  ticket_hash text NOT NULL,
  ip text NOT NULL,
  device_id text,
  remember boolean NOT NULL DEFAULT false,
  -- Whether the first step was a password (and the default one): the login value's forced change.
  by_password boolean NOT NULL DEFAULT false,
  default_password boolean NOT NULL DEFAULT false,
  failures integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX two_factor_challenges_ticket_idx ON two_factor_challenges (ticket_hash);
CREATE INDEX two_factor_challenges_expiry_idx ON two_factor_challenges (expires_at);

-- What changed in a member's account security, and from where (the member's own audit trail).
CREATE TABLE member_security_events (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL,
  ip text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX member_security_events_member_idx ON member_security_events (member_id, created_at);
