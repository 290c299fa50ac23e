-- Withdrawals: the accounts a member withdraws to and the withdrawal orders. Money never lives
-- here: an order names the ledger transfers that held, paid out and returned its amount.

-- A bank or e-wallet account a member has bound. Removing one stamps removed_at (orders keep a
-- snapshot of the account they were paid to, and the history stays). account_number is kept
-- in its compact form (no spaces or dashes, upper case), which is also what duplicates compare.
CREATE TABLE withdraw_accounts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  type text NOT NULL CONSTRAINT withdraw_accounts_type CHECK (type IN ('BANK', 'EWALLET')),
  provider text NOT NULL,
  payee_name text NOT NULL,
  account_number text NOT NULL,
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
-- One live binding of an account per member; a removed one may be bound again.
CREATE UNIQUE INDEX withdraw_accounts_live_idx
  ON withdraw_accounts (merchant_code, member_id, type, lower(provider), account_number)
  WHERE removed_at IS NULL;
CREATE INDEX withdraw_accounts_member_idx ON withdraw_accounts (member_id, id);

-- A withdrawal: PENDING (held: MAIN -> HOLD) until the operator pays it out (PAID: HOLD ->
-- CLEARING) or rejects it (REJECTED: HOLD -> MAIN). A PAID order waits for the member until
-- confirm_by: RECEIVED, NOT_RECEIVED (with what arrived and a proof image) or, unanswered,
-- AUTO_RECEIVED. NOT_RECEIVED ends as MARGIN_RETURNED (CLEARING -> MAIN of amount - received)
-- or FORCED_RECEIVED. Every change is a conditional update on the expected status, in the
-- transaction of its ledger transfer.
CREATE TABLE withdraw_orders (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  order_no text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  -- The bound account as it was when the member asked.
  account_id bigint NOT NULL REFERENCES withdraw_accounts (id),
  account_type text NOT NULL,
  account_provider text NOT NULL,
  account_payee_name text NOT NULL,
  account_number text NOT NULL,
  amount bigint NOT NULL CONSTRAINT withdraw_orders_amount CHECK (amount > 0),
  status text NOT NULL CONSTRAINT withdraw_orders_status CHECK (status IN ('PENDING', 'REJECTED',
    'PAID', 'RECEIVED', 'AUTO_RECEIVED', 'NOT_RECEIVED', 'MARGIN_RETURNED', 'FORCED_RECEIVED')),
  -- The client's key: a double click or a retry finds the first order instead of a second one.
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  hold_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  payout_transfer_id bigint REFERENCES ledger_transfers (id),
  -- The release of a rejected order or the margin returned after NOT_RECEIVED.
  return_transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  reviewed_by text,
  paid_at timestamptz,
  confirm_by timestamptz,
  confirmed_at timestamptz,
  received_amount bigint,
  proof_key text,
  -- The operator's reason for a rejection.
  remark text,
  CONSTRAINT withdraw_orders_received CHECK (received_amount IS NULL
    OR (received_amount >= 0 AND received_amount < amount)),
  CONSTRAINT withdraw_orders_paid CHECK (status IN ('PENDING', 'REJECTED')
    OR (paid_at IS NOT NULL AND confirm_by IS NOT NULL AND payout_transfer_id IS NOT NULL))
);
CREATE UNIQUE INDEX withdraw_orders_no_idx ON withdraw_orders (merchant_code, order_no);
CREATE UNIQUE INDEX withdraw_orders_key_idx ON withdraw_orders (merchant_code, member_id, idempotency_key);
CREATE INDEX withdraw_orders_member_idx ON withdraw_orders (member_id, created_at DESC, id DESC);
CREATE INDEX withdraw_orders_status_idx ON withdraw_orders (merchant_code, status, created_at);
-- What the auto-received sweep reads.
CREATE INDEX withdraw_orders_confirm_idx ON withdraw_orders (confirm_by) WHERE status = 'PAID';
