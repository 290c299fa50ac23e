-- Loyalty, missions and daily tasks (issue 16, docs/loyalty.md Missions). The missions are the
-- merchant's configuration (config/loyalty.json `missions`); a member's figures are read from the
-- record of play and the ledger. This table holds each milestone paid, once per member, mission,
-- period and milestone; each paid amount is a ledger transfer with the key
-- mission:<member>:<mission>:<period>:<milestone>. period_key: the business day of a daily task
-- ("2026-11-27"), "mission" for a mission (one period).
CREATE TABLE loyalty_mission_claims (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  mission_id text NOT NULL,
  period_key text NOT NULL,
  milestone integer NOT NULL CONSTRAINT loyalty_mission_claims_milestone CHECK (milestone >= 0),
  amount bigint NOT NULL CONSTRAINT loyalty_mission_claims_amount CHECK (amount > 0),
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  claimed_at timestamptz NOT NULL,
  CONSTRAINT loyalty_mission_claims_once UNIQUE (merchant_code, member_id, mission_id, period_key, milestone)
);
