import { describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db.ts';
import type { RealtimeHub } from '../realtime/index.ts';
import { LOTTERY_EVENTS, LotteryFanout } from './fanout.ts';

/** Two processes' fanouts on one fake PostgreSQL channel, each with its own hub. */
function twoProcesses() {
  const listeners: ((payload: string) => void)[] = [];
  const sent: string[] = [];
  const database = {
    kind: 'postgres',
    listen: async (channel: string, on: (payload: string) => void) => {
      expect(channel).toBe(LOTTERY_EVENTS);
      listeners.push(on);
      return async () => undefined;
    },
    notify: async (_channel: string, payload: string) => {
      sent.push(payload);
      for (const l of listeners) l(payload);
    },
  } as unknown as Database;
  const hub = () => {
    const heard: unknown[] = [];
    const h = {
      broadcast: (merchant: string, make: (id: number) => unknown) =>
        heard.push({ merchant, ...(make(7) as object) }),
    } as unknown as RealtimeHub;
    return { h, heard };
  };
  const a = hub();
  const b = hub();
  const fa = new LotteryFanout(database, a.h, (e) => {
    throw e;
  });
  const fb = new LotteryFanout(database, b.h, (e) => {
    throw e;
  });
  return { fa, fb, a, b, listeners, sent };
}

describe('lottery fanout', () => {
  it("tells each process's sockets once, the publishing one at once and the other through NOTIFY", async () => {
    const { fa, fb, a, b, sent } = twoProcesses();
    await fa.start();
    await fb.start();
    fa.issueChanged('AURUM', 'ssc1m', '20261126-0001', 'drawn');
    await Promise.resolve();
    const event = {
      merchant: 'AURUM',
      type: 'lottery',
      gameCode: 'ssc1m',
      issueNo: '20261126-0001',
      status: 'drawn',
    };
    expect(a.heard).toEqual([event]);
    expect(b.heard).toEqual([event]);
    expect(sent).toHaveLength(1);
  });

  it('ignores notes that are not its kind', async () => {
    const { fb, b, listeners } = twoProcesses();
    await fb.start();
    const deliver = (p: string) => {
      for (const l of listeners) l(p);
    };
    deliver('not json');
    deliver('null');
    deliver(JSON.stringify({ o: 'x', m: 'AURUM', g: 'ssc1m', i: '1', s: 'paid' }));
    deliver(JSON.stringify({ o: 'x', m: 'AURUM', g: 5, i: '1', s: 'drawn' }));
    expect(b.heard).toEqual([]);
  });
});
