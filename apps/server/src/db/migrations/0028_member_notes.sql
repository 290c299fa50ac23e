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
