-- Deposits: the member's deposit orders (payment gateway or manual bank transfer), the sandbox
-- payment gateway's own payments, and the secrets gateways sign their webhooks with.
-- Amounts are integer minor units.

-- A deposit order. PENDING until the gateway's webhook (GATEWAY) or an operator (BANK) settles
-- it: PAID (credited by ledger_transfer_id, CLEARING to the member's main wallet), REJECTED
-- (declined by the payer or refused by the operator) or EXPIRED (a gateway order unpaid at
-- expires_at; never credited). The member's idempotency key makes a retried request return the
-- first order; request_hash tells a retry from a reuse of the key. The gateway's transaction id
-- settles at most one order per gateway.
CREATE TABLE deposit_orders (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  order_no text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  channel_id text NOT NULL,
  type text NOT NULL CONSTRAINT deposit_orders_type CHECK (type IN ('GATEWAY', 'BANK')),
  -- GATEWAY: the adapter that serves the order (the channel's, when the order was made).
  gateway text,
  amount bigint NOT NULL CONSTRAINT deposit_orders_amount CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING'
    CONSTRAINT deposit_orders_status CHECK (status IN ('PENDING', 'PAID', 'EXPIRED', 'REJECTED')),
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  -- GATEWAY: the gateway's payment and the page the payer opens; its transaction once settled.
  gateway_ref text,
  pay_url text,
  gateway_txn_id text,
  -- BANK: the reference of the member's transfer and the storage key of the proof image.
  reference text,
  proof_key text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  completed_at timestamptz,
  remark text,
  -- The operator who approved or rejected a BANK order.
  reviewed_by text,
  ledger_transfer_id bigint REFERENCES ledger_transfers (id),
  CONSTRAINT deposit_orders_gateway CHECK ((type = 'GATEWAY') = (gateway IS NOT NULL)),
  CONSTRAINT deposit_orders_reference CHECK (type = 'GATEWAY' OR reference IS NOT NULL),
  CONSTRAINT deposit_orders_paid CHECK ((status = 'PAID') = (ledger_transfer_id IS NOT NULL))
);
CREATE UNIQUE INDEX deposit_orders_no_idx ON deposit_orders (merchant_code, order_no);
CREATE UNIQUE INDEX deposit_orders_key_idx ON deposit_orders (merchant_code, member_id, idempotency_key);
CREATE UNIQUE INDEX deposit_orders_txn_idx ON deposit_orders (gateway, gateway_txn_id)
  WHERE gateway_txn_id IS NOT NULL;
CREATE UNIQUE INDEX deposit_orders_transfer_idx ON deposit_orders (ledger_transfer_id)
  WHERE ledger_transfer_id IS NOT NULL;
-- The member's list (newest first) and its count of orders in progress.
CREATE INDEX deposit_orders_member_idx ON deposit_orders (merchant_code, member_id, id);
-- The operator's list by status, and the expiry job's scan.
CREATE INDEX deposit_orders_status_idx ON deposit_orders (merchant_code, status, id);
CREATE INDEX deposit_orders_expiry_idx ON deposit_orders (expires_at)
  WHERE status = 'PENDING' AND expires_at IS NOT NULL;

-- The sandbox gateway's payments (it runs in-process under /sandbox-pay/ and keeps its state
-- here, apart from the orders, as a separate service would). One payment per merchant order;
-- the random id is the hosted page's address. After the payer decides, the webhook is sent
-- until our side answers 2xx (notified_at), at most a few times, with growing pauses.
CREATE TABLE sandbox_payments (
  id text PRIMARY KEY,
  merchant_code text NOT NULL,
  order_no text NOT NULL,
  merchant_name text NOT NULL,
  amount bigint NOT NULL CONSTRAINT sandbox_payments_amount CHECK (amount > 0),
  currency text NOT NULL,
  notify_url text NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING'
    CONSTRAINT sandbox_payments_status CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED')),
  txn_id text UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  notify_attempts integer NOT NULL DEFAULT 0,
  next_notify_at timestamptz,
  last_notify_status integer,
  notified_at timestamptz
);
CREATE UNIQUE INDEX sandbox_payments_order_idx ON sandbox_payments (merchant_code, order_no);
CREATE INDEX sandbox_payments_notify_idx ON sandbox_payments (next_notify_at)
  WHERE notified_at IS NULL AND next_notify_at IS NOT NULL;

-- Webhook secrets of gateways that make their own (the sandbox, unless SANDBOX_PAY_SECRET is
-- set): generated once by whichever process starts first, shared by every process.
CREATE TABLE gateway_secrets (
  gateway text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
