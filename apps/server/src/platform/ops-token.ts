import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { ensureSecretFile } from './secret-file.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function tokenMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Operator endpoints answer only loopback callers that carry the operator token. */
export function requireOperator(req: FastifyRequest, token: string): void {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || !tokenMatches(req.headers['x-ops-token'], token)) {
    throw new AppError('ops.unauthorized');
  }
}

/** The operator token from OPS_TOKEN, else the one generated on first start in the data folder. */
export async function ensureOpsToken(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  return ensureSecretFile(dataDir, 'ops-token');
}

export async function readOpsToken(dataDir: string, fromEnv: string | undefined): Promise<string | null> {
  if (fromEnv) return fromEnv;
  try {
    return (await readFile(path.join(dataDir, 'ops-token'), 'utf8')).trim();
  } catch {
    return null;
  }
}
