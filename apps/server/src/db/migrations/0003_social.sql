-- Sign-in with Google and Facebook (OpenID Connect authorization code with PKCE).

-- Which member a provider's account (its `sub`) is. A member may have several; a provider
-- account belongs to one member per merchant. `email` is kept only when the provider verified it.
CREATE TABLE social_identities (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  provider text NOT NULL,
  subject text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  email text,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX social_identities_subject_idx ON social_identities (merchant_code, provider, subject);
CREATE INDEX social_identities_member_idx ON social_identities (member_id);

-- Sign-in attempts between the redirect to the provider and its callback: single use, short
-- lived. Only hashes of the `state` value and of the browser-binding cookie are stored; the
-- nonce and the PKCE verifier are useless without the provider's code.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  provider text NOT NULL,
  binding_hash text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  return_to text NOT NULL,
  site text NOT NULL,
  language text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX oauth_states_expiry_idx ON oauth_states (expires_at);
