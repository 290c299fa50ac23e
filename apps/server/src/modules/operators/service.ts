import { cashierConfigSchema, minorToDecimal, parseMoney } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit, recordAudit } from '../../platform/audit.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import {
  hashPassword,
  randomToken,
  type SecretBox,
  sha256Hex,
  verifyAgainstDummy,
  verifyPassword,
} from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { buildBlockList, inBlockList, normaliseIp } from '../../platform/geo.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limit.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  isTotpCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  totpUri,
} from '../../platform/totp.ts';
import { passwordPolicyProblem } from '../accounts/index.ts';
import { withdrawalAmountMinor } from '../cashier/index.ts';
import type { OpsService } from '../ops/index.ts';
import {
  isRole,
  type Permission,
  permissionFor,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
  roleAllows,
} from './roles.ts';

/** The audit actor of a command run without a signed-in operator (break-glass). */
export const BREAK_GLASS_PREFIX = 'break-glass:';
export const SESSION_IDLE_MS = 15 * MINUTE_MS;
export const SESSION_MAX_MS = 8 * HOUR_MS;
export const ENROL_VALID_MS = 24 * HOUR_MS;
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MS = 15 * MINUTE_MS;
const RECOVERY_CODES = 10;
const PASSWORD_MIN = 12;
const PASSWORD_MAX = 128;
/** Sign-in attempts per address (any name) in the window. */
const SIGN_IN_LIMIT = 30;
const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;

export const operatorNameSchema = z
  .string()
  .trim()
  .regex(
    /^[a-z][a-z0-9._-]{2,31}$/,
    '3 to 32 characters: lower-case letters, digits, dot, dash or underscore',
  );
const roleSchema = z.enum(ROLES);
const rangesSchema = z.array(z.string().trim().min(2).max(64)).max(50);

export const operatorCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ command: z.literal('operator'), action: z.literal('list') }),
  z.strictObject({
    command: z.literal('operator'),
    action: z.literal('create'),
    name: operatorNameSchema,
    email: z.email().max(254),
    role: roleSchema,
  }),
  z.strictObject({
    command: z.literal('operator'),
    action: z.literal('update'),
    name: operatorNameSchema,
    role: roleSchema.optional(),
    status: z.enum(['active', 'disabled']).optional(),
    allowedRanges: rangesSchema.optional(),
  }),
  /** A lost authenticator: back to invited with a new link; sessions end. */
  z.strictObject({ command: z.literal('operator'), action: z.literal('reset'), name: operatorNameSchema }),
]);
export type OperatorCommand = z.infer<typeof operatorCommandSchema>;

export interface OperatorView {
  name: string;
  email: string;
  role: Role;
  status: string;
  allowedRanges: string[];
  createdAt: string;
  lastSignInAt: string | null;
}

export interface OperatorPrincipal {
  id: number;
  merchantCode: string;
  name: string;
  role: Role;
  permissions: readonly Permission[];
  sessionHash: string;
}

export interface OperatorsDeps {
  database: Database;
  store: MerchantStore;
  clock: Clock;
  limiter: RateLimiter;
  secrets: SecretBox;
  ops: OpsService;
  /** The site's public address, for enrolment links. */
  publicUrl: string | undefined;
  /** config/, which reload-config reads. */
  configDir: string;
}

/** A row of `operators` as SQL returns it (migration 0025). */
interface OperatorRow {
  id: number | string;
  merchant_code: string;
  name: string;
  email: string;
  role: string;
  status: string;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | string | null;
  recovery_codes: string[];
  failed_attempts: number;
  locked_until: Date | string | null;
  allowed_ranges: string[];
  enrol_expires_at: Date | string | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function viewOf(row: OperatorRow): OperatorView {
  return {
    name: row.name,
    email: row.email,
    role: row.role as Role,
    status: row.status,
    allowedRanges: row.allowed_ranges,
    createdAt: iso(row.created_at)!,
    lastSignInAt: iso(row.last_sign_in_at),
  };
}

/**
 * Operator accounts, their sign-in with a mandatory second factor, console sessions, and the
 * operator API's permission check in front of every operator command.
 */
export class Operators {
  constructor(private readonly deps: OperatorsDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  private async byName(merchant: string, name: string): Promise<OperatorRow | null> {
    const [row] = await queryRows<OperatorRow>(
      this.db,
      'SELECT * FROM operators WHERE merchant_code = $1 AND name = $2',
      [merchant, name],
    );
    return row ?? null;
  }

  private enrolUrl(token: string) {
    const base = (this.deps.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
    // In the fragment: it never reaches a server log or a Referer.
    return `${base}/console/enrol#${token}`;
  }

  /** The `operator` command: list, create (an enrolment link), update, reset. */
  async command(merchant: string, cmd: OperatorCommand, actor: string): Promise<unknown> {
    if (cmd.action === 'list') {
      const rows = await queryRows<OperatorRow>(
        this.db,
        'SELECT * FROM operators WHERE merchant_code = $1 ORDER BY name',
        [merchant],
      );
      return rows.map(viewOf);
    }
    if (cmd.action === 'create') {
      const token = randomToken();
      const expires = new Date(this.now() + ENROL_VALID_MS);
      await this.deps.database.db.transaction(async (tx) => {
        const inserted = await queryRows(
          tx,
          `INSERT INTO operators (merchant_code, name, email, role, enrol_token_hash, enrol_expires_at, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (merchant_code, name) DO NOTHING RETURNING id`,
          [
            merchant,
            cmd.name,
            cmd.email,
            cmd.role,
            sha256Hex(token),
            expires.toISOString(),
            actor,
            new Date(this.now()).toISOString(),
          ],
        );
        if (!inserted.length) throw new AppError('ops.invalid', `there is an operator ${cmd.name} already`);
        await appendAudit(this.deps.database, tx, {
          merchantCode: merchant,
          actor,
          action: 'operator-create',
          detail: { name: cmd.name, email: cmd.email, role: cmd.role },
        });
      });
      return {
        name: cmd.name,
        role: cmd.role,
        enrolUrl: this.enrolUrl(token),
        expiresAt: expires.toISOString(),
      };
    }
    const before = await this.byName(merchant, cmd.name);
    if (!before) throw new AppError('ops.invalid', `there is no operator ${cmd.name}`);
    if (cmd.action === 'reset') {
      const token = randomToken();
      const expires = new Date(this.now() + ENROL_VALID_MS);
      await this.deps.database.db.transaction(async (tx) => {
        await queryRows(
          tx,
          `UPDATE operators SET status = 'invited', password_hash = NULL, totp_secret = NULL, totp_last_step = NULL,
             recovery_codes = '[]'::jsonb, failed_attempts = 0, locked_until = NULL, enrol_token_hash = $2,
             enrol_expires_at = $3 WHERE id = $1`,
          [before.id, sha256Hex(token), expires.toISOString()],
        );
        await this.endSessionsOf(tx, Number(before.id));
        await appendAudit(this.deps.database, tx, {
          merchantCode: merchant,
          actor,
          action: 'operator-reset',
          detail: { name: cmd.name },
          before: { status: before.status },
          after: { status: 'invited' },
        });
      });
      return { name: cmd.name, enrolUrl: this.enrolUrl(token), expiresAt: expires.toISOString() };
    }
    if (cmd.allowedRanges) {
      try {
        buildBlockList(cmd.allowedRanges);
      } catch (e) {
        throw new AppError('ops.invalid', (e as Error).message);
      }
    }
    if (cmd.status === 'active' && before.status === 'invited')
      throw new AppError('ops.invalid', 'an invited operator becomes active by enrolling');
    const after = await this.deps.database.db.transaction(async (tx) => {
      const [row] = await queryRows<OperatorRow>(
        tx,
        `UPDATE operators SET role = coalesce($2, role), status = coalesce($3, status),
           allowed_ranges = coalesce($4::jsonb, allowed_ranges) WHERE id = $1 RETURNING *`,
        [
          before.id,
          cmd.role ?? null,
          cmd.status ?? null,
          cmd.allowedRanges ? JSON.stringify(cmd.allowedRanges) : null,
        ],
      );
      if (cmd.status === 'disabled' || (cmd.role && cmd.role !== before.role))
        await this.endSessionsOf(tx, Number(before.id));
      await appendAudit(this.deps.database, tx, {
        merchantCode: merchant,
        actor,
        action: 'operator-update',
        detail: { name: cmd.name },
        before: { role: before.role, status: before.status, allowedRanges: before.allowed_ranges },
        after: { role: row!.role, status: row!.status, allowedRanges: row!.allowed_ranges },
      });
      return row!;
    });
    return viewOf(after);
  }

  private async endSessionsOf(q: Parameters<typeof queryRows>[0], operatorId: number) {
    await queryRows(
      q,
      'UPDATE operator_sessions SET ended_at = $2 WHERE operator_id = $1 AND ended_at IS NULL',
      [operatorId, new Date(this.now()).toISOString()],
    );
  }

  private async invited(merchant: string, token: string): Promise<OperatorRow> {
    const [row] = await queryRows<OperatorRow>(
      this.db,
      `SELECT * FROM operators WHERE merchant_code = $1 AND enrol_token_hash = $2 AND status = 'invited'`,
      [merchant, sha256Hex(token)],
    );
    if (!row?.enrol_expires_at || new Date(row.enrol_expires_at).getTime() <= this.now())
      throw new AppError('console.enrolment.invalid');
    return row;
  }

  /** Step 1 of enrolment: the authenticator key to scan (the same one until enrolment ends). */
  async enrolStart(merchant: string, token: string, issuer: string) {
    const row = await this.invited(merchant, token);
    let secret: string;
    if (row.totp_secret) secret = this.deps.secrets.open(row.totp_secret, `operator-totp:${row.id}`);
    else {
      secret = newTotpSecret();
      await queryRows(
        this.db,
        'UPDATE operators SET totp_secret = $2 WHERE id = $1 AND totp_secret IS NULL',
        [row.id, this.deps.secrets.seal(secret, `operator-totp:${row.id}`)],
      );
    }
    return {
      name: row.name,
      email: row.email,
      role: row.role,
      secret,
      uri: totpUri(secret, `${issuer} console`, row.name),
    };
  }

  /** Step 2: the password and a first code; the operator is active and gets its recovery codes once. */
  async enrolFinish(merchant: string, token: string, password: string, code: string) {
    const row = await this.invited(merchant, token);
    if (!row.totp_secret)
      throw new AppError('console.enrolment.invalid', 'Scan the authenticator key first.');
    const problem = checkOperatorPassword(password, [row.name, row.email, row.email.split('@')[0] ?? '']);
    if (problem) throw new AppError('request.invalid', problem, { password: problem });
    const secret = this.deps.secrets.open(row.totp_secret, `operator-totp:${row.id}`);
    const step = matchingStep(secret, code, this.now());
    if (step === null)
      throw new AppError('request.invalid', 'The authenticator code is wrong.', { code: 'wrong code' });
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const passwordHash = await hashPassword(password);
    await this.deps.database.db.transaction(async (tx) => {
      const done = await queryRows(
        tx,
        `UPDATE operators SET status = 'active', password_hash = $2, totp_last_step = $3, recovery_codes = $4::jsonb,
           enrol_token_hash = NULL, enrol_expires_at = NULL WHERE id = $1 AND status = 'invited' AND enrol_token_hash = $5
         RETURNING id`,
        [
          row.id,
          passwordHash,
          step,
          JSON.stringify(codes.map((c) => sha256Hex(normaliseRecoveryCode(c)))),
          sha256Hex(token),
        ],
      );
      if (!done.length) throw new AppError('console.enrolment.invalid');
      await appendAudit(this.deps.database, tx, {
        merchantCode: merchant,
        actor: row.name,
        action: 'operator-enrol',
        detail: { name: row.name },
      });
    });
    return { name: row.name, recoveryCodes: codes };
  }

  /** Name, password and an authenticator (or recovery) code: a console session. */
  async signIn(merchant: string, input: { name: string; password: string; code: string }, rawIp: string) {
    const ip = normaliseIp(rawIp);
    await enforceLimit(this.deps.limiter, `console-sign-in:${ip}`, SIGN_IN_LIMIT, SIGN_IN_WINDOW_MS);
    const row = await this.byName(merchant, input.name);
    if (row?.status !== 'active' || !row.password_hash || !row.totp_secret) {
      await verifyAgainstDummy(input.password);
      throw new AppError('console.login.failed');
    }
    this.checkNetwork(row, ip);
    const now = this.now();
    if (row.locked_until && new Date(row.locked_until).getTime() > now)
      throw lockedError(new Date(row.locked_until).getTime() - now);
    const passwordOk = await verifyPassword(row.password_hash, input.password);
    const second = passwordOk ? this.secondFactor(row, input.code) : null;
    if (!second) {
      const [after] = await queryRows<{ failed_attempts: number; locked_until: Date | null }>(
        this.db,
        `UPDATE operators SET failed_attempts = failed_attempts + 1,
           locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN $3::timestamptz ELSE locked_until END
         WHERE id = $1 RETURNING failed_attempts, locked_until`,
        [row.id, MAX_FAILED_SIGN_INS, new Date(now + LOCK_MS).toISOString()],
      );
      await recordAudit(this.deps.database, {
        merchantCode: merchant,
        actor: row.name,
        action: 'operator-sign-in-failed',
        ip,
        detail: { attempts: after?.failed_attempts ?? null },
      });
      if (after && after.failed_attempts >= MAX_FAILED_SIGN_INS) throw lockedError(LOCK_MS);
      throw new AppError('console.login.failed');
    }
    const token = randomToken();
    const at = new Date(now).toISOString();
    await this.deps.database.db.transaction(async (tx) => {
      // The code's step or the recovery code is spent only when it still is unspent.
      const spent = await queryRows(
        tx,
        second.kind === 'totp'
          ? `UPDATE operators SET totp_last_step = $2, failed_attempts = 0, locked_until = NULL, last_sign_in_at = $3
             WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`
          : `UPDATE operators SET recovery_codes = recovery_codes - $2::text, failed_attempts = 0, locked_until = NULL,
               last_sign_in_at = $3 WHERE id = $1 AND recovery_codes ? $2::text RETURNING id`,
        [row.id, second.kind === 'totp' ? second.step : second.hash, at],
      );
      if (!spent.length) throw new AppError('console.login.failed');
      await queryRows(
        tx,
        'INSERT INTO operator_sessions (token_hash, operator_id, ip, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)',
        [sha256Hex(token), row.id, ip, at],
      );
      await appendAudit(this.deps.database, tx, {
        merchantCode: merchant,
        actor: row.name,
        action: 'operator-sign-in',
        ip,
        detail: second.kind === 'recovery' ? { recoveryCode: true } : {},
      });
    });
    return { token, operator: this.describe(row), expiresAt: new Date(now + SESSION_IDLE_MS).toISOString() };
  }

  private secondFactor(
    row: OperatorRow,
    code: string,
  ): { kind: 'totp'; step: number } | { kind: 'recovery'; hash: string } | null {
    if (isTotpCode(code)) {
      const step = matchingStep(
        this.deps.secrets.open(row.totp_secret!, `operator-totp:${row.id}`),
        code,
        this.now(),
      );
      if (step === null || (row.totp_last_step !== null && step <= Number(row.totp_last_step))) return null;
      return { kind: 'totp', step };
    }
    const hash = sha256Hex(normaliseRecoveryCode(code));
    return row.recovery_codes.includes(hash) ? { kind: 'recovery', hash } : null;
  }

  private checkNetwork(row: OperatorRow, ip: string) {
    if (row.allowed_ranges.length && !inBlockList(buildBlockList(row.allowed_ranges), ip))
      throw new AppError('console.network.refused');
  }

  private describe(row: OperatorRow) {
    const role = isRole(row.role) ? row.role : 'reporting';
    return { name: row.name, email: row.email, role, permissions: ROLE_PERMISSIONS[role] };
  }

  /** The operator of a live session (and the session lives on: idle time restarts). */
  async authenticate(merchant: string, token: string | undefined, rawIp: string): Promise<OperatorPrincipal> {
    if (!token) throw new AppError('console.session.invalid');
    const ip = normaliseIp(rawIp);
    const hash = sha256Hex(token);
    const [row] = await queryRows<OperatorRow & { s_created: Date; s_seen: Date }>(
      this.db,
      `SELECT o.*, s.created_at AS s_created, s.last_seen_at AS s_seen FROM operator_sessions s
       JOIN operators o ON o.id = s.operator_id
       WHERE s.token_hash = $1 AND s.ended_at IS NULL AND o.merchant_code = $2 AND o.status = 'active'`,
      [hash, merchant],
    );
    const now = this.now();
    if (
      !row ||
      now - new Date(row.s_seen).getTime() >= SESSION_IDLE_MS ||
      now - new Date(row.s_created).getTime() >= SESSION_MAX_MS
    )
      throw new AppError('console.session.invalid');
    this.checkNetwork(row, ip);
    await queryRows(this.db, 'UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1', [
      hash,
      new Date(now).toISOString(),
    ]);
    const role = isRole(row.role) ? row.role : 'reporting';
    return {
      id: Number(row.id),
      merchantCode: merchant,
      name: row.name,
      role,
      permissions: ROLE_PERMISSIONS[role],
      sessionHash: hash,
    };
  }

  async signOut(principal: OperatorPrincipal): Promise<void> {
    await queryRows(
      this.db,
      'UPDATE operator_sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL',
      [principal.sessionHash, new Date(this.now()).toISOString()],
    );
  }

  me(principal: OperatorPrincipal) {
    return { name: principal.name, role: principal.role, permissions: principal.permissions };
  }

  /**
   * An operator command run by a signed-in operator: refused (403, nothing done) unless the
   * operator's role holds the permission the command needs; audited under the operator's name.
   */
  async run(
    principal: OperatorPrincipal,
    args: Record<string, unknown>,
    config?: Parameters<OpsService['run']>[3],
  ) {
    const permission = permissionFor(args);
    if (!permission || !roleAllows(principal.role, permission)) throw new AppError('console.forbidden');
    config ??= await this.configFor(args);
    if (args.command === 'approval') {
      const cmd = approvalSchema.safeParse(args);
      if (!cmd.success) throw new AppError('ops.invalid', cmd.error.issues.map((i) => i.message).join('; '));
      return this.approval(principal, cmd.data);
    }
    const held = await this.needsSecondApproval(principal.merchantCode, args);
    if (held !== null) return this.requestApproval(principal, args, permission, held);
    return this.deps.ops.run(principal.merchantCode, args, principal.name, config);
  }

  /**
   * Break-glass: a command from the server's own machine (loopback, with its operator token)
   * without a signed-in operator, for when no operator can sign in. Nothing is refused, but
   * every such command is recorded as break-glass (the dashboard shows it), and its own audit
   * rows carry the `break-glass:` actor.
   */
  async breakGlass(merchant: string, actor: string, args: Record<string, unknown>, rawIp: string) {
    if (!(await this.deps.store.get(merchant))) throw new AppError('merchant.unknown');
    if (args.command === 'approval')
      throw new AppError(
        'ops.invalid',
        'a second approval needs a signed-in operator (npm run ops -- sign-in NAME)',
      );
    const config = await this.configFor(args);
    const who = actor.startsWith(BREAK_GLASS_PREFIX) ? actor : `${BREAK_GLASS_PREFIX}${actor}`;
    await recordAudit(this.deps.database, {
      merchantCode: merchant,
      actor: who,
      action: 'break-glass',
      ip: normaliseIp(rawIp),
      detail: {
        command: typeof args.command === 'string' ? args.command : null,
        action: typeof args.action === 'string' ? args.action : null,
      },
    });
    return this.deps.ops.run(merchant, args, who, config);
  }

  /** reload-config reads config/ (a configuration that does not read or validate changes nothing). */
  private async configFor(args: Record<string, unknown>) {
    if (args.command !== 'reload-config') return undefined;
    return readMerchantConfig(this.deps.configDir).catch((e: Error) => {
      throw new AppError('ops.invalid', e.message);
    });
  }

  /**
   * Four-eyes: the amount of a command a second operator must approve (a withdrawal above the
   * merchant's threshold, an adjustment larger than its own), or null when one operator is enough.
   */
  private async needsSecondApproval(merchant: string, args: Record<string, unknown>): Promise<bigint | null> {
    const state = await this.deps.store.get(merchant);
    if (!state) return null;
    const limits = cashierConfigSchema.parse(state.config.cashier ?? {}).secondApproval;
    if (args.command === 'withdraw' && args.action === 'approve' && typeof args.orderNo === 'string') {
      const amount = await withdrawalAmountMinor(this.db, merchant, args.orderNo.trim());
      return amount !== null && amount > (parseMoney(limits.withdrawAbove) ?? 0n) ? amount : null;
    }
    if (args.command === 'adjust' && typeof args.amount === 'string') {
      const amount = parseMoney(args.amount.trim().replace(/^-/, ''));
      return amount !== null && amount > (parseMoney(limits.adjustAbove) ?? 0n) ? amount : null;
    }
    return null;
  }

  private async requestApproval(
    principal: OperatorPrincipal,
    args: Record<string, unknown>,
    permission: Permission,
    amount: bigint,
  ) {
    const merchant = principal.merchantCode;
    const id = await this.deps.database.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: string | number }>(
        tx,
        `INSERT INTO operator_approvals (merchant_code, command, permission, amount_minor, requested_by, requested_at)
         VALUES ($1, $2::jsonb, $3, $4, $5, $6) RETURNING id`,
        [
          merchant,
          JSON.stringify(args),
          permission,
          amount.toString(),
          principal.name,
          new Date(this.now()).toISOString(),
        ],
      );
      await appendAudit(this.deps.database, tx, {
        merchantCode: merchant,
        actor: principal.name,
        action: 'approval-request',
        detail: { id: Number(row!.id), command: args, amount: minorToDecimal(amount) },
      });
      return Number(row!.id);
    });
    return { pendingApproval: { id, amount: minorToDecimal(amount), requestedBy: principal.name } };
  }

  /** The four-eyes queue: list, approve (another operator; the command runs then, once), reject. */
  private async approval(principal: OperatorPrincipal, cmd: z.infer<typeof approvalSchema>) {
    const merchant = principal.merchantCode;
    if (cmd.action === 'list') {
      const rows = await queryRows<ApprovalRow>(
        this.db,
        'SELECT * FROM operator_approvals WHERE merchant_code = $1 AND status = $2 ORDER BY id DESC LIMIT 100',
        [merchant, cmd.status],
      );
      return rows.map(approvalView);
    }
    const [row] = await queryRows<ApprovalRow>(
      this.db,
      'SELECT * FROM operator_approvals WHERE merchant_code = $1 AND id = $2',
      [merchant, cmd.id],
    );
    if (row?.status !== 'pending')
      throw new AppError('ops.invalid', `There is no pending request ${cmd.id}.`);
    if (!roleAllows(principal.role, row.permission as Permission)) throw new AppError('console.forbidden');
    const at = new Date(this.now()).toISOString();
    if (cmd.action === 'reject') {
      await this.deps.database.db.transaction(async (tx) => {
        const done = await queryRows(
          tx,
          `UPDATE operator_approvals SET status = 'rejected', decided_by = $2, decided_at = $3, reason = $4
           WHERE id = $1 AND status = 'pending' RETURNING id`,
          [cmd.id, principal.name, at, cmd.reason],
        );
        if (!done.length) throw new AppError('ops.invalid', `There is no pending request ${cmd.id}.`);
        await appendAudit(this.deps.database, tx, {
          merchantCode: merchant,
          actor: principal.name,
          action: 'approval-reject',
          detail: { id: cmd.id, requestedBy: row.requested_by, reason: cmd.reason },
        });
      });
      return approvalView({
        ...row,
        status: 'rejected',
        decided_by: principal.name,
        decided_at: at,
        reason: cmd.reason,
      });
    }
    if (row.requested_by === principal.name) throw new AppError('console.approval.own');
    // Claimed first, so two approvers cannot both run it; given back if the command fails.
    const claimed = await queryRows(
      this.db,
      `UPDATE operator_approvals SET status = 'approved', decided_by = $2, decided_at = $3
       WHERE id = $1 AND status = 'pending' RETURNING id`,
      [cmd.id, principal.name, at],
    );
    if (!claimed.length) throw new AppError('ops.invalid', `There is no pending request ${cmd.id}.`);
    try {
      const result = await this.deps.ops.run(
        merchant,
        row.command,
        `${row.requested_by}, approved by ${principal.name}`,
      );
      return {
        approval: approvalView({ ...row, status: 'approved', decided_by: principal.name, decided_at: at }),
        result,
      };
    } catch (e) {
      await queryRows(
        this.db,
        "UPDATE operator_approvals SET status = 'pending', decided_by = NULL, decided_at = NULL WHERE id = $1",
        [cmd.id],
      );
      throw e;
    }
  }
}

const approvalSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('approval'),
    action: z.literal('list'),
    status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  }),
  z.strictObject({
    command: z.literal('approval'),
    action: z.literal('approve'),
    id: z.number().int().min(1),
  }),
  z.strictObject({
    command: z.literal('approval'),
    action: z.literal('reject'),
    id: z.number().int().min(1),
    reason: z.string().trim().min(1).max(255),
  }),
]);

interface ApprovalRow {
  id: number | string;
  command: Record<string, unknown>;
  permission: string;
  amount_minor: string | number | bigint;
  requested_by: string;
  requested_at: Date | string;
  status: string;
  decided_by: string | null;
  decided_at: Date | string | null;
  reason: string | null;
}

function approvalView(r: ApprovalRow) {
  return {
    id: Number(r.id),
    command: r.command,
    amount: minorToDecimal(BigInt(r.amount_minor)),
    requestedBy: r.requested_by,
    requestedAt: iso(r.requested_at),
    status: r.status,
    decidedBy: r.decided_by,
    decidedAt: iso(r.decided_at),
    reason: r.reason,
  };
}

/** An operator's password: 12 to 128 characters, no name or email inside, not a breached one. */
export function checkOperatorPassword(password: string, names: readonly string[]): string | null {
  if ([...password].length < PASSWORD_MIN) return `at least ${PASSWORD_MIN} characters`;
  if ([...password].length > PASSWORD_MAX) return `at most ${PASSWORD_MAX} characters`;
  return passwordPolicyProblem(password, names)?.message ?? null;
}

function lockedError(remainingMs: number) {
  const minutes = Math.max(1, Math.ceil(remainingMs / MINUTE_MS));
  return new AppError(
    'console.locked',
    `Too many failed sign-ins: the account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
    { minutes: String(minutes) },
  );
}
