-- The team overview at scale (issue 15, docs/agents.md): each member's first deposit, first
-- settled real-money round and sign-ins are kept on its row as they happen, so the overview is
-- one range scan of the team's path (the covering index below) instead of probes of the ledger,
-- the record of play and the sign-in history per member.
--   first_deposit_at: the earliest deposit transfer (kind 1) into the member's main wallet;
--   first_bet_at: the earliest settled real-money round (settled_at) of the record of play;
--   last_sign_in_at: the latest successful sign-in; prior_sign_in_at: the latest successful
--   sign-in on an earlier business day (brand.businessUtcOffset, +08:00 when missing) than
--   last_sign_in_at's, so "signed in yesterday" stays exact after a sign-in today.
-- Triggers keep them: every writer (the ledger, game vendors, the lottery, sign-in) is covered
-- without knowing of them.
ALTER TABLE members ADD COLUMN first_deposit_at timestamptz;
ALTER TABLE members ADD COLUMN first_bet_at timestamptz;
ALTER TABLE members ADD COLUMN last_sign_in_at timestamptz;
ALTER TABLE members ADD COLUMN prior_sign_in_at timestamptz;

-- Backfill from the history there is.
UPDATE members m SET first_deposit_at = f.at
  FROM (SELECT a.member_id, min(t.created_at) AS at
          FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.to_account_id
         WHERE t.kind = 1 AND a.code = 'MAIN' AND a.member_id IS NOT NULL
         GROUP BY a.member_id) f
 WHERE m.id = f.member_id;
UPDATE members m SET first_bet_at = f.at
  FROM (SELECT member_id, min(settled_at) AS at FROM game_rounds
         WHERE mode = 'real' AND status = 'settled' AND settled_at IS NOT NULL
         GROUP BY member_id) f
 WHERE m.id = f.member_id;
UPDATE members m SET last_sign_in_at = f.last_at, prior_sign_in_at = f.prior_at
  FROM (SELECT l.member_id, l.last_at,
               (SELECT max(s.created_at) FROM member_sign_ins s
                 WHERE s.member_id = l.member_id AND s.success
                   AND s.created_at < (date_trunc('day', (l.last_at AT TIME ZONE 'UTC') + l.off) - l.off) AT TIME ZONE 'UTC') AS prior_at
          FROM (SELECT s.member_id, max(s.created_at) AS last_at,
                       coalesce(min(mc.config -> 'brand' ->> 'businessUtcOffset'), '+08:00')::interval AS off
                  FROM member_sign_ins s JOIN merchants mc ON mc.code = s.merchant_code
                 WHERE s.success GROUP BY s.member_id) l) f
 WHERE m.id = f.member_id;

CREATE FUNCTION members_first_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members m SET first_deposit_at = NEW.created_at
    FROM ledger_accounts a
   WHERE a.id = NEW.to_account_id AND a.code = 'MAIN' AND m.id = a.member_id
     AND (m.first_deposit_at IS NULL OR m.first_deposit_at > NEW.created_at);
  RETURN NULL;
END $$;
CREATE TRIGGER members_first_deposit AFTER INSERT ON ledger_transfers
  FOR EACH ROW WHEN (NEW.kind = 1) EXECUTE FUNCTION members_first_deposit();

CREATE FUNCTION members_first_bet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members SET first_bet_at = NEW.settled_at
   WHERE id = NEW.member_id AND (first_bet_at IS NULL OR first_bet_at > NEW.settled_at);
  RETURN NULL;
END $$;
CREATE TRIGGER members_first_bet AFTER INSERT OR UPDATE OF status, settled_at ON game_rounds
  FOR EACH ROW WHEN (NEW.mode = 'real' AND NEW.status = 'settled' AND NEW.settled_at IS NOT NULL)
  EXECUTE FUNCTION members_first_bet();

-- The business day of a moment, in the zone `off` east of UTC (whatever the session's time zone).
CREATE FUNCTION business_day(timestamptz, interval) RETURNS timestamp LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('day', ($1 AT TIME ZONE 'UTC') + $2)
$$;

CREATE FUNCTION members_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off interval;
BEGIN
  SELECT coalesce(config -> 'brand' ->> 'businessUtcOffset', '+08:00')::interval INTO off
    FROM merchants WHERE code = NEW.merchant_code;
  off := coalesce(off, interval '8 hours');
  UPDATE members SET
      prior_sign_in_at = CASE
        WHEN last_sign_in_at IS NULL OR last_sign_in_at <= NEW.created_at THEN
          -- The new sign-in is the latest: the last one becomes the prior when on an earlier day.
          CASE WHEN last_sign_in_at IS NOT NULL
                    AND business_day(last_sign_in_at, off) < business_day(NEW.created_at, off)
               THEN last_sign_in_at ELSE prior_sign_in_at END
        -- An older sign-in arriving late: the prior when on an earlier day than the last, and later.
        WHEN business_day(NEW.created_at, off) < business_day(last_sign_in_at, off)
             AND (prior_sign_in_at IS NULL OR prior_sign_in_at < NEW.created_at)
          THEN NEW.created_at
        ELSE prior_sign_in_at END,
      last_sign_in_at = greatest(last_sign_in_at, NEW.created_at)
   WHERE id = NEW.member_id;
  RETURN NULL;
END $$;
CREATE TRIGGER members_sign_in AFTER INSERT ON member_sign_ins
  FOR EACH ROW WHEN (NEW.success) EXECUTE FUNCTION members_sign_in();

-- The team's figures in one index-only range scan of the path.
CREATE INDEX members_team_activity_idx ON members (merchant_code, path)
  INCLUDE (id, kind, upline_id, depth, created_at, first_deposit_at, first_bet_at, last_sign_in_at, prior_sign_in_at);

-- The team balance in one range scan too: each member wallet carries its member's path (fixed
-- once the member is made), filled by a trigger when the wallet is made and backfilled here.
-- Balances are not indexed, so a movement's update of the wallet stays a HOT update.
ALTER TABLE ledger_accounts ADD COLUMN member_path text COLLATE "C";
UPDATE ledger_accounts a SET member_path = m.path FROM members m WHERE m.id = a.member_id;
CREATE FUNCTION ledger_accounts_member_path() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT path INTO NEW.member_path FROM members WHERE id = NEW.member_id;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_accounts_member_path BEFORE INSERT ON ledger_accounts
  FOR EACH ROW WHEN (NEW.member_id IS NOT NULL) EXECUTE FUNCTION ledger_accounts_member_path();
CREATE INDEX ledger_accounts_team_idx ON ledger_accounts (merchant_code, member_path)
  WHERE member_id IS NOT NULL;
