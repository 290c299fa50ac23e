-- Operator notes on a member (the console's player page): who wrote what, and when. An operator's
-- lock or unlock of a member writes one too (kind 'lock' or 'unlock', the reason as its text), so
-- the page shows why a member is locked and by whom; members.status is the lock itself.
CREATE TABLE member_notes (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  kind text NOT NULL DEFAULT 'note' CONSTRAINT member_notes_kind CHECK (kind IN ('note', 'lock', 'unlock')),
  body text NOT NULL,
  author text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX member_notes_member_idx ON member_notes (member_id, id DESC);

-- The console's player search (modules/players): an account from its start, an email, a mobile
-- by its last digits (without the dialling code), and the members who signed in or held a
-- session from an address; each an index probe, not a scan of the merchant's members.
CREATE INDEX members_account_prefix_idx ON members (merchant_code, account_lower text_pattern_ops);
CREATE INDEX members_email_idx ON members (merchant_code, lower(email));
CREATE INDEX members_mobile_suffix_idx ON members (merchant_code, reverse(mobile) text_pattern_ops);
CREATE INDEX member_sign_ins_ip_idx ON member_sign_ins (merchant_code, ip);
CREATE INDEX sessions_ip_idx ON sessions (merchant_code, ip);
