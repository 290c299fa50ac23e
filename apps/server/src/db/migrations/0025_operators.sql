-- Operator accounts: the merchant's staff who run the site through the operator console and the
-- operator API (separate from members). Each has a role (its permissions are data in
-- modules/operators/roles.ts), an Argon2id password and a mandatory authenticator (TOTP) with
-- recovery codes; an invited operator enrols through a one-time link.
CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  name text NOT NULL,
  email text NOT NULL,
  role text NOT NULL,
  -- invited (enrolment link not used yet), active, disabled
  status text NOT NULL DEFAULT 'invited',
  password_hash text,
  -- The authenticator key, sealed with the secrets key (context operator-totp:<id>).
  totp_secret text,
  -- The last 30-second step a code was taken for: a code is never taken twice.
  totp_last_step bigint,
  -- SHA-256 (hex) of the recovery codes not used yet.
  recovery_codes jsonb NOT NULL DEFAULT '[]'::jsonb,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  -- Addresses and ranges (CIDR) the operator may work from; empty means anywhere.
  allowed_ranges jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- SHA-256 (hex) of the enrolment link's token while the operator is invited.
  enrol_token_hash text,
  enrol_expires_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  UNIQUE (merchant_code, name)
);
CREATE UNIQUE INDEX operators_enrol_token ON operators (enrol_token_hash) WHERE enrol_token_hash IS NOT NULL;

-- Console sessions: the token's SHA-256 is kept, never the token. 15 minutes idle, 8 hours at most.
CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  ip text,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
