-- Wagering (issue 16, docs/loyalty.md "Wagering"): the turnover requirement of each bonus. A
-- requirement is made once per bonus transfer (kind bonus, or kind rebate where the merchant says
-- so) into a member's main wallet, with the terms in force then; its progress is read from the
-- record of play (settled real-money rounds after the grant). While one is open, a withdrawal is
-- refused; a forfeit or the expiry sends the bonus (or what is left of it) back in one transfer.
CREATE TABLE loyalty_wagering (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id bigint NOT NULL,
  -- The bonus's transfer: one requirement per bonus, whoever looks first makes it.
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  source text NOT NULL CONSTRAINT loyalty_wagering_source CHECK (source IN ('promotion', 'vipUpgrade', 'rebate', 'bonus')),
  name text NOT NULL,
  -- Where the bonus came from (a house account code): a forfeit sends it back there.
  house_account text NOT NULL,
  bonus bigint NOT NULL CONSTRAINT loyalty_wagering_bonus CHECK (bonus > 0),
  deposit bigint NOT NULL DEFAULT 0,
  multiple text NOT NULL,
  base text NOT NULL CONSTRAINT loyalty_wagering_base CHECK (base IN ('bonus', 'bonusAndDeposit')),
  contributions jsonb NOT NULL,
  required bigint NOT NULL,
  -- The turnover done when the requirement closed (while open it is read from the rounds).
  done bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open' CONSTRAINT loyalty_wagering_status CHECK (status IN ('open', 'completed', 'forfeited', 'expired')),
  granted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  closed_at timestamptz,
  -- A forfeit or the expiry: what went back (at most the bonus) and its transfer.
  removed bigint,
  removal_transfer_id bigint REFERENCES ledger_transfers (id),
  CONSTRAINT loyalty_wagering_transfer UNIQUE (merchant_code, transfer_id)
);
CREATE INDEX loyalty_wagering_member_idx ON loyalty_wagering (merchant_code, member_id, id DESC);
CREATE INDEX loyalty_wagering_open_idx ON loyalty_wagering (merchant_code, member_id) WHERE status = 'open';

-- Bonuses paid before wagering existed carry no requirement (a merchant made later: every bonus).
CREATE TABLE loyalty_wagering_programs (
  merchant_code text PRIMARY KEY,
  wager_from timestamptz NOT NULL
);
INSERT INTO loyalty_wagering_programs (merchant_code, wager_from) SELECT code, now() FROM merchants;
