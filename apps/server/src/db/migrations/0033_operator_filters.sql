-- The console's saved filters: an operator's named filter of a list page (a section), kept on the
-- server so it follows the operator to every machine. Keyed by the operator's name as the audit
-- records it (break-glass:<user> from the command line).
CREATE TABLE operator_filters (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  operator text NOT NULL,
  section text NOT NULL,
  name text NOT NULL,
  filter jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT operator_filters_name UNIQUE (merchant_code, operator, section, name)
);
