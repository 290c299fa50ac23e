import { minorToDecimal, TX_TYPE } from '@aurum/contract';
import { type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The player pages' reads: a member found by account, mobile, email, id or address, and the
 * records of one member (wallets, ledger, payments, rounds, sessions, messages, notes), newest
 * first. Money leaves here as decimal text.
 */

const TX_NAMES = new Map<number, string>(Object.entries(TX_TYPE).map(([name, id]) => [id, name]));
const money = (minor: string | null) => (minor === null ? null : minorToDecimal(BigInt(minor)));
/** A timestamp column as ISO 8601 text in UTC (both engines hand timestamps back as their own text). */
const ISO = (col: string, as: string) =>
  `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface MemberRecord {
  id: number;
  account: string;
  user_name: string;
  nickname: string | null;
  mobile: string | null;
  country_dialing_code: string | null;
  email: string | null;
  type: number;
  upline: string | null;
  upline_kind: string | null;
  path: string;
  depth: number;
  affiliate_code: string | null;
  profile: Record<string, string | undefined>;
  language: string;
  status: 'active' | 'disabled';
  created_at: string;
  first_login_at: string | null;
  password_changed_at: string | null;
  password_change_required: boolean;
  lottery_prize_group: number | null;
  two_factor: boolean;
}

/** A member (never the merchant's house node) by account, any case. */
export async function memberByAccount(db: Queryable, merchantCode: string, account: string) {
  const [row] = await queryRows<MemberRecord>(
    db,
    `SELECT m.id::int AS id, m.account, m.user_name, m.nickname, m.mobile, m.country_dialing_code, m.email,
            m.type, u.account AS upline, u.kind AS upline_kind, m.path, m.depth, m.affiliate_code, m.profile,
            m.language, m.status, ${ISO('m.created_at', 'created_at')}, ${ISO('m.first_login_at', 'first_login_at')},
            ${ISO('m.password_changed_at', 'password_changed_at')},
            m.password_change_required, m.lottery_prize_group,
            EXISTS (SELECT 1 FROM member_two_factor f WHERE f.member_id = m.id) AS two_factor
       FROM members m LEFT JOIN members u ON u.id = m.upline_id
      WHERE m.merchant_code = $1 AND m.account_lower = $2 AND m.kind = 'member'`,
    [merchantCode, account.trim().toLowerCase()],
  );
  return row ?? null;
}

export interface SearchHit {
  id: number;
  account: string;
  type: number;
  status: 'active' | 'disabled';
  created_at: string;
  last_sign_in: string | null;
  main: string | null;
}

const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]+)$/i;

/**
 * Members whose account starts with `q`, whose mobile or email is `q` (a mobile also by its
 * digits without the dialling code), whose id is `q`, or who signed in or held a session from
 * the address `q`; newest first.
 */
export async function searchMembers(db: Queryable, merchantCode: string, q: string, limit: number) {
  const text = q.trim();
  const params: unknown[] = [merchantCode];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const or: string[] = [`m.account_lower LIKE ${p(`${escapeLike(text.toLowerCase())}%`)}`];
  if (text.includes('@')) or.push(`lower(m.email) = ${p(text.toLowerCase())}`);
  const digits = text.replace(/[\s()+-]/g, '');
  if (/^\d{5,20}$/.test(digits)) {
    // By its last digits: the number without its dialling code (reverse(mobile) is indexed).
    or.push(
      `m.mobile = ${p(`+${digits}`)}`,
      `reverse(m.mobile) LIKE ${p(`${[...digits].reverse().join('')}%`)}`,
    );
  }
  if (/^\d{1,15}$/.test(text)) or.push(`m.id = ${p(Number(text))}`);
  if (IP.test(text)) {
    const ip = p(text);
    or.push(
      `m.id IN (SELECT s.member_id FROM member_sign_ins s WHERE s.merchant_code = $1 AND s.ip = ${ip}
                UNION SELECT s.member_id FROM sessions s WHERE s.merchant_code = $1 AND s.ip = ${ip})`,
    );
  }
  const rows = await queryRows<Omit<SearchHit, 'main'> & { main: string | null }>(
    db,
    `SELECT m.id::int AS id, m.account, m.type, m.status, ${ISO('m.created_at', 'created_at')},
            ${ISO('(SELECT max(s.created_at) FROM member_sign_ins s WHERE s.member_id = m.id AND s.success)', 'last_sign_in')},
            (SELECT a.balance::text FROM ledger_accounts a
              WHERE a.merchant_code = $1 AND a.member_id = m.id AND a.code = 'MAIN') AS main
       FROM members m
      WHERE m.merchant_code = $1 AND m.kind = 'member' AND (${or.join(' OR ')})
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${p(limit)}`,
    params,
  );
  return rows.map((r) => ({ ...r, main: money(r.main) ?? '0.00' }));
}

/** Everything the player page shows of one member, `limit` rows of each record. */
export async function memberRecords(
  db: Queryable,
  merchantCode: string,
  memberId: number,
  now: Date,
  limit: number,
) {
  const args = [merchantCode, memberId, limit];
  const [wallets, ledger, deposits, withdrawals, rounds, sessions, signIns, messages, notes] =
    await Promise.all([
      queryRows<{ code: string; balance: string }>(
        db,
        `SELECT code, balance::text AS balance FROM ledger_accounts
          WHERE merchant_code = $1 AND member_id = $2 ORDER BY code`,
        [merchantCode, memberId],
      ),
      queryRows<{
        transfer_id: number;
        kind: number;
        code: string;
        amount: string;
        balance_after: string;
        memo: string | null;
        created_at: string;
        created_by: string;
      }>(
        db,
        `SELECT t.id::int AS transfer_id, t.kind, a.code, e.amount::text AS amount,
                e.balance_after::text AS balance_after, t.memo, ${ISO('t.created_at', 'created_at')}, t.created_by
           FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
           JOIN ledger_transfers t ON t.id = e.transfer_id
          WHERE a.merchant_code = $1 AND a.member_id = $2
          ORDER BY e.id DESC LIMIT $3`,
        args,
      ),
      queryRows<{
        order_no: string;
        type: string;
        channel_id: string;
        amount: string;
        status: string;
        created_at: string;
        completed_at: string | null;
        reviewed_by: string | null;
      }>(
        db,
        `SELECT order_no, type, channel_id, amount::text AS amount, status, ${ISO('created_at', 'created_at')},
                ${ISO('completed_at', 'completed_at')}, reviewed_by
           FROM deposit_orders WHERE merchant_code = $1 AND member_id = $2
          ORDER BY created_at DESC, id DESC LIMIT $3`,
        args,
      ),
      queryRows<{
        order_no: string;
        account_provider: string;
        account_number: string;
        amount: string;
        status: string;
        created_at: string;
        paid_at: string | null;
        reviewed_by: string | null;
        remark: string | null;
      }>(
        db,
        `SELECT order_no, account_provider, account_number, amount::text AS amount, status,
                ${ISO('created_at', 'created_at')}, ${ISO('paid_at', 'paid_at')},
                reviewed_by, remark
           FROM withdraw_orders WHERE merchant_code = $1 AND member_id = $2
          ORDER BY created_at DESC, id DESC LIMIT $3`,
        args,
      ),
      queryRows<{
        vendor: string;
        game_code: string;
        round_id: string;
        mode: string;
        status: string;
        bet: string;
        win: string;
        held: boolean;
        opened_at: string;
        settled_at: string | null;
      }>(
        db,
        `SELECT vendor, game_code, round_id, mode, status, bet_minor::text AS bet, win_minor::text AS win, held,
                ${ISO('opened_at', 'opened_at')}, ${ISO('settled_at', 'settled_at')}
           FROM game_rounds WHERE merchant = $1 AND member_id = $2
          ORDER BY opened_at DESC, id DESC LIMIT $3`,
        args,
      ),
      queryRows<{
        id: number;
        kind: string;
        ip: string | null;
        place: string | null;
        user_agent: string | null;
        device_id: string | null;
        created_at: string;
        last_seen_at: string;
        expires_at: string;
      }>(
        db,
        `SELECT id::int AS id, kind, ip, place, user_agent, device_id, ${ISO('created_at', 'created_at')},
                ${ISO('last_seen_at', 'last_seen_at')}, ${ISO('expires_at', 'expires_at')}
           FROM sessions
          WHERE merchant_code = $1 AND member_id = $2 AND kind IN ('session', 'remember')
            AND revoked_at IS NULL AND expires_at > $4::timestamptz
          ORDER BY last_seen_at DESC, id DESC LIMIT $3`,
        [...args, now.toISOString()],
      ),
      queryRows<{
        method: string;
        success: boolean;
        ip: string | null;
        place: string | null;
        user_agent: string | null;
        device_id: string | null;
        created_at: string;
      }>(
        db,
        `SELECT method, success, ip, place, user_agent, device_id, ${ISO('created_at', 'created_at')}
           FROM member_sign_ins WHERE merchant_code = $1 AND member_id = $2
          ORDER BY created_at DESC, id DESC LIMIT $3`,
        args,
      ),
      queryRows<{
        id: number;
        title: string;
        body: string;
        sent_by: string;
        created_at: string;
        read: boolean;
      }>(
        db,
        `SELECT m.id::int AS id, m.title, m.body, m.sent_by, ${ISO('m.created_at', 'created_at')},
                EXISTS (SELECT 1 FROM support_message_reads r WHERE r.message_id = m.id AND r.member_id = $2) AS read
           FROM support_messages m WHERE m.merchant = $1 AND m.member_id = $2
          ORDER BY m.created_at DESC, m.id DESC LIMIT $3`,
        args,
      ),
      listNotes(db, merchantCode, memberId, limit),
    ]);
  return {
    balances: wallets.map((w) => ({ wallet: w.code, balance: money(w.balance) })),
    ledger: ledger.map((e) => ({
      transferId: e.transfer_id,
      type: TX_NAMES.get(e.kind) ?? String(e.kind),
      wallet: e.code,
      amount: money(e.amount),
      balanceAfter: money(e.balance_after),
      memo: e.memo,
      by: e.created_by,
      at: e.created_at,
    })),
    deposits: deposits.map((d) => ({
      orderNo: d.order_no,
      type: d.type,
      channel: d.channel_id,
      amount: money(d.amount),
      status: d.status,
      reviewedBy: d.reviewed_by,
      createdAt: d.created_at,
      completedAt: d.completed_at,
    })),
    withdrawals: withdrawals.map((w) => ({
      orderNo: w.order_no,
      payTo: `${w.account_provider} ${w.account_number}`,
      amount: money(w.amount),
      status: w.status,
      reviewedBy: w.reviewed_by,
      remark: w.remark,
      createdAt: w.created_at,
      paidAt: w.paid_at,
    })),
    rounds: rounds.map((r) => ({
      vendor: r.vendor,
      game: r.game_code,
      roundId: r.round_id,
      mode: r.mode,
      state: r.held ? 'held' : r.status,
      stake: money(r.bet),
      payout: money(r.win),
      openedAt: r.opened_at,
      settledAt: r.settled_at,
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      kind: s.kind,
      ip: s.ip,
      place: s.place,
      device: s.user_agent,
      deviceId: s.device_id,
      createdAt: s.created_at,
      lastSeenAt: s.last_seen_at,
      expiresAt: s.expires_at,
    })),
    signIns: signIns.map((s) => ({
      method: s.method,
      success: s.success,
      ip: s.ip,
      place: s.place,
      device: s.user_agent,
      deviceId: s.device_id,
      at: s.created_at,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      title: m.title,
      body: m.body,
      sentBy: m.sent_by,
      read: m.read,
      at: m.created_at,
    })),
    notes,
  };
}

/** A member's operator notes (locks and unlocks among them), newest first; `kind`: only those. */
export async function listNotes(
  db: Queryable,
  merchantCode: string,
  memberId: number,
  limit: number,
  kind?: 'note' | 'lock' | 'unlock',
) {
  const rows = await queryRows<{
    id: number;
    kind: string;
    body: string;
    author: string;
    created_at: string;
  }>(
    db,
    `SELECT id::int AS id, kind, body, author, ${ISO('created_at', 'created_at')} FROM member_notes
      WHERE merchant_code = $1 AND member_id = $2 AND ($4::text IS NULL OR kind = $4::text)
      ORDER BY id DESC LIMIT $3`,
    [merchantCode, memberId, limit, kind ?? null],
  );
  return rows.map((n) => ({ id: n.id, kind: n.kind, text: n.body, author: n.author, at: n.created_at }));
}

export async function insertNote(
  db: Queryable,
  note: {
    merchantCode: string;
    memberId: number;
    kind: 'note' | 'lock' | 'unlock';
    text: string;
    author: string;
    at: Date;
  },
) {
  const [row] = await queryRows<{ id: number }>(
    db,
    `INSERT INTO member_notes (merchant_code, member_id, kind, body, author, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz) RETURNING id::int AS id`,
    [note.merchantCode, note.memberId, note.kind, note.text, note.author, note.at.toISOString()],
  );
  return row!.id;
}

/** Sets the member's status when it is not that already; false when it was. */
export async function setStatus(db: Queryable, memberId: number, status: 'active' | 'disabled') {
  const rows = await queryRows<{ id: number }>(
    db,
    'UPDATE members SET status = $2 WHERE id = $1 AND status <> $2 RETURNING id::int AS id',
    [memberId, status],
  );
  return rows.length > 0;
}

/** The member's live sessions and remember tokens. */
export async function countLiveSessions(db: Queryable, merchantCode: string, memberId: number, now: Date) {
  const [row] = await queryRows<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM sessions
      WHERE merchant_code = $1 AND member_id = $2 AND kind IN ('session', 'remember')
        AND revoked_at IS NULL AND expires_at > $3::timestamptz`,
    [merchantCode, memberId, now.toISOString()],
  );
  return row?.n ?? 0;
}
