-- The account record (GET /wps/member/transactions): a member's movements in a time range,
-- newest first, with a total for the pager. Starting from the member's few accounts, these
-- find the transfers of each account in the range by an index range scan on either side, so a
-- page costs what the range holds, not the member's whole history. Entries then come by
-- ledger_entries_transfer_idx. (A raw-SQL probe of the transfer statement on this machine put
-- the cost of the two indexes at some 5-10 % of its throughput.)
CREATE INDEX ledger_transfers_from_time_idx ON ledger_transfers (from_account_id, created_at);
CREATE INDEX ledger_transfers_to_time_idx ON ledger_transfers (to_account_id, created_at);
