-- Four-eyes: an operator command that needs a second operator (a withdrawal above the merchant's
-- threshold, a large manual adjustment) waits here until another operator holding the same
-- permission approves it (then it runs, once) or rejects it.
CREATE TABLE operator_approvals (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  -- The command's arguments, as the operator sent them.
  command jsonb NOT NULL,
  -- The permission approving it needs (the command's own).
  permission text NOT NULL,
  amount_minor bigint NOT NULL,
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  -- pending, approved, rejected
  status text NOT NULL DEFAULT 'pending',
  decided_by text,
  decided_at timestamptz,
  reason text
);
CREATE INDEX operator_approvals_pending ON operator_approvals (merchant_code, status, id);
