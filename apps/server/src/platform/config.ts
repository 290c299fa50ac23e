import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so defaults work wherever the process was started from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Server processes sharing the port on this machine (node:cluster); more than one needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  CONFIG_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'config')),
  /** Where uploaded files (proof images…) are kept; default DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().min(1).optional(),
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  /**
   * The site's public origin (https://www.example.com), when the server cannot tell it from its
   * own socket: payment gateways are given URLs under it (webhook, payment page, return).
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** The sandbox payment gateway's webhook secret; generated and kept in the database when unset. */
  SANDBOX_PAY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Addresses or CIDR ranges of proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: csv,
  /**
   * A header the load balancer sets to the client's two-letter country (e.g. `CF-IPCountry`):
   * the place of a sign-in in the security centre. Set it only when the load balancer always
   * writes it (a client could send its own otherwise); unset, the bundled lookup is used.
   */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name')
    .optional(),
  /**
   * The key (32 bytes, base64url) that secrets kept in the database are encrypted with (the
   * authenticator keys of two-factor sign-in); generated into DATA_DIR/secrets-key on first start
   * when not given. Every process of a site needs the same one: without it the bound authenticators
   * cannot be checked (members can still sign in with a recovery code).
   */
  SECRETS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes as base64url (43 characters)')
    .optional(),
  /** Operator token; generated into DATA_DIR/ops-token on first start when not given. */
  OPS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  /** An HTTP SMS gateway; without it SMS go to the outbox table (`npm run ops -- outbox`). */
  SMS_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The gateway's JSON body with {to} and {text} placeholders. */
  SMS_HTTP_TEMPLATE: z.string().includes('{to}').includes('{text}').optional(),
  /** Authorization header value for the gateway, if it needs one. */
  SMS_HTTP_AUTHORIZATION: z.string().optional(),
  /** smtp:// or smtps:// URL; without it email goes to the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender address of account emails. */
  SMTP_FROM: z.string().min(3).optional(),
  /**
   * host:port of a Firebase Authentication emulator (firebase-tools): the firebase channel's ID
   * tokens are checked there, and the site is told to sign in there. Tests and development only:
   * the emulator signs anyone in.
   */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:[0-9]{1,5}$/, 'must be host:port')
    .optional(),
});

export type AppConfig = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; every bad value is listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const picked = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}
