-- Networks a member has signed in from. With LOGINIPVERF3 on, a password sign-in from an address
-- not listed here needs a one-time code sent to the member's mobile (or email) first.
CREATE TABLE member_known_ips (
  member_id bigint NOT NULL REFERENCES members (id),
  ip text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, ip)
);
