// The browser tests' server: the real app in one process, as `npm start` runs it, except that its
// clock belongs to the test harness. Only scripts/e2e-server.mjs starts it; the product's own
// entry (apps/server/src/main.ts) has no such clock and no way to move time.
import { createServer } from 'node:http';
import { buildApp } from '../apps/server/src/app.ts';
import { openAppDatabase } from '../apps/server/src/boot.ts';
import type { Clock } from '../apps/server/src/platform/clock.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { readMerchantConfig } from '../apps/server/src/platform/merchant-config.ts';
import { ensureOpsToken } from '../apps/server/src/platform/ops-token.ts';

/** The system time moved by an offset the harness sets (0: the real time). */
class OffsetClock implements Clock {
  offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
}

const clockPort = Number(process.env.E2E_CLOCK_PORT);
if (!Number.isInteger(clockPort) || clockPort <= 0) throw new Error('E2E_CLOCK_PORT is required');

const config = loadConfig();
const clock = new OffsetClock();
const database = await openAppDatabase(config, (m) => console.log(m));
const opsToken = await ensureOpsToken(config.DATA_DIR, config.OPS_TOKEN);
const siteMerchant = (await readMerchantConfig(config.CONFIG_DIR)).brand.merchant;
const app = await buildApp({ config, database, opsToken, siteMerchant, clock });
await app.listen({ port: config.PORT, host: config.HOST });
app.jobs.start();

/**
 * The clock's control, on the loopback interface only: `PUT /offset` with the offset in ms as the
 * body moves the app's time (a journey moves a day on and back); `GET /offset` reads it.
 */
const control = createServer((req, res) => {
  if (req.url !== '/offset') return void res.writeHead(404).end();
  if (req.method === 'GET') return void res.end(String(clock.offsetMs));
  if (req.method !== 'PUT') return void res.writeHead(405).end();
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on('end', () => {
    const ms = Number(body);
    if (!Number.isSafeInteger(ms)) return void res.writeHead(400).end();
    clock.offsetMs = ms;
    res.end(String(ms));
  });
});
control.listen(clockPort, '127.0.0.1');

const shutdown = () => {
  control.close();
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
