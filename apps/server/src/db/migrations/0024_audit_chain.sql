-- The operator audit log becomes tamper-evident: the rows of each merchant form a hash chain
-- (each row's hash covers its content and the previous row's hash) and the chain's head (its
-- last sequence number and hash, signed with a key derived from the server's secrets key) is
-- kept apart from the log in audit_heads. `npm run ops -- audit-verify` recomputes the chain:
-- an edited, deleted or cut-off row, the newest included, no longer matches.
-- A row's canonical content is the JSON text of
--   [seq, merchant_code, actor, action, detail, before_state, after_state, ip, created_at]
-- (created_at in UTC as YYYY-MM-DDTHH:MI:SS.US), and its hash is the hex SHA-256 of the
-- previous hash (64 zeros for the first row) followed by that text.

ALTER TABLE ops_audit ADD COLUMN seq bigint;
ALTER TABLE ops_audit ADD COLUMN prev_hash text;
ALTER TABLE ops_audit ADD COLUMN hash text;
-- Where the action came from (the operator's address), and the state it changed.
ALTER TABLE ops_audit ADD COLUMN ip text;
ALTER TABLE ops_audit ADD COLUMN before_state jsonb;
ALTER TABLE ops_audit ADD COLUMN after_state jsonb;

-- The rows written before the chain existed are chained now, per merchant in the order written.
CREATE TEMP TABLE audit_order AS
  SELECT a.id, a.merchant_code,
         row_number() OVER (PARTITION BY a.merchant_code ORDER BY a.id) AS seq
  FROM ops_audit a;
CREATE INDEX audit_order_seq ON audit_order (merchant_code, seq);

WITH RECURSIVE chain AS (
  SELECT o.id, o.merchant_code, o.seq, repeat('0', 64) AS prev,
         encode(sha256(convert_to(repeat('0', 64) || jsonb_build_array(o.seq, a.merchant_code, a.actor,
           a.action, a.detail, a.before_state, a.after_state, a.ip,
           to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))::text, 'UTF8')), 'hex') AS hash
  FROM audit_order o JOIN ops_audit a ON a.id = o.id
  WHERE o.seq = 1
  UNION ALL
  SELECT o.id, o.merchant_code, o.seq, c.hash,
         encode(sha256(convert_to(c.hash || jsonb_build_array(o.seq, a.merchant_code, a.actor,
           a.action, a.detail, a.before_state, a.after_state, a.ip,
           to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))::text, 'UTF8')), 'hex')
  FROM chain c
  JOIN audit_order o ON o.merchant_code = c.merchant_code AND o.seq = c.seq + 1
  JOIN ops_audit a ON a.id = o.id
)
UPDATE ops_audit a SET seq = c.seq, prev_hash = c.prev, hash = c.hash FROM chain c WHERE a.id = c.id;

DROP TABLE audit_order;

ALTER TABLE ops_audit ALTER COLUMN seq SET NOT NULL;
ALTER TABLE ops_audit ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE ops_audit ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX ops_audit_chain ON ops_audit (merchant_code, seq);

-- The head of each merchant's chain. Its row is the lock that orders appends (taken last in a
-- transaction). A head carried over from before the chain has no signature yet: the server
-- signs it when it starts.
CREATE TABLE audit_heads (
  merchant_code text PRIMARY KEY,
  seq bigint NOT NULL,
  hash text NOT NULL,
  signature text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO audit_heads (merchant_code, seq, hash)
  SELECT DISTINCT ON (merchant_code) merchant_code, seq, hash
  FROM ops_audit ORDER BY merchant_code, seq DESC;
