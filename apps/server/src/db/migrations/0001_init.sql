-- Merchants: the brand configuration loaded from config/, and the operator's run-time settings.
CREATE TABLE merchants (
  code text PRIMARY KEY,
  config jsonb NOT NULL,
  maintenance_on boolean NOT NULL DEFAULT false,
  maintenance_end timestamptz,
  region_on boolean NOT NULL DEFAULT false,
  region_countries jsonb NOT NULL DEFAULT '[]'::jsonb,
  region_ranges jsonb NOT NULL DEFAULT '[]'::jsonb,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every operator action: who, when, what.
CREATE TABLE ops_audit (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  actor text NOT NULL,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ops_audit_merchant_idx ON ops_audit (merchant_code, created_at);
