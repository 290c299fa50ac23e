-- Every payment-gateway webhook the site took and what it did with it: the console's webhook log
-- (a payments operator sees a gateway that pays, declines, repeats itself or is refused). The
-- body is not kept: the order, the gateway's transaction, the amount and the answer are.
CREATE TABLE gateway_webhook_log (
  id bigserial PRIMARY KEY,
  -- The merchant the webhook named; null when it could not be read (a bad signature, say).
  merchant_code text REFERENCES merchants (code),
  gateway text NOT NULL,
  received_at timestamptz NOT NULL,
  order_no text,
  txn_id text,
  -- PAID or DECLINED, as the gateway reported it.
  outcome text,
  amount_minor bigint,
  currency text,
  -- credited, declined, replay (the first answer again) or refused (error_code says why).
  result text NOT NULL,
  error_code text,
  message text
);
CREATE INDEX gateway_webhook_log_merchant ON gateway_webhook_log (merchant_code, id);
CREATE INDEX gateway_webhook_log_order ON gateway_webhook_log (merchant_code, order_no);
