-- Know your customer (issue 13, docs/kyc.md): each time a member sends its documents, one row; the
-- member's standing is its latest row (none without one). The photos are in the blob storage
-- (platform/storage.ts), named by their keys. At most one submission waits for review per member.
CREATE TABLE kyc_submissions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  id_type text NOT NULL
    CONSTRAINT kyc_submissions_id_type CHECK (id_type IN ('passport', 'nationalId', 'driverLicence')),
  identity_key text NOT NULL,
  address_key text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CONSTRAINT kyc_submissions_status CHECK (status IN ('pending', 'verified', 'rejected')),
  reason text,
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX kyc_submissions_open ON kyc_submissions (member_id) WHERE status = 'pending';
CREATE INDEX kyc_submissions_member_idx ON kyc_submissions (member_id, id DESC);
CREATE INDEX kyc_submissions_status_idx ON kyc_submissions (merchant_code, status, id);
