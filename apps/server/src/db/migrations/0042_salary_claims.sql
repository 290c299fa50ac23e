-- DAYSALMR (issue 15, docs/agents.md): with the merchant's manual-claim daily salary on, a settled
-- daily-salary bill is not paid by the settlement but waits for its payee to claim it: claimable
-- until claim_until, then claimed (one keyed ledger transfer), rejected by the operator (with a
-- reason) or expired.
ALTER TABLE agent_contract_bills DROP CONSTRAINT agent_contract_bills_state_check;
ALTER TABLE agent_contract_bills ADD CONSTRAINT agent_contract_bills_state_check
  CHECK (state IN ('pending', 'partly-paid', 'paid', 'written-off', 'claimable', 'claimed', 'rejected', 'expired'));
ALTER TABLE agent_contract_bills ADD COLUMN claim_until timestamptz;
ALTER TABLE agent_contract_bills ADD COLUMN claimed_at timestamptz;
ALTER TABLE agent_contract_bills ADD COLUMN reject_reason text;
-- The claim list of a member, and the sweep of claimable bills whose window has passed.
CREATE INDEX agent_contract_bills_claims_idx ON agent_contract_bills (merchant_code, payee_id, id)
  WHERE claim_until IS NOT NULL;
CREATE INDEX agent_contract_bills_claimable_idx ON agent_contract_bills (merchant_code, claim_until)
  WHERE state = 'claimable';
