-- Agent contracts (issue 15): an upline offers a direct downline a contract of a kind (dividend,
-- daily, hourly or real-time salary) with its terms (tiers, period, carry, fees, unit as JSON);
-- the downline accepts or rejects; either party may ask to end it. A top agent's contract is
-- with the merchant's house node (upline_id = the house), on the terms of the merchant's
-- configuration. At most one pending offer and one live contract per downline and kind.
CREATE TABLE agent_contracts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  kind text NOT NULL CHECK (kind IN ('daily', 'hourly', 'realtime', 'dividend')),
  upline_id bigint NOT NULL REFERENCES members (id),
  downline_id bigint NOT NULL REFERENCES members (id),
  terms jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'active', 'rejected', 'termination-requested',
                                       'modification-pending', 'terminated')),
  -- The live contract a pending offer would replace (its state is then modification-pending).
  replaces_id bigint REFERENCES agent_contracts (id),
  -- While termination-requested: which party asked ('upline' or 'downline').
  termination_by text CHECK (termination_by IN ('upline', 'downline')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  accepted_at timestamptz,
  ended_at timestamptz,
  CHECK (upline_id <> downline_id)
);
CREATE UNIQUE INDEX agent_contracts_offer_idx ON agent_contracts (merchant_code, downline_id, kind)
  WHERE state = 'pending';
CREATE UNIQUE INDEX agent_contracts_live_idx ON agent_contracts (merchant_code, downline_id, kind)
  WHERE state IN ('active', 'termination-requested', 'modification-pending');
CREATE INDEX agent_contracts_upline_idx ON agent_contracts (merchant_code, upline_id, kind);
CREATE INDEX agent_contracts_kind_idx ON agent_contracts (merchant_code, kind, state);

-- One bill per contract and period: the exactly-once key of a settlement (a second run, another
-- process, a run resumed after a crash insert nothing). amount_minor is what the upline (payer_id;
-- null: the house) owes the downline for the period; net_minor the downline's differential (its
-- amount less what its own downlines' contracts pay them; negative when they earn more).
-- paid_minor grows with each payment (ledger transfers, keyed by the bill and what was paid
-- before); the rest stays owed until paid or written off. carry_minor: a dividend's carry out.
CREATE TABLE agent_contract_bills (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  contract_id bigint NOT NULL REFERENCES agent_contracts (id),
  kind text NOT NULL,
  period_key text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  payer_id bigint REFERENCES members (id),
  payee_id bigint NOT NULL REFERENCES members (id),
  depth integer NOT NULL,
  figures jsonb NOT NULL,
  tier integer,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  net_minor bigint NOT NULL,
  paid_minor bigint NOT NULL DEFAULT 0,
  carry_minor bigint NOT NULL DEFAULT 0,
  transfer_ids jsonb NOT NULL DEFAULT '[]',
  state text NOT NULL CHECK (state IN ('pending', 'partly-paid', 'paid', 'written-off')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT agent_contract_bills_period_key UNIQUE (contract_id, period_key),
  CHECK (paid_minor >= 0 AND paid_minor <= amount_minor)
);
CREATE INDEX agent_contract_bills_open_idx ON agent_contract_bills (merchant_code, kind, depth, id)
  WHERE state IN ('pending', 'partly-paid');
CREATE INDEX agent_contract_bills_payee_idx ON agent_contract_bills (merchant_code, payee_id, id);
CREATE INDEX agent_contract_bills_payer_idx ON agent_contract_bills (merchant_code, payer_id, id);

-- A settled period of a kind: made in the transaction that inserts its bills, so the job, coming
-- back every few minutes, knows there is nothing left to compute (bills with nothing to show, a
-- contract whose team neither played nor earned, are not stored).
CREATE TABLE agent_contract_runs (
  merchant_code text NOT NULL REFERENCES merchants (code),
  kind text NOT NULL,
  period_key text NOT NULL,
  contracts integer NOT NULL,
  bills integer NOT NULL,
  settled_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_code, kind, period_key)
);
