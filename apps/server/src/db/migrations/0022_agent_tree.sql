-- The agent tree (issue 15): a house node per merchant at the top of the tree, each member's
-- depth, and the agents' registration links.

-- kind 'house': the merchant's own node, the upline of top agents and of members who registered
-- without an affiliate code. It never signs in (no password, status disabled), never plays and is
-- never listed. depth: the number of uplines between the member and the house (house 0, a top
-- agent 1). The path (0002, "C" collation, btree on (merchant_code, path)) now starts at the house.
ALTER TABLE members ADD COLUMN kind text NOT NULL DEFAULT 'member' CHECK (kind IN ('member', 'house'));
ALTER TABLE members ADD COLUMN depth integer NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX members_house_idx ON members (merchant_code) WHERE kind = 'house';

-- Backfill: a house for every merchant that exists already, then every member's path re-rooted
-- under it (top members get the house as upline) and its depth from the path.
INSERT INTO members (merchant_code, account, account_lower, user_name, type, path, language, status, kind)
  SELECT code, '~house', '~house', '~house', -1, '/', coalesce(config -> 'brand' ->> 'defaultLang', 'EN'),
         'disabled', 'house'
    FROM merchants;
UPDATE members SET path = '/' || id::text || '/' WHERE kind = 'house';
UPDATE members m
   SET path = h.path || substr(m.path, 2),
       upline_id = coalesce(m.upline_id, h.id)
  FROM members h
 WHERE h.kind = 'house' AND h.merchant_code = m.merchant_code AND m.kind = 'member';
UPDATE members SET depth = length(path) - length(replace(path, '/', '')) - 2;

-- Registration links of an agent: the code is an affiliate code (registration with it places the
-- member under the agent, as member_type); expired (expires_at) or deleted links are refused like
-- an unknown code. signups counts the members registered with it.
CREATE TABLE agent_links (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants (code),
  agent_id bigint NOT NULL REFERENCES members (id),
  code text NOT NULL,
  member_type text NOT NULL CHECK (member_type IN ('player', 'agent')),
  validity text NOT NULL,
  expires_at timestamptz,
  signups integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE UNIQUE INDEX agent_links_code_idx ON agent_links (merchant_code, code);
CREATE INDEX agent_links_agent_idx ON agent_links (agent_id, id);
