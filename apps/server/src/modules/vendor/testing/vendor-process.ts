/**
 * A stand-in game vendor in a process of its own, for protocol tests over real HTTP:
 *
 *   PLATFORM_URL=http://127.0.0.1:PORT MERCHANT=AURUM VENDOR=AURX VENDOR_SECRET=… \
 *     node --import tsx apps/server/src/modules/vendor/testing/vendor-process.ts
 *
 * It prints {"ready":true}, then reads one JSON command per line on stdin and answers one JSON
 * line on stdout with the same id:
 *   {"id":1,"call":"debit","body":{…}}                  → {"id":1,"status":200,"reply":{…}}
 *   {"id":2,"call":"balance","body":{…},"secret":"x"}   signs with another secret
 *   {"id":3,"call":"balance","body":{…},"skewMs":-400000} signs with a clock that far off
 *   {"id":4,"exit":true}                                 → {"id":4,"bye":true}, then exits
 * A call that cannot reach the platform answers {"id":…,"error":"…"}.
 */
import { createInterface } from 'node:readline';
import {
  httpTransport,
  type SeamlessTransport,
  SeamlessTransportError,
  type TransportAnswer,
  VendorClient,
} from '../client.ts';
import { isSeamlessCall, type SeamlessCall, type SeamlessRequests } from '../protocol.ts';

interface Command {
  id: unknown;
  call?: string;
  body?: unknown;
  secret?: string;
  skewMs?: number;
  exit?: boolean;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`vendor-process: ${name} is required`);
    process.exit(2);
  }
  return value;
}

const merchant = required('MERCHANT');
const vendor = required('VENDOR');
const secret = required('VENDOR_SECRET');
const http = httpTransport(required('PLATFORM_URL'));

const answer = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

/** One call, signed as asked; the HTTP status is reported beside the reply. */
async function run(cmd: Command & { call: SeamlessCall }) {
  let status = 0;
  const recording: SeamlessTransport = {
    async send(call, rawBody, headers): Promise<TransportAnswer> {
      const got = await http.send(call, rawBody, headers);
      status = got.status;
      return got;
    },
  };
  const skew = cmd.skewMs ?? 0;
  const client = new VendorClient({
    merchant,
    vendor,
    secret: cmd.secret ?? secret,
    transport: recording,
    clock: { now: () => Date.now() + skew },
  });
  const reply = await client.call(cmd.call, cmd.body as SeamlessRequests[typeof cmd.call]);
  return { id: cmd.id, status, reply };
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let cmd: Command;
  try {
    cmd = JSON.parse(line) as Command;
  } catch {
    answer({ id: null, error: 'not JSON' });
    return;
  }
  if (cmd.exit) {
    // Kept-alive HTTP connections would hold the process open: leave once the answer is out.
    process.stdout.write(`${JSON.stringify({ id: cmd.id, bye: true })}\n`, () => process.exit(0));
    return;
  }
  const call = cmd.call;
  if (typeof call !== 'string' || !isSeamlessCall(call)) {
    answer({ id: cmd.id, error: `unknown call ${String(call)}` });
    return;
  }
  run({ ...cmd, call }).then(answer, (e: unknown) =>
    answer({ id: cmd.id, error: e instanceof SeamlessTransportError ? e.message : String(e) }),
  );
});
answer({ ready: true });
