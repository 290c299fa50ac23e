-- The affiliate application (AFFMAN3, issue 15): a member who is not an agent asks to become one;
-- the operator approves (the member's type becomes an agent type, its place in the tree stays) or
-- rejects with a reason. At most one pending application per member (partial unique index).
-- channels: a JSON array of the channel names of the contract (AFFILIATE_CHANNELS).
CREATE TABLE agent_applications (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  reason text NOT NULL,
  channels jsonb NOT NULL,
  team_size integer NOT NULL CONSTRAINT agent_applications_team_size CHECK (team_size > 0),
  status text NOT NULL DEFAULT 'pending'
    CONSTRAINT agent_applications_status CHECK (status IN ('pending', 'approved', 'rejected')),
  decision_reason text,
  decided_by text,
  decided_at timestamptz,
  -- The agent type the member was given on approval.
  agent_type integer,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX agent_applications_open ON agent_applications (member_id) WHERE status = 'pending';
CREATE INDEX agent_applications_member_idx ON agent_applications (member_id, id DESC);
CREATE INDEX agent_applications_status_idx ON agent_applications (merchant_code, status, id);
