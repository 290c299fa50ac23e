-- The security centre: what each session was started from, the member's sign-in history, and a
-- password change required by "this wasn't me".

-- The User-Agent kept at sign-in (cut to 512 characters), the place (two-letter country, from
-- the trusted country header or the bundled lookup; null when unknown) and the hash of the
-- browser's device cookie, which ties a session to the remember token made with it.
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN place text;
ALTER TABLE sessions ADD COLUMN device_hash text;

-- Every sign-in of a member, successful or failed (a wrong password or second-factor code for an
-- existing account), newest read first; the member sees the last 20.
CREATE TABLE member_sign_ins (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  method text NOT NULL,
  success boolean NOT NULL,
  ip text,
  place text,
  user_agent text,
  device_hash text,
  device_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX member_sign_ins_member_idx ON member_sign_ins (member_id, id);

-- Set by "this wasn't me": the next password sign-in must change the password; cleared when it is.
ALTER TABLE members ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
