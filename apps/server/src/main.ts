import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app.ts';
import { openAppDatabase } from './boot.ts';
import { type AppConfig, ConfigError, loadConfig } from './platform/config.ts';
import { readMerchantConfig } from './platform/merchant-config.ts';
import { ensureOpsToken } from './platform/ops-token.ts';
import { ensureSecretsKey } from './platform/secret-file.ts';
import { announceServer } from './platform/server-file.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** A worker that dies sooner than this after its start is restarted only after a pause. */
const RESTART_BACKOFF_MS = 1_000;

/** What a worker tells the primary once it listens. */
interface ListeningMessage {
  type: 'listening';
  port: number;
}

/** One server process: migrate, build, listen, run the jobs; shut down gracefully on a signal. */
async function serve(config: AppConfig, options: { announce: boolean }) {
  const database = await openAppDatabase(config, (m) => console.log(m));
  const opsToken = await ensureOpsToken(config.DATA_DIR, config.OPS_TOKEN);
  const siteMerchant = (await readMerchantConfig(config.CONFIG_DIR)).brand.merchant;
  const app = await buildApp({ config, database, opsToken, siteMerchant });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.jobs.start();
  const port = (app.server.address() as { port: number }).port;
  const withdraw = options.announce ? announceServer(config.DATA_DIR, port) : () => undefined;
  if (cluster.isWorker) {
    process.send?.({ type: 'listening', port } satisfies ListeningMessage);
  } else {
    console.log(`Aurum is running at http://localhost:${port} (database: ${database.kind})`);
    console.log(
      `Operator console: http://localhost:${port}/console (the first administrator: npm run ops -- operator create NAME --role admin --email EMAIL)`,
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    withdraw();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * WORKERS=N on one machine: the primary migrates and seeds once, then runs N server processes
 * that share the port (node:cluster hands connections round-robin), restarts one that dies,
 * and on SIGINT/SIGTERM asks each to finish its requests and exits when all have.
 */
async function supervise(config: AppConfig) {
  const database = await openAppDatabase(config, (m) => console.log(m));
  await database.close();
  // Made once here, so the workers never race to write them.
  await ensureOpsToken(config.DATA_DIR, config.OPS_TOKEN);
  await ensureSecretsKey(config.DATA_DIR, config.SECRETS_KEY);
  let closing = false;
  let announced: (() => void) | null = null;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.on('message', (m: ListeningMessage) => {
      if (m?.type !== 'listening') return;
      console.log(`worker ${worker.process.pid} is listening on port ${m.port}`);
      if (!announced) {
        announced = announceServer(config.DATA_DIR, m.port);
        console.log(
          `Aurum is running at http://localhost:${m.port} (database: ${database.kind}, ${config.WORKERS} processes)`,
        );
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const started = startedAt.get(worker) ?? 0;
    startedAt.delete(worker);
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        announced?.();
        process.exit(0);
      }
      return;
    }
    console.log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    const soon = Date.now() - started < RESTART_BACKOFF_MS;
    setTimeout(fork, soon ? RESTART_BACKOFF_MS : 0);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`shutting down ${Object.keys(cluster.workers ?? {}).length} processes (${signal})`);
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + 2_000).unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  for (let i = 0; i < config.WORKERS; i++) fork();
}

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, { announce: false });
  if (config.WORKERS > 1 && !config.DATABASE_URL) {
    console.log(
      `WORKERS=${config.WORKERS} asks for several processes, but the embedded database (PGlite) is one process: running one. Set DATABASE_URL to a PostgreSQL server to run several.`,
    );
  }
  if (config.WORKERS > 1 && config.DATABASE_URL) return supervise(config);
  return serve(config, { announce: true });
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
