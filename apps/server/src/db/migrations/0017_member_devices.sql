-- Devices a member has signed in from: a long-lived random cookie (`device`), kept only as its
-- hash. A known device still signs in with the right password while the account name is locked
-- by failed attempts made elsewhere.
CREATE TABLE member_devices (
  member_id bigint NOT NULL REFERENCES members (id),
  token_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, token_hash)
);
