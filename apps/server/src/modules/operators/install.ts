import { ok } from '@aurum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { issuesToDetails, resolveMerchant } from '../../platform/http.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requireOperator } from '../../platform/ops-token.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { OpsService } from '../ops/index.ts';
import { filterCommand } from './filters.ts';
import { Operators, operatorCommandSchema, SESSION_MAX_MS } from './service.ts';

export interface OperatorsInstallDeps {
  database: Database;
  store: MerchantStore;
  clock: Clock;
  limiter: RateLimiter;
  secrets: SecretBox;
  ops: OpsService;
  publicUrl: string | undefined;
  configDir: string;
  /** The operator token the command line on the server's own machine presents. */
  opsToken: string;
}

/** The console session's cookie: HttpOnly, same-site only, sent to the operator API alone. */
export const CONSOLE_COOKIE = 'aurum_console';
const API = '/console-api';
/** Every call carries it: a page of another site cannot set it without the browser asking first. */
const REQUEST_HEADER = 'x-console-request';

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not an enrolment token');
const codeSchema = z.string().trim().min(6).max(20);
const schemas = {
  enrolStart: z.strictObject({ token: tokenSchema }),
  enrolFinish: z.strictObject({ token: tokenSchema, password: z.string().min(1).max(256), code: codeSchema }),
  signIn: z.strictObject({
    name: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(256),
    code: codeSchema,
  }),
  command: z.strictObject({ args: z.record(z.string(), z.unknown()) }),
};
const sessionSchema = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'not a session');
/** The command line's calls (loopback, with the operator token). */
const cliSchemas = {
  command: z.object({
    merchant: z.string().min(1).max(32),
    actor: z.string().min(1).max(64),
    args: z.record(z.string(), z.unknown()),
    /** A signed-in operator's session; without one the command runs as break-glass. */
    session: sessionSchema.optional(),
  }),
  signIn: z.strictObject({
    merchant: z.string().min(1).max(32),
    name: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(256),
    code: codeSchema,
  }),
  signOut: z.strictObject({ merchant: z.string().min(1).max(32), session: sessionSchema }),
};

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw new AppError('request.invalid', undefined, issuesToDetails(r.error));
  return r.data;
}

function cookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === CONSOLE_COOKIE) return v.join('=');
  }
  return undefined;
}

/**
 * The operator API: enrolment, sign-in with the second factor, the session, and every operator
 * command behind its permission. The `operator` command (create, list, update, reset) is added
 * to the operator commands, so `npm run ops -- operator create …` makes the first administrator.
 */
export function installOperators(app: FastifyInstance, deps: OperatorsInstallDeps): Operators {
  const operators = new Operators(deps);
  deps.ops.extend('operator', {
    schema: operatorCommandSchema,
    run: (merchant, args, actor) => operators.command(merchant, args, actor),
  });
  deps.ops.extend('filter', filterCommand(deps));
  const secure = deps.publicUrl?.startsWith('https:') ? '; Secure' : '';
  const setCookie = (reply: FastifyReply, value: string, maxAgeS: number) =>
    reply.header(
      'set-cookie',
      `${CONSOLE_COOKIE}=${value}; Path=${API}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${secure}`,
    );

  const guard = (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers[REQUEST_HEADER] !== '1') throw new AppError('console.request.foreign');
    reply.header('cache-control', 'no-store');
    return resolveMerchant(req, deps.store);
  };
  const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
    const merchant = await guard(req, reply);
    return operators.authenticate(merchant.code, cookieOf(req), req.ip);
  };

  app.post(`${API}/enrol/start`, async (req, reply) => {
    const merchant = await guard(req, reply);
    const { token } = parse(schemas.enrolStart, req.body);
    return ok(await operators.enrolStart(merchant.code, token, merchant.config.brand.name));
  });
  app.post(`${API}/enrol/finish`, async (req, reply) => {
    const merchant = await guard(req, reply);
    const { token, password, code } = parse(schemas.enrolFinish, req.body);
    return ok(await operators.enrolFinish(merchant.code, token, password, code));
  });
  app.post(`${API}/sign-in`, async (req, reply) => {
    const merchant = await guard(req, reply);
    const input = parse(schemas.signIn, req.body);
    const { token, operator, expiresAt } = await operators.signIn(merchant.code, input, req.ip);
    setCookie(reply, token, SESSION_MAX_MS / 1000);
    return ok({ operator, expiresAt });
  });
  app.post(`${API}/sign-out`, async (req, reply) => {
    const principal = await signedIn(req, reply);
    await operators.signOut(principal);
    setCookie(reply, '', 0);
    return ok(null);
  });
  app.get(`${API}/me`, async (req, reply) => ok(operators.me(await signedIn(req, reply))));
  app.post(`${API}/command`, async (req, reply) => {
    const principal = await signedIn(req, reply);
    const { args } = parse(schemas.command, req.body);
    // As the CLI's endpoint: a configuration that does not read or validate changes nothing.
    const config =
      args.command === 'reload-config'
        ? await readMerchantConfig(deps.configDir).catch((e: Error) => {
            throw new AppError('ops.invalid', e.message);
          })
        : undefined;
    return ok(await operators.run(principal, args, config));
  });

  // The command line (`npm run ops`), on the server's own machine: as a signed-in operator (the
  // same permissions and four-eyes rules as the console) or, without one, as break-glass.
  const cliParse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
    const r = schema.safeParse(value ?? {});
    if (!r.success) throw new AppError('ops.invalid', r.error.issues.map((i) => i.message).join('; '));
    return r.data;
  };
  app.post('/ops/command', async (req) => {
    requireOperator(req, deps.opsToken);
    const { merchant, actor, args, session } = cliParse(cliSchemas.command, req.body);
    if (session === undefined) return ok(await operators.breakGlass(merchant, actor, args, req.ip));
    return ok(await operators.run(await operators.authenticate(merchant, session, req.ip), args));
  });
  app.post('/ops/sign-in', async (req) => {
    requireOperator(req, deps.opsToken);
    const { merchant, ...input } = cliParse(cliSchemas.signIn, req.body);
    if (!(await deps.store.get(merchant))) throw new AppError('merchant.unknown');
    return ok(await operators.signIn(merchant, input, req.ip));
  });
  app.post('/ops/sign-out', async (req) => {
    requireOperator(req, deps.opsToken);
    const { merchant, session } = cliParse(cliSchemas.signOut, req.body);
    await operators.signOut(await operators.authenticate(merchant, session, req.ip));
    return ok(null);
  });
  return operators;
}
