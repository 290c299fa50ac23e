-- The random ids (jti) of encrypted (E) bodies already accepted, kept until their time stamp is
-- too old to pass anyway, so every process refuses a replayed body. Housekeeping prunes them.
CREATE TABLE seen_jwe_ids (
  jti text PRIMARY KEY,
  expires_at_ms bigint NOT NULL
);
CREATE INDEX seen_jwe_ids_expires_idx ON seen_jwe_ids (expires_at_ms);
