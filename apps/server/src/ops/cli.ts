/**
 * Operator commands: `npm run ops -- <command> [args]` (see README "Operator commands").
 * While the server runs, the command goes through its loopback operator endpoint (so the
 * embedded database, which one process owns, is never opened twice); otherwise it opens the
 * database itself. Both paths run the same OpsService.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { supportCommand } from '../modules/support/index.ts';
import { loadConfig } from '../platform/config.ts';
import { readMerchantConfig } from '../platform/merchant-config.ts';
import { readOpsToken } from '../platform/ops-token.ts';
import { runningServerPort } from '../platform/server-file.ts';
import { ARTICLES_USAGE, articlesCli, withArticleFile } from './articles-cli.ts';
import { CONTENT_USAGE, type ContentCliOptions, contentCli } from './content-cli.ts';

const USAGE = `Usage: npm run ops -- <command> [options]

Run commands as a named operator: sign in once, and each command obeys that operator's role and
the four-eyes rules and is audited under its name. Without a signed-in operator a command runs
as break-glass (for the server's own machine when nobody can sign in, e.g. to create the first
administrator): nothing is refused, and it is recorded as break-glass and shown on the console's
dashboard.

  sign-in <name>                         sign in as an operator (asks for the password and an
                                         authenticator or recovery code; piped input: one per
                                         line); the session ends after 15 minutes unused
  sign-out                               end the operator session of this command line

Commands:
  status                                 show the merchant's operator settings
  maintenance on [--end <ISO date-time>] switch maintenance on (optionally with its planned end)
  maintenance off                        switch maintenance off
  region on | off                        switch region restriction on or off
  region countries <CC,CC,...|none>      set the blocked countries (two-letter codes)
  region ranges <CIDR,CIDR,...|none>     set the blocked IP addresses and ranges
  reload-config                          re-read config/ into the database
  feature list                           the merchant's feature flags: each one's own switch and
                                         whether members have it (every parent on too)
  feature on|off <KEY>                   switch a feature for every member at once (config/
                                         features.json stays the seed: reload-config puts it back)
  outbox [--to <number|email>] [--limit N] recent SMS and email kept by the outbox provider
  adjust <account> <amount> --reason <text> [--key <key>]
                                         credit (amount > 0) or debit (amount < 0) a member's
                                         main wallet from or to HOUSE:ADJUST; prints the
                                         idempotency key: repeat it with --key to retry safely
  reset-password <account> --reason <text>
                                         set the member's password to the merchant's default
                                         password and end its sessions: the next sign-in must
                                         choose a new one
  player search <text> [--limit N]       members by account (its start), mobile, email, member id
                                         or an IP address they signed in from
  player show <account>                  a member's page: profile, status and lock, wallets,
                                         latest ledger entries, deposits, withdrawals, game
                                         rounds, sessions and sign-ins, messages, notes
  player lock <account> --reason <text>  lock a member: every session ends, no sign-in until
                                         unlocked
  player unlock <account> --reason <text>
                                         lift the lock
  player end-sessions <account>          sign the member out everywhere (no lock)
  player view-as <account> --reason "<why>"
                                         a one-time link (60 s) to a 30-minute read-only view
                                         of the member's own site
  player note <account> --text <text>    an operator note on the member (operators only)
  player tree <account> [--depth N] [--limit N]
                                         an agent's members N levels down (default 1) with
                                         their team counts
  deposit list [--status S] [--limit N]  deposit orders, newest first (S: PENDING, PAID, EXPIRED
                                         or REJECTED; N: 1 to 200, default 20)
  deposit approve <orderNo>              credit a pending bank-transfer deposit
  deposit proof <orderNo>                save a bank deposit's proof image in this folder
  deposit webhooks [<orderNo>] [--limit N]
                                         the payment gateways' webhooks (of one order) and what
                                         the site did with each, newest first
  deposit reject <orderNo> --reason <text>
                                         refuse a pending bank-transfer deposit
  withdraw list [--status S] [--limit N] withdrawal orders with the full account to pay to
                                         (S: PENDING, PAID, NOT_RECEIVED…: oldest first; N: 1 to
                                         500, default 50)
  withdraw approve <orderNo>             mark a pending withdrawal paid out (the member is asked
                                         to confirm receipt)
  withdraw reject <orderNo> --reason <text>
                                         refuse a pending withdrawal: the amount returns to the
                                         member's main wallet
  withdraw return-margin <orderNo>       a NOT_RECEIVED withdrawal: return what did not arrive
  withdraw force-received <orderNo>      a NOT_RECEIVED withdrawal: count it received, nothing
                                         returned
  ledger-check                           check the ledger of every merchant: entries sum to 0,
                                         balances equal their entries (exit 1 on a problem)
  audit [--by A] [--action C] [--limit N]
                                         the operator audit log, newest first, of one actor
                                         and one action (N: 1 to 500, default 50)
  audit-verify                           recompute the audit log's hash chain and check its
                                         signed head: an edited, deleted or cut-off row is
                                         reported (exit 1 on a problem)
  operator create <name> --role <role> --email <email>
                                         an operator account (roles: admin, finance, support,
                                         content, risk, reporting); prints a one-time
                                         enrolment link (24 hours) where the operator sets a
                                         password and an authenticator
  operator list                          the merchant's operators
  operator update <name> [--role R] [--status active|disabled] [--ranges <CIDR,...|none>]
                                         change an operator's role, status or allowed networks
                                         (a change of role or disabling ends its sessions)
  operator reset <name>                  a lost authenticator: a new enrolment link, sessions end
  approval list [--status pending|approved|rejected]
                                         four-eyes requests (a large withdrawal or adjustment)
  approval approve <id>                  run a request another operator made (signed in only)
  approval reject <id> --reason <text>   refuse a request
  vendor-secret <VENDOR> [--rotate]      make the secret a game vendor signs its seamless-wallet
                                         calls with and print it once; --rotate replaces it
  vendor-maintenance <VENDOR> --start <when> --end <when>
                                         set a game vendor's maintenance window (ISO date-time
                                         with offset, or epoch ms): launches inside it are
                                         refused with its times
  vendor-maintenance <VENDOR> --clear    remove the vendor's maintenance window
  game list                              the games catalogue with each game's switch
  filter list <section>                  your saved filters of a console list page
  filter save <section> <name> [field=value ...]
                                         save (or replace) a named filter of that page
  filter remove <section> <name>         remove a saved filter
  game on|off <VENDOR.code>              switch a game on or off: off, it is never listed,
                                         favourited or launched (its open rounds still settle)
  risk list [--status S] [--limit N]     seamless wins held by the risk limits, oldest first
                                         (S: PENDING (default), RELEASED or REJECTED; N: 1 to
                                         200, default 50)
  risk-links <account>                   the members sharing a device, a network address, a
                                         mobile number or a withdrawal payee with this one
  risk-alerts [--days N] [--win-above X] [--withdraw-above X]
                                         large wins and withdrawals of the last N days (default
                                         7; thresholds default to cashier.alerts)
  risk release <id>                      pay a held win (once) and close its round as the
                                         vendor's credit would have
  risk reject <id> --reason <text>       close the round of a held win without paying it
  lottery issues [--game G] [--status S] [--limit N]
                                         lottery issues, newest draw first (S: open, closed,
                                         drawn, settled or cancelled); the seed only once drawn
  lottery cancel <game> <issueNo>        cancel an issue not drawn yet: every ticket is refunded
                                         once (repeat it to resume an interrupted cancel)
  lottery exposure <game> <issueNo>      total stake and worst-case payout per selection
  lottery void <ticket> --reason <text>  void one ticket of an issue not drawn yet: its stake
                                         is refunded once and the reason audited
  lottery prize-group <account> <group>  set a member's own prize group within the merchant's
                                         range (default: back to the merchant's default)
  contract list --account <account> [--kind K]
                                         the agent contracts a member holds and offers
  contract show <id>                     a contract and its bills (one per period)
  contract terminate <id> --reason <why> end a contract at once
  contract write-off <bill> --reason <why>
                                         stop collecting what a contract bill still owes
  contract reject-claim <bill> --reason <why>
                                         DAYSALMR: a claimable daily salary is never paid
  contract settle <kind> <period>        settle a period now (daily 2026-03-09, hourly
                                         2026-03-09T10, realtime 2026-03-09T10:05,
                                         dividend 2026-03-H1 / 2026-03 / W2026-03-08)
  vip show <account>                     a member's VIP level, its changes and unclaimed rebate
  vip set <account> <level> --reason <text>
                                         set a member's VIP level (audited; pays no upgrade bonus)
  bonus show <account>                   a member's bonuses and their turnover requirements
  bonus forfeit <account> <id> --reason <text>
                                         forfeit an open bonus for the member (audited)
  referral show <account>                a member's referral code, rewards and invitees (with shared links)
  rewards codes                          the reward centre's promo codes (amount, cap, used, expiry, enabled)
  rewards code-create <code> --amount <x> --cap <n> --expires <ISO time>
                                         make a promo code (audited)
  rewards code-disable|code-enable <code>
                                         turn a promo code off or on again (audited)
  rewards show <account>                 a member's reward claims of the last 90 days
  points show <account>                  a member's points, latest movements and redemptions
  points list                            the points mall's redemptions waiting for a decision
  points approve|reject <ref> --reason <text>
                                         decide a redemption (audited; a rejection refunds its
                                         points and money once)
  affiliate list [--status S] [--limit N]
                                         applications to become an agent, newest first (S:
                                         pending, approved or rejected; N: 1 to 200)
  affiliate approve <id>                 the member becomes an agent where it stands in the
                                         tree; it gets a message
  affiliate reject <id> --reason <why>   reject an application; the member sees the reason
  kyc list [--status S] [--account A] [--limit N]
                                         identity verifications sent by members, newest first
                                         (S: pending, verified or rejected)
  kyc document <id> identity|address     a submission's photo as a data URL (audited)
  kyc approve <id> [--reason <note>]     the member is verified; it gets a message
  kyc reject <id> --reason <why>         the member sees the reason and can send again
${CONTENT_USAGE}
${ARTICLES_USAGE}
  promo-applications [--status S] [--limit N]
                                         promotion applications with their image keys, oldest
                                         first (S: PENDING, APPROVED or REJECTED; N: 1 to 200)
  promo-approve <id> [--amount <amount>] approve an application: pays the promotion's reward
                                         (or the amount given) to the member's main wallet, once
  promo-reject <id> --reason <text>      reject an application; the member sees the reason
  feedback-list [--status OPEN|ANSWERED] [--limit N]
                                         members' feedback, newest first
  feedback-answer <id> --text <text>     answer a feedback: the member gets it as a message
  message-send --account <account> --title <text> --text <text>
                                         a personal message to one member
  message-broadcast --title <text> --text <text>
                                         a message to every member
  chat-mute <account> --minutes N        mute a member in the chat rooms (0 lifts the mute)
  chat-delete <id>                       delete a chat-room message for everyone
  support-chats [--limit N]              live support conversations, latest first
  support-chats <account> [--limit N]    one member's conversation, its latest N messages
  support-reply <account> --text <text>  answer a member in live support
  dashboard                              today's figures in the merchant's business day (deposits,
                                         withdrawals, GGR, NGR, active players), what waits,
                                         break-glass use of 7 days and a 14-day series
  report ggr --from D --to D [--by day|category|vendor|game] [--csv]
                                         GGR (and, by day, NGR) of business days D to D
                                         (YYYY-MM-DD, at most 366 days)
  report payments --from D --to D [--csv]
                                         deposits and withdrawals per business day, with counts
  report players --from D --to D [--limit N] [--csv]
                                         player P&L: stakes, payouts, bonuses and net per member,
                                         the top N by net (default 50); --csv prints CSV

Options:
  --merchant <code>   merchant code (default: the one in config/brand.json)
  --url <url>         the running server (default: the one that owns DATA_DIR, if any)
  --actor <name>      break-glass only: who you are, recorded as break-glass:<name> in the audit
                      log (default: your user name)`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function list(value: string | undefined, what: string): string[] {
  if (value === undefined) fail(`Missing the list of ${what}.\n\n${USAGE}`);
  return value === 'none'
    ? []
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

/** A negative amount ("-25.00") is a value, not an option: parseArgs sees it with this prefix. */
const NEGATIVE = 'negative:';
const protectNegatives = (argv: string[]) =>
  argv.map((a) => (/^-\d+(\.\d*)?$/.test(a) ? `${NEGATIVE}${a.slice(1)}` : a));
const restoreNegative = (a: string | undefined) =>
  a?.startsWith(NEGATIVE) ? `-${a.slice(NEGATIVE.length)}` : a;

interface CliOptions extends ContentCliOptions {
  at?: string | undefined;
  role?: string | undefined;
  email?: string | undefined;
  ranges?: string | undefined;
  by?: string | undefined;
  action?: string | undefined;
  game?: string | undefined;
  kind?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  clear?: boolean | undefined;
  to?: string | undefined;
  limit?: string | undefined;
  reason?: string | undefined;
  key?: string | undefined;
  status?: string | undefined;
  rotate?: boolean | undefined;
  amount?: string | undefined;
  text?: string | undefined;
  title?: string | undefined;
  account?: string | undefined;
  minutes?: string | undefined;
  days?: string | undefined;
  'win-above'?: string | undefined;
  'withdraw-above'?: string | undefined;
  depth?: string | undefined;
  from?: string | undefined;
  csv?: boolean | undefined;
  cap?: string | undefined;
  expires?: string | undefined;
}

const PLAYER_ACTIONS = ['search', 'show', 'lock', 'unlock', 'end-sessions', 'view-as', 'note', 'tree'];

function playerCommand(action: string | undefined, value: string | undefined, opts: CliOptions) {
  if (!action || !PLAYER_ACTIONS.includes(action))
    fail(`player takes ${PLAYER_ACTIONS.join(', ')}.\n\n${USAGE}`);
  const number = (text: string | undefined, what: string) => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text)) fail(`--${what} takes a number.\n\n${USAGE}`);
    return Number(text);
  };
  if (!value)
    fail(`player ${action} takes ${action === 'search' ? 'what to search for' : 'an account'}.\n\n${USAGE}`);
  // The server checks every value: one set of rules for every caller.
  switch (action) {
    case 'search':
      return { command: 'player', action, q: value, limit: number(opts.limit, 'limit') };
    case 'lock':
    case 'unlock':
    case 'view-as':
      if (!opts.reason) fail(`player ${action} needs --reason "<why>".\n\n${USAGE}`);
      return { command: 'player', action, account: value, reason: opts.reason };
    case 'note':
      if (!opts.text) fail(`player note needs --text "<note>".\n\n${USAGE}`);
      return { command: 'player', action, account: value, text: opts.text };
    case 'tree':
      return {
        command: 'player',
        action,
        account: value,
        depth: number(opts.depth, 'depth'),
        limit: number(opts.limit, 'limit'),
      };
    default:
      return { command: 'player', action, account: value };
  }
}

function depositCommand(action: string | undefined, orderNo: string | undefined, opts: CliOptions) {
  if (action === 'list') {
    if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
    const limit = opts.limit === undefined ? undefined : Number(opts.limit);
    return { command: 'deposit', action, status: opts.status?.toUpperCase(), limit };
  }
  if (action === 'webhooks') {
    if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
    const limit = opts.limit === undefined ? undefined : Number(opts.limit);
    return { command: 'deposit', action, orderNo, limit };
  }
  if (action !== 'approve' && action !== 'reject' && action !== 'proof')
    fail(`deposit takes list, webhooks, proof, approve or reject.\n\n${USAGE}`);
  if (!orderNo) fail(`deposit ${action} takes an order number.\n\n${USAGE}`);
  if (action === 'proof') return { command: 'deposit', action, orderNo };
  if (action === 'approve') return { command: 'deposit', action, orderNo };
  if (!opts.reason) fail(`deposit reject needs --reason "<why>".\n\n${USAGE}`);
  return { command: 'deposit', action, orderNo, reason: opts.reason };
}

function riskCommand(action: string | undefined, id: string | undefined, opts: CliOptions) {
  if (action === 'list') {
    if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
    const limit = opts.limit === undefined ? undefined : Number(opts.limit);
    return { command: 'risk', action, status: opts.status?.toUpperCase(), limit };
  }
  if (action !== 'release' && action !== 'reject') fail(`risk takes list, release or reject.\n\n${USAGE}`);
  if (!id || !/^\d{1,15}$/.test(id)) fail(`risk ${action} takes the id of a held win.\n\n${USAGE}`);
  if (action === 'release') return { command: 'risk', action, id: Number(id) };
  if (!opts.reason) fail(`risk reject needs --reason "<why>".\n\n${USAGE}`);
  return { command: 'risk', action, id: Number(id), reason: opts.reason };
}

function lotteryCommand(
  action: string | undefined,
  first: string | undefined,
  second: string | undefined,
  opts: CliOptions,
) {
  if (action === 'issues') {
    if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
    const limit = opts.limit === undefined ? undefined : Number(opts.limit);
    return { command: 'lottery', action, game: opts.game, status: opts.status?.toLowerCase(), limit };
  }
  if (action === 'prize-group') {
    if (!first || !second) fail(`lottery prize-group takes an account and a group.\n\n${USAGE}`);
    return { command: 'lottery', action, account: first, group: second };
  }
  if (action === 'void') {
    // The server checks the ticket and the reason: one set of rules for every caller.
    if (!first) fail(`lottery void takes a ticket number.\n\n${USAGE}`);
    if (!opts.reason) fail(`lottery void needs --reason "<why>".\n\n${USAGE}`);
    return { command: 'lottery', action, ticketId: first, reason: opts.reason };
  }
  if (action !== 'cancel' && action !== 'exposure')
    fail(`lottery takes issues, cancel, exposure, void or prize-group.\n\n${USAGE}`);
  if (!first || !second) fail(`lottery ${action} takes a game code and an issue number.\n\n${USAGE}`);
  return { command: 'lottery', action, game: first, issueNo: second };
}

/** `contract …`: the server checks every value (ids, kinds, periods). */
function contractCliCommand(
  action: string | undefined,
  first: string | undefined,
  second: string | undefined,
  opts: CliOptions,
) {
  switch (action) {
    case 'list':
      if (!opts.account) fail(`contract list needs --account <account>.\n\n${USAGE}`);
      return { command: 'contract', action, account: opts.account, kind: opts.kind };
    case 'show':
      return { command: 'contract', action, id: first ?? '' };
    case 'terminate':
    case 'write-off':
    case 'reject-claim':
      if (!opts.reason) fail(`contract ${action} needs --reason "<why>".\n\n${USAGE}`);
      return action === 'terminate'
        ? { command: 'contract', action, id: first ?? '', reason: opts.reason }
        : { command: 'contract', action, bill: first ?? '', reason: opts.reason };
    case 'settle':
      if (!first || !second) fail(`contract settle takes a kind and a period.\n\n${USAGE}`);
      return { command: 'contract', action, kind: first, period: second };
    default:
      return fail(`contract takes list, show, terminate, write-off, reject-claim or settle.\n\n${USAGE}`);
  }
}

const WITHDRAW_ACTIONS = ['approve', 'reject', 'return-margin', 'force-received'];

function withdrawCommand(action: string | undefined, orderNo: string | undefined, opts: CliOptions) {
  if (action === 'list') {
    if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
    const limit = opts.limit === undefined ? undefined : Number(opts.limit);
    return { command: 'withdraw', action, status: opts.status?.toUpperCase(), limit };
  }
  if (!action || !WITHDRAW_ACTIONS.includes(action)) {
    fail(`withdraw takes list, ${WITHDRAW_ACTIONS.join(', ')}.\n\n${USAGE}`);
  }
  if (!orderNo) fail(`withdraw ${action} takes an order number.\n\n${USAGE}`);
  if (action !== 'reject') return { command: 'withdraw', action, orderNo };
  if (!opts.reason) fail(`withdraw reject needs --reason "<why>".\n\n${USAGE}`);
  return { command: 'withdraw', action, orderNo, reason: opts.reason };
}

function operatorCommand(action: string | undefined, name: string | undefined, opts: CliOptions) {
  if (action === 'list') return { command: 'operator', action };
  if (action !== 'create' && action !== 'update' && action !== 'reset')
    fail(`operator takes list, create, update or reset.\n\n${USAGE}`);
  if (!name) fail(`operator ${action} takes the operator's name.\n\n${USAGE}`);
  if (action === 'reset') return { command: 'operator', action, name };
  if (action === 'create') {
    if (!opts.role || !opts.email) fail(`operator create needs --role and --email.\n\n${USAGE}`);
    return { command: 'operator', action, name, role: opts.role, email: opts.email };
  }
  return {
    command: 'operator',
    action,
    name,
    role: opts.role,
    status: opts.status,
    allowedRanges:
      opts.ranges === undefined
        ? undefined
        : opts.ranges === 'none'
          ? []
          : opts.ranges.split(',').filter(Boolean),
  };
}

/** `report ggr|payments|players --from D --to D [--by X] [--limit N] [--csv]`; the server checks the values. */
function reportCommand(action: string | undefined, opts: CliOptions) {
  if (action !== 'ggr' && action !== 'payments' && action !== 'players')
    fail(`report takes ggr, payments or players.\n\n${USAGE}`);
  if (!opts.from || !opts.to) fail(`report ${action} needs --from and --to (YYYY-MM-DD).\n\n${USAGE}`);
  if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
  return {
    command: 'report',
    action,
    from: opts.from,
    to: opts.to,
    ...(action === 'ggr' && opts.by !== undefined ? { by: opts.by } : {}),
    ...(action === 'players' && opts.limit !== undefined ? { limit: Number(opts.limit) } : {}),
    ...(opts.csv ? { format: 'csv' } : {}),
  };
}

function toCommand(words: string[], opts: CliOptions): Record<string, unknown> {
  const { end } = opts;
  const [command, sub, value] = words;
  switch (command) {
    case 'outbox':
      if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
      return {
        command: 'outbox',
        to: opts.to,
        limit: opts.limit === undefined ? undefined : Number(opts.limit),
      };
    case 'status':
      return { command: 'status' };
    case 'dashboard':
      return { command: 'dashboard' };
    case 'report':
      return reportCommand(sub, opts);
    case 'reload-config':
      return { command: 'reload-config' };
    case 'ledger-check':
      return { command: 'ledger-check' };
    case 'audit-verify':
      return { command: 'audit-verify' };
    case 'audit':
      if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
      return {
        command: 'audit',
        actor: opts.by,
        action: opts.action,
        limit: opts.limit === undefined ? undefined : Number(opts.limit),
      };
    case 'adjust': {
      const amount = restoreNegative(value);
      if (!sub || !amount) fail(`adjust takes an account and an amount.\n\n${USAGE}`);
      if (!opts.reason) fail(`adjust needs --reason "<why>".\n\n${USAGE}`);
      return { command: 'adjust', account: sub, amount, reason: restoreNegative(opts.reason), key: opts.key };
    }
    case 'reset-password':
      if (!sub) fail(`reset-password takes an account.\n\n${USAGE}`);
      if (!opts.reason) fail(`reset-password needs --reason "<why>".\n\n${USAGE}`);
      return { command: 'reset-password', account: sub, reason: opts.reason };
    case 'player':
      return playerCommand(sub, value, opts);
    case 'deposit':
      return depositCommand(sub, value, opts);
    case 'withdraw':
      return withdrawCommand(sub, value, opts);
    case 'risk':
      return riskCommand(sub, value, opts);
    case 'lottery':
      return lotteryCommand(sub, value, words[3], opts);
    case 'contract':
      return contractCliCommand(sub, value, words[3], opts);
    case 'vip':
      if (sub === 'show' && value) return { command, action: sub, account: value };
      if (sub === 'set' && value && words[3] !== undefined) {
        if (!/^\d{1,2}$/.test(words[3])) fail(`vip set takes a level from 0.\n\n${USAGE}`);
        if (!opts.reason) fail(`vip set needs --reason "<why>".\n\n${USAGE}`);
        return { command, action: sub, account: value, level: Number(words[3]), reason: opts.reason };
      }
      return fail(`vip takes show <account> or set <account> <level> --reason <why>.\n\n${USAGE}`);
    case 'bonus':
      if (sub === 'show' && value) return { command, action: sub, account: value };
      if (sub === 'forfeit' && value && words[3] !== undefined) {
        if (!/^\d{1,15}$/.test(words[3])) fail(`bonus forfeit takes a bonus id.\n\n${USAGE}`);
        if (!opts.reason) fail(`bonus forfeit needs --reason "<why>".\n\n${USAGE}`);
        return { command, action: sub, account: value, id: Number(words[3]), reason: opts.reason };
      }
      return fail(`bonus takes show <account> or forfeit <account> <id> --reason <why>.\n\n${USAGE}`);
    case 'referral':
      if (sub === 'show' && value) return { command, action: sub, account: value };
      return fail(`referral takes show <account>.\n\n${USAGE}`);
    case 'rewards':
      if (sub === 'codes') return { command, action: sub };
      if (sub === 'show' && value) return { command, action: sub, account: value };
      if ((sub === 'code-disable' || sub === 'code-enable') && value)
        return { command, action: sub, code: value };
      if (sub === 'code-create' && value) {
        if (!opts.amount || !opts.cap || !opts.expires)
          fail(`rewards code-create needs --amount <x> --cap <n> --expires <ISO time>.\n\n${USAGE}`);
        // The server checks the code, amount, cap and expiry: one set of rules for every caller.
        return {
          command,
          action: sub,
          code: value,
          amount: opts.amount,
          cap: opts.cap,
          expires: opts.expires,
        };
      }
      return fail(
        `rewards takes codes, code-create <code> --amount <x> --cap <n> --expires <ISO>, code-disable|code-enable <code>, or show <account>.\n\n${USAGE}`,
      );
    case 'points':
      if (sub === 'show' && value) return { command, action: sub, account: value };
      if (sub === 'list') return { command, action: sub };
      if ((sub === 'approve' || sub === 'reject') && value) {
        if (!opts.reason) fail(`points ${sub} needs --reason "<why>".\n\n${USAGE}`);
        return { command, action: sub, ref: value, reason: opts.reason };
      }
      return fail(`points takes show <account>, list, or approve|reject <ref> --reason <why>.\n\n${USAGE}`);
    case 'affiliate':
      // The server checks the id, the status and the reason: one set of rules for every caller.
      if (sub === 'list')
        return { command, action: sub, status: opts.status?.toLowerCase(), limit: opts.limit };
      if (sub !== 'approve' && sub !== 'reject') fail(`affiliate takes list, approve or reject.\n\n${USAGE}`);
      if (!value) fail(`affiliate ${sub} takes an application's id.\n\n${USAGE}`);
      if (sub === 'approve') return { command, action: sub, id: value };
      if (!opts.reason) fail(`affiliate reject needs --reason "<why>".\n\n${USAGE}`);
      return { command, action: sub, id: value, reason: opts.reason };
    case 'kyc':
      // The server checks the id, the status and the reason: one set of rules for every caller.
      if (sub === 'list')
        return {
          command,
          action: sub,
          status: opts.status?.toLowerCase(),
          account: opts.account,
          limit: opts.limit,
        };
      if (sub === 'document') {
        if (!value || !words[3])
          fail(`kyc document takes a submission's id and identity or address.\n\n${USAGE}`);
        return { command, action: sub, id: value, side: words[3] };
      }
      if (sub !== 'approve' && sub !== 'reject')
        fail(`kyc takes list, document, approve or reject.\n\n${USAGE}`);
      if (!value) fail(`kyc ${sub} takes a submission's id.\n\n${USAGE}`);
      if (sub === 'approve') return { command, action: sub, id: value, reason: opts.reason };
      if (!opts.reason) fail(`kyc reject needs --reason "<why>".\n\n${USAGE}`);
      return { command, action: sub, id: value, reason: opts.reason };
    case 'operator':
      return operatorCommand(sub, value, opts);
    case 'approval':
      if (sub === 'list') return { command, action: sub, status: opts.status?.toLowerCase() };
      if (sub !== 'approve' && sub !== 'reject') fail(`approval takes list, approve or reject.\n\n${USAGE}`);
      if (!value || !/^\d{1,15}$/.test(value)) fail(`approval ${sub} takes a request's id.\n\n${USAGE}`);
      if (sub === 'approve') return { command, action: sub, id: Number(value) };
      if (!opts.reason) fail(`approval reject needs --reason "<why>".\n\n${USAGE}`);
      return { command, action: sub, id: Number(value), reason: opts.reason };
    case 'feature':
      if (sub === 'list') return { command, action: 'list' };
      if ((sub === 'on' || sub === 'off') && value)
        return { command, action: 'set', modId: value.toUpperCase(), on: sub === 'on' };
      return fail(`feature takes list, or on or off and a key.\n\n${USAGE}`);
    case 'risk-links':
      if (!sub) fail(`risk-links takes an account.\n\n${USAGE}`);
      return { command, account: sub };
    case 'risk-alerts':
      if (opts.days !== undefined && !/^\d+$/.test(opts.days)) fail(`--days takes a number.\n\n${USAGE}`);
      return {
        command,
        days: opts.days === undefined ? undefined : Number(opts.days),
        winAbove: opts['win-above'],
        withdrawAbove: opts['withdraw-above'],
      };
    case 'vendor-secret':
      if (!sub) fail(`vendor-secret takes a vendor code.\n\n${USAGE}`);
      return { command: 'vendor-secret', vendor: sub.toUpperCase(), rotate: opts.rotate ?? false };
    case 'filter': {
      // The server checks the section, the name and the fields: one set of rules for every caller.
      if (!value) fail(`filter takes list, save or remove and a console section.\n\n${USAGE}`);
      const [, , , name, ...fields] = words;
      if (sub === 'list') return { command, action: sub, section: value };
      if (!name) fail(`filter ${sub} takes a section and a name.\n\n${USAGE}`);
      if (sub === 'remove') return { command, action: sub, section: value, name };
      if (sub !== 'save') fail(`filter takes list, save or remove.\n\n${USAGE}`);
      const filter = Object.fromEntries(
        fields.map((f) => {
          const at = f.indexOf('=');
          if (at < 1) fail(`filter save takes fields as name=value.\n\n${USAGE}`);
          return [f.slice(0, at), f.slice(at + 1)];
        }),
      );
      return { command, action: sub, section: value, name, filter };
    }
    case 'game':
      if (sub === 'list') return { command, action: 'list' };
      if ((sub === 'on' || sub === 'off') && value)
        return { command, action: 'set', nodeId: value, on: sub === 'on' };
      return fail(`game takes list, or on or off and a game (VENDOR.code).\n\n${USAGE}`);
    case 'vendor-maintenance':
      // The server checks the dates and the window: one set of rules for every caller.
      if (!sub) fail(`vendor-maintenance takes a vendor code.\n\n${USAGE}`);
      return {
        command: 'vendor-maintenance',
        vendor: sub.toUpperCase(),
        start: opts.start,
        end,
        clear: opts.clear ?? false,
      };
    case 'content':
      return contentCli(words, opts, (message) => fail(`${message}\n\n${USAGE}`));
    case 'articles':
      return articlesCli(words, opts, (message) => fail(`${message}\n\n${USAGE}`));
    case 'promo-applications':
      if (opts.limit !== undefined && !/^\d+$/.test(opts.limit)) fail(`--limit takes a number.\n\n${USAGE}`);
      return {
        command: 'promo-applications',
        status: opts.status?.toUpperCase(),
        limit: opts.limit === undefined ? undefined : Number(opts.limit),
      };
    case 'promo-approve':
    case 'promo-reject': {
      if (!sub || !/^\d+$/.test(sub)) fail(`${command} takes an application id.\n\n${USAGE}`);
      if (command === 'promo-approve') return { command, id: Number(sub), amount: opts.amount };
      if (!opts.reason) fail(`promo-reject needs --reason "<why>".\n\n${USAGE}`);
      return { command, id: Number(sub), reason: opts.reason };
    }
    case 'maintenance':
      if (sub !== 'on' && sub !== 'off') fail(`maintenance takes on or off.\n\n${USAGE}`);
      return { command: 'maintenance', on: sub === 'on', end: sub === 'on' ? (end ?? null) : null };
    case 'region':
      if (sub === 'on' || sub === 'off') return { command: 'region', on: sub === 'on' };
      if (sub === 'countries')
        return { command: 'region', countries: list(value, 'countries').map((c) => c.toUpperCase()) };
      if (sub === 'ranges') return { command: 'region', ranges: list(value, 'ranges') };
      return fail(`region takes on, off, countries or ranges.\n\n${USAGE}`);
    case 'feedback-list':
    case 'feedback-answer':
    case 'message-send':
    case 'message-broadcast':
    case 'chat-mute':
    case 'chat-delete':
    case 'support-chats':
    case 'support-reply':
      return supportCommand(command, sub, opts, () => fail(USAGE));
    default:
      return fail(USAGE);
  }
}

/** The server's answer to a command-line call. */
interface Answer {
  success: boolean;
  value?: unknown;
  errorCode?: string;
  message?: string;
}

/**
 * How the command line reaches the operator endpoints: the running server over loopback, or,
 * when none runs on this data, the application loaded here (the same routes, so the same
 * checks: a signed-in operator's permissions and four-eyes, or break-glass).
 */
async function connect(
  config: ReturnType<typeof loadConfig>,
  url: string | null,
): Promise<{ call(route: string, body: unknown): Promise<Answer>; close(): Promise<void> }> {
  if (url) {
    // A server runs (or was named): only ever talk to it, so the embedded database is never
    // opened by two processes.
    const token = await readOpsToken(config.DATA_DIR, config.OPS_TOKEN);
    if (!token) fail('No operator token: set OPS_TOKEN or run the command where DATA_DIR holds ops-token.');
    return {
      async call(route, body) {
        const response = await fetch(`${url}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ops-token': token },
          body: JSON.stringify(body),
        }).catch((e: Error) => fail(`The server at ${url} did not answer: ${e.message}`));
        return (await response.json()) as Answer;
      },
      close: async () => {},
    };
  }
  // The application is loaded only here: a command sent to a running server starts in half
  // the time without it.
  const [{ buildApp }, { openAppDatabase }] = await Promise.all([import('../app.ts'), import('../boot.ts')]);
  const database = await openAppDatabase(config);
  const token = randomBytes(32).toString('base64url');
  const app = await buildApp({ config, database, opsToken: token, serveWeb: false, logger: false });
  return {
    async call(route, body) {
      const res = await app.inject({
        method: 'POST',
        url: route,
        headers: { 'x-ops-token': token },
        payload: body as Record<string, unknown>,
        remoteAddress: '127.0.0.1',
      });
      return res.json() as Answer;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Where the command line keeps a signed-in operator's session: per user of this machine,
 * merchant and data folder, readable by its owner only (OPS_SESSION_FILE names another file).
 */
function sessionFile(merchant: string, dataDir: string): string {
  if (process.env.OPS_SESSION_FILE) return process.env.OPS_SESSION_FILE;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return path.join(os.homedir(), '.aurum-ops', `${merchant}-${key}.json`);
}

async function readSession(file: string): Promise<{ name: string; token: string } | null> {
  try {
    const s = JSON.parse(await readFile(file, 'utf8')) as { name?: unknown; token?: unknown };
    return typeof s.name === 'string' && typeof s.token === 'string'
      ? { name: s.name, token: s.token }
      : null;
  } catch {
    return null;
  }
}

/** One answer typed at the terminal (hidden for a password), or the next line of piped input. */
async function ask(question: string, hidden: boolean, piped: string[] | null): Promise<string> {
  if (piped) return piped.shift() ?? '';
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput(s: string): void };
    const write = out._writeToOutput.bind(rl);
    let muted = false;
    out._writeToOutput = (s) => {
      if (!muted) write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
    muted = hidden;
  });
}

async function pipedLines(): Promise<string[] | null> {
  if (process.stdin.isTTY) return null;
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/);
}

async function signIn(
  server: Awaited<ReturnType<typeof connect>>,
  merchant: string,
  name: string | undefined,
  file: string,
) {
  if (!name) fail(`sign-in takes the operator's name.\n\n${USAGE}`);
  const piped = await pipedLines();
  const password = await ask('Password: ', true, piped);
  const code = (await ask('Authenticator or recovery code: ', false, piped)).trim();
  const body = await server.call('/ops/sign-in', { merchant, name, password, code });
  if (!body.success) fail(`Refused: ${body.message}`);
  const value = body.value as { token: string; operator: { name: string; role: string }; expiresAt: string };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify({ merchant, name: value.operator.name, token: value.token }), {
    mode: 0o600,
  });
  await chmod(file, 0o600);
  console.error(
    `Signed in as ${value.operator.name} (${value.operator.role}). Commands now run as ${value.operator.name}, with its role's permissions and the four-eyes rules, until 15 minutes pass without one (8 hours at most) or \`npm run ops -- sign-out\`.`,
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    args: protectNegatives(process.argv.slice(2)),
    allowPositionals: true,
    options: {
      merchant: { type: 'string' },
      url: { type: 'string' },
      actor: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      clear: { type: 'boolean' },
      to: { type: 'string' },
      limit: { type: 'string' },
      reason: { type: 'string' },
      key: { type: 'string' },
      status: { type: 'string' },
      rotate: { type: 'boolean' },
      role: { type: 'string' },
      email: { type: 'string' },
      ranges: { type: 'string' },
      amount: { type: 'string' },
      text: { type: 'string' },
      title: { type: 'string' },
      account: { type: 'string' },
      game: { type: 'string' },
      kind: { type: 'string' },
      minutes: { type: 'string' },
      days: { type: 'string' },
      'win-above': { type: 'string' },
      'withdraw-above': { type: 'string' },
      action: { type: 'string' },
      by: { type: 'string' },
      depth: { type: 'string' },
      from: { type: 'string' },
      csv: { type: 'boolean' },
      cap: { type: 'string' },
      expires: { type: 'string' },
      'title-cn': { type: 'string' },
      'text-cn': { type: 'string' },
      cta: { type: 'string' },
      'cta-cn': { type: 'string' },
      image: { type: 'string' },
      link: { type: 'string' },
      position: { type: 'string' },
      category: { type: 'string' },
      at: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const [word] = positionals;
  const words = word === 'sign-in' || word === 'sign-out' ? null : toCommand(positionals, values);
  const args = words && (await withArticleFile(words, fail));
  const merchant = values.merchant ?? (await readMerchantConfig(config.CONFIG_DIR)).brand.merchant;
  const file = sessionFile(merchant, config.DATA_DIR);
  const session = await readSession(file);
  if (word === 'sign-out' && !session) fail('No operator is signed in here.');
  const runningPort = runningServerPort(config.DATA_DIR);
  const server = await connect(
    config,
    values.url ?? (runningPort ? `http://127.0.0.1:${runningPort}` : null),
  );
  try {
    if (word === 'sign-in') return await signIn(server, merchant, positionals[1], file);
    if (word === 'sign-out' && session) {
      const body = await server.call('/ops/sign-out', { merchant, session: session.token });
      await rm(file, { force: true });
      if (!body.success && body.errorCode !== 'console.session.invalid') fail(`Refused: ${body.message}`);
      console.error(`${session.name} is signed out.`);
      return;
    }
    if (!args) return;
    if (!session)
      console.error(
        'break-glass: no operator is signed in (npm run ops -- sign-in NAME), so this command runs without role or four-eyes checks and is recorded as break-glass.',
      );
    const actor = values.actor ?? os.userInfo().username;
    const body = await server.call('/ops/command', {
      merchant,
      actor,
      args,
      ...(session ? { session: session.token } : {}),
    });
    if (!body.success && body.errorCode === 'console.session.invalid') {
      await rm(file, { force: true });
      fail(
        `The operator session of ${session?.name} has ended: sign in again (npm run ops -- sign-in NAME).`,
      );
    }
    if (!body.success) fail(`Refused: ${body.message}`);
    await report(args, body.value);
  } finally {
    await server.close();
  }
}

/** Prints the answer; a ledger check that found problems exits with 1. */
async function report(args: Record<string, unknown>, value: unknown) {
  if (args.command === 'deposit' && args.action === 'proof') {
    const r = value as { orderNo: string; mime: string; dataUrl: string };
    const file = `${r.orderNo}-proof.${r.mime === 'image/png' ? 'png' : 'jpg'}`;
    await writeFile(file, Buffer.from(r.dataUrl.slice(r.dataUrl.indexOf(',') + 1), 'base64'), {
      mode: 0o600,
    });
    console.log(`Saved the proof image of ${r.orderNo} as ${path.resolve(file)}`);
    return;
  }
  if (args.command === 'ledger-check') {
    const r = value as { ok: boolean; transfers: number; accounts: number; problems: unknown[] };
    console.log(r.ok ? `OK: ${r.transfers} transfers, ${r.accounts} accounts` : 'LEDGER PROBLEMS:');
    if (!r.ok) {
      console.log(JSON.stringify(r.problems, null, 2));
      process.exitCode = 1;
    }
    return;
  }
  if (args.command === 'audit-verify') {
    const r = value as { ok: boolean; rows: number; problems: unknown[] };
    console.log(r.ok ? `OK: the audit chain of ${r.rows} rows is intact` : 'AUDIT CHAIN BROKEN:');
    if (!r.ok) {
      console.log(JSON.stringify(r.problems, null, 2));
      process.exitCode = 1;
    }
    return;
  }
  if (args.command === 'report' && args.format === 'csv') {
    process.stdout.write((value as { csv: string }).csv);
    return;
  }
  console.log(JSON.stringify(value, null, 2));
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
