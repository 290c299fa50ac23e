import { buildApp } from './app.ts';
import { openAppDatabase } from './platform/boot.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { readMerchantConfig } from './platform/merchant-config.ts';
import { ensureOpsToken } from './platform/ops-token.ts';
import { announceServer } from './platform/server-file.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openAppDatabase(config, (m) => console.log(m));
  const opsToken = await ensureOpsToken(config.DATA_DIR, config.OPS_TOKEN);
  const siteMerchant = (await readMerchantConfig(config.CONFIG_DIR)).brand.merchant;
  const app = await buildApp({ config, database, opsToken, siteMerchant });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.jobs.start();
  const port = (app.server.address() as { port: number }).port;
  const withdraw = announceServer(config.DATA_DIR, port);
  console.log(`Aurum is running at http://localhost:${port} (database: ${database.kind})`);

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

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
