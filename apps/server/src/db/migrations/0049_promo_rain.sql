-- Red-envelope rain (issue 16, docs/promotions.md "Red-envelope rain"): a RAFFLE promotion with a
-- `rain` in config/promotions.json opens scheduled windows; each window shares a budget among the
-- members who claim in it. One row per window claimed in: its budget (copied from the
-- configuration when the first claim comes) and what has been paid from it. A claim locks the row,
-- draws from what is left and adds its amount in the same transaction as the member's
-- participation (promo_participations, day = the window's start) and the ledger transfer, so the
-- paid total never passes the budget (the check says so too).
CREATE TABLE promo_rain_windows (
  merchant_code text NOT NULL,
  promotion_id text NOT NULL,
  window_start timestamptz NOT NULL,
  budget bigint NOT NULL CONSTRAINT promo_rain_windows_budget CHECK (budget > 0),
  paid bigint NOT NULL DEFAULT 0,
  claims integer NOT NULL DEFAULT 0,
  CONSTRAINT promo_rain_windows_within CHECK (paid >= 0 AND paid <= budget),
  PRIMARY KEY (merchant_code, promotion_id, window_start)
);
