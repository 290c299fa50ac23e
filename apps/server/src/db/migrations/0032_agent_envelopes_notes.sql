-- The agent centre (issue 15). Red envelopes: an agent's total split among its direct downlines,
-- each part one ledger transfer (kind agentTransfer) whose key derives from the envelope's
-- idempotency key; the row keeps the split as it was paid (parts: [{memberId, account, amount,
-- transferId}], amounts as decimal-free minor-unit strings). A retry with the same key answers the
-- stored envelope, never a second split.
CREATE TABLE agent_red_envelopes (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  agent_id bigint NOT NULL REFERENCES members (id),
  idempotency_key text NOT NULL,
  split text NOT NULL CONSTRAINT agent_red_envelopes_split CHECK (split IN ('equal', 'random')),
  total bigint NOT NULL CONSTRAINT agent_red_envelopes_total CHECK (total > 0),
  parts jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT agent_red_envelopes_key UNIQUE (merchant_code, agent_id, idempotency_key)
);
CREATE INDEX agent_red_envelopes_agent_idx ON agent_red_envelopes (agent_id, id DESC);

-- An agent's own notes on one of its downlines (downline management): only that agent reads them;
-- the operator's notes on a member (member_notes) are another thing.
CREATE TABLE agent_downline_notes (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  agent_id bigint NOT NULL REFERENCES members (id),
  member_id bigint NOT NULL REFERENCES members (id),
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX agent_downline_notes_idx ON agent_downline_notes (agent_id, member_id, id DESC);
