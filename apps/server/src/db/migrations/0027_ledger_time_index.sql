-- Reports and the operator's dashboard (issue 17, modules/reports) read a merchant's ledger
-- transfers by time (a business day, 14 days, a range of at most 366 days): without this index
-- each of them would scan every transfer the merchant ever made.
CREATE INDEX ledger_transfers_time_idx ON ledger_transfers (merchant_code, created_at);
