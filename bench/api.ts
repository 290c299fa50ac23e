import autocannon from 'autocannon';
import Fastify from 'fastify';

export interface Load {
  rps: number;
  p99Ms: number;
}

export async function load(url: string, headers: Record<string, string>, durationS = 10): Promise<Load> {
  const r = await autocannon({ url, connections: 50, duration: durationS, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99Ms: r.latency.p99 };
}

/** A bare Fastify route answering a small JSON document: the ceiling to compare against. */
export async function bareFastify(port: number) {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ success: true, value: { hello: 'world' } }));
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
