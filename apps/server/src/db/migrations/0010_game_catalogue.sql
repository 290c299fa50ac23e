-- A member's favourite games and recently launched games. A game is named by its node id
-- (`<vassalage>.<gameCode>`, the catalogue key of config/games.json), so the catalogue itself
-- stays configuration and these rows only say who picked what, and when.

-- Favourites: adding one already present changes nothing (the key); the service caps a member
-- at 200 under an advisory lock per member, so concurrent adds cannot pass the cap.
CREATE TABLE game_favourites (
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (merchant, member_id, node_id)
);

-- Recent games: one row per member and game, its time moved forward on every launch; the list
-- reads the newest 20 by the second index.
CREATE TABLE game_recent (
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL,
  launched_at timestamptz NOT NULL,
  PRIMARY KEY (merchant, member_id, node_id)
);
CREATE INDEX game_recent_member_time_idx ON game_recent (merchant, member_id, launched_at DESC);
