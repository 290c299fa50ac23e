-- The in-house lottery (issue 14, modules/lottery). Games, schedules, odds boards and limits
-- live in the merchant's configuration (merchants.config -> 'lottery', seeded from
-- config/lottery.json). Money and the record of play go through the seamless-wallet protocol as
-- the vendor AURLT: a ticket's stake is a debit of its own round, its settlement the credit that
-- closes the round (game_rounds), a refund the rollback of the debit. These tables are what the
-- lottery itself keeps.

-- An issue (draw) of a game. seed_hash (SHA-256 of the 64 hex characters of seed) is stored with
-- the seed when the issue is made, before its sale opens; seed is never answered before the
-- draw (status drawn or settled). status moves only forward by conditional updates:
-- open -> closed -> drawn -> settled, or open/closed -> cancelled.
CREATE TABLE lottery_issues (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  game_code text NOT NULL,
  issue_no text NOT NULL,
  sale_open_at timestamptz NOT NULL,
  sale_close_at timestamptz NOT NULL,
  draw_at timestamptz NOT NULL,
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  result jsonb,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'closed', 'drawn', 'settled', 'cancelled')),
  created_at timestamptz NOT NULL,
  drawn_at timestamptz,
  settled_at timestamptz,
  cancelled_at timestamptz,
  UNIQUE (merchant, game_code, issue_no)
);
CREATE INDEX lottery_issues_due_idx ON lottery_issues (draw_at) WHERE status IN ('open', 'closed', 'drawn');
CREATE INDEX lottery_issues_game_idx ON lottery_issues (merchant, game_code, draw_at DESC);
-- Cancelled issues whose tickets may still wait for their refund.
CREATE INDEX lottery_issues_cancelled_idx ON lottery_issues (cancelled_at) WHERE status = 'cancelled';

-- A chase: one selection over several issues of a game, every ticket placed and paid up front.
-- stopped_at: the settlement time of its first winning ticket when it stops on a win (the
-- tickets of issues whose sale was still open then are refunded); cancelled_at: the member
-- cancelled what was left.
CREATE TABLE lottery_chases (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  game_code text NOT NULL,
  bet_type text NOT NULL,
  selection jsonb NOT NULL,
  stop_on_win boolean NOT NULL,
  created_at timestamptz NOT NULL,
  stopped_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX lottery_chases_member_idx ON lottery_chases (merchant, member_id, id DESC);
CREATE INDEX lottery_chases_stop_idx ON lottery_chases (id) WHERE stop_on_win AND stopped_at IS NULL;

-- A ticket: one bet type and selection on one issue, priced by the engine when placed. status
-- 'placing' is a ticket whose debit is in flight (it becomes pending, or is rolled back and
-- removed); the ledger keys derive from the id (vendor:AURLT:lt-<id>-bet / -win / -ref).
-- max_payout_minor is the most the ticket can pay (stake x the bet type's largest multiple): the
-- issue's exposure and the liability limits add it up.
CREATE TABLE lottery_tickets (
  id bigserial PRIMARY KEY,
  merchant text NOT NULL REFERENCES merchants (code),
  member_id bigint NOT NULL REFERENCES members (id),
  issue_id bigint NOT NULL REFERENCES lottery_issues (id),
  game_code text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'play')),
  bet_type text NOT NULL,
  selection jsonb NOT NULL,
  selection_key text NOT NULL,
  unit_divisor integer,
  multiplier integer,
  prize_group integer,
  member_group integer,
  amount_minor bigint,
  points integer,
  board text,
  board_version integer,
  bets integer NOT NULL CHECK (bets > 0),
  -- The price the ticket was placed at (stake, rebate, the prize per winning bet at each price
  -- key as exact fractions): it settles at these, whatever the odds board says by then.
  placed_price jsonb NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  max_payout_minor bigint NOT NULL CHECK (max_payout_minor >= 0),
  status text NOT NULL DEFAULT 'placing'
    CHECK (status IN ('placing', 'pending', 'won', 'lost', 'cancelled', 'refunded')),
  payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
  -- The prize-group rebate paid at settlement: (member group - bet group) / 2000 of the stake,
  -- none on a push or a cancel (ledger key lottery:rebate:<id>, rebate_tx).
  rebate_minor bigint NOT NULL DEFAULT 0 CHECK (rebate_minor >= 0),
  rebate_tx text,
  order_no text,
  bet_tx text,
  settle_tx text,
  refund_tx text,
  -- The chase the ticket belongs to, and why a cancelled ticket was cancelled: member (by the
  -- member before its sale closed), operator (the issue was cancelled), system (its placing
  -- never finished), stopped (its chase stopped on a win).
  chase_id bigint REFERENCES lottery_chases (id),
  cancel_reason text CHECK (cancel_reason IN ('member', 'operator', 'system', 'stopped')),
  placed_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX lottery_tickets_chase_idx ON lottery_tickets (chase_id, status) WHERE chase_id IS NOT NULL;
CREATE INDEX lottery_tickets_issue_idx ON lottery_tickets (issue_id, status);
CREATE INDEX lottery_tickets_member_idx ON lottery_tickets (merchant, member_id, id DESC);
CREATE INDEX lottery_tickets_selection_idx ON lottery_tickets (issue_id, bet_type, selection_key);
