/**
 * Operator commands: `npm run ops -- <command> [args]` (see README "Operator commands").
 * While the server runs, the command goes through its loopback operator endpoint (so the
 * embedded database, which one process owns, is never opened twice); otherwise it opens the
 * database itself. Both paths run the same OpsService.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { openAppDatabase } from '../platform/boot.ts';
import { loadConfig } from '../platform/config.ts';
import { readMerchantConfig } from '../platform/merchant-config.ts';
import { readOpsToken } from '../platform/ops-token.ts';
import { runningServerPort } from '../platform/server-file.ts';

const USAGE = `Usage: npm run ops -- <command> [options]

Commands:
  status                                 show the merchant's operator settings
  maintenance on [--end <ISO date-time>] switch maintenance on (optionally with its planned end)
  maintenance off                        switch maintenance off
  region on | off                        switch region restriction on or off
  region countries <CC,CC,...|none>      set the blocked countries (two-letter codes)
  region ranges <CIDR,CIDR,...|none>     set the blocked IP addresses and ranges
  reload-config                          re-read config/ into the database
  outbox [--to <number|email>] [--limit N] recent SMS and email kept by the outbox provider

Options:
  --merchant <code>   merchant code (default: the one in config/brand.json)
  --url <url>         the running server (default: the one that owns DATA_DIR, if any)
  --actor <name>      recorded in the audit log (default: your user name)`;

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

function toCommand(
  words: string[],
  opts: { end?: string | undefined; to?: string | undefined; limit?: string | undefined },
): Record<string, unknown> {
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
    case 'reload-config':
      return { command: 'reload-config' };
    case 'maintenance':
      if (sub !== 'on' && sub !== 'off') fail(`maintenance takes on or off.\n\n${USAGE}`);
      return { command: 'maintenance', on: sub === 'on', end: sub === 'on' ? (end ?? null) : null };
    case 'region':
      if (sub === 'on' || sub === 'off') return { command: 'region', on: sub === 'on' };
      if (sub === 'countries')
        return { command: 'region', countries: list(value, 'countries').map((c) => c.toUpperCase()) };
      if (sub === 'ranges') return { command: 'region', ranges: list(value, 'ranges') };
      return fail(`region takes on, off, countries or ranges.\n\n${USAGE}`);
    default:
      return fail(USAGE);
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      merchant: { type: 'string' },
      url: { type: 'string' },
      actor: { type: 'string' },
      end: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const args = toCommand(positionals, values);
  const merchant = values.merchant ?? (await readMerchantConfig(config.CONFIG_DIR)).brand.merchant;
  const actor = values.actor ?? `cli:${os.userInfo().username}`;
  const runningPort = runningServerPort(config.DATA_DIR);
  const url = values.url ?? (runningPort ? `http://127.0.0.1:${runningPort}` : null);
  if (url) {
    // A server runs (or was named): only ever talk to it, so the embedded database is never
    // opened by two processes.
    const token = await readOpsToken(config.DATA_DIR, config.OPS_TOKEN);
    if (!token) fail('No operator token: set OPS_TOKEN or run the command where DATA_DIR holds ops-token.');
    const response = await fetch(`${url}/ops/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': token },
      body: JSON.stringify({ merchant, actor, args }),
    }).catch((e: Error) => fail(`The server at ${url} did not answer: ${e.message}`));
    const body = (await response.json()) as { success: boolean; value?: unknown; message?: string };
    if (!body.success) fail(`Refused: ${body.message}`);
    console.log(JSON.stringify(body.value, null, 2));
    return;
  }
  // No server runs on this data: run the command on the database directly.
  const database = await openAppDatabase(config);
  const app = await buildApp({
    config,
    database,
    opsToken: 'unused-offline',
    serveWeb: false,
    logger: false,
  });
  try {
    const merchantConfig =
      args.command === 'reload-config' ? await readMerchantConfig(config.CONFIG_DIR) : undefined;
    console.log(JSON.stringify(await app.ops.run(merchant, args, actor, merchantConfig), null, 2));
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
