import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { lotteryMemberRoot, lotteryPublicRoot } from '../lottery/keys';
import { cashierQueryKey } from '../money/balance';
import { promotionsRootKey } from '../promotions/keys';
import { applyRealtimeEvent } from './use-realtime';

/** A client holding one query of each area, to see which ones an event marks stale. */
function clientWithQueries() {
  const client = new QueryClient();
  client.setQueryData([...promotionsRootKey, 'list', 'tok', 'en'], { list: [] });
  client.setQueryData([...promotionsRootKey, 'applications', 'tok', 'en'], { list: [] });
  client.setQueryData([...cashierQueryKey, 'withdraw', 'orders', 0, 'tok'], { content: [] });
  client.setQueryData([...lotteryPublicRoot, 'results', 'ssc1m'], { results: [] });
  client.setQueryData([...lotteryMemberRoot, 'tickets', 'tok', 'ssc1m', 1], { content: [] });
  const area = (key: readonly unknown[]) =>
    key[0] === 'promotions'
      ? 'promotions'
      : key[0] === 'lottery' || key[1] === 'lottery'
        ? 'lottery'
        : 'cashier';
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => area(q.queryKey));
  return { client, stale };
}

describe('pushed events refresh what they change', () => {
  it('a reviewed promotion application refreshes the promotion cards and applications, nothing else', () => {
    const { client, stale } = clientWithQueries();
    client.setDefaultOptions({ queries: { staleTime: Number.POSITIVE_INFINITY } });
    applyRealtimeEvent(client, 'tok', { type: 'promotion', applicationId: 5, status: 'APPROVED' });
    expect(stale()).toEqual(['promotions', 'promotions']);
  });

  it('a withdrawal status change refreshes the cashier views, nothing else', () => {
    const { client, stale } = clientWithQueries();
    client.setDefaultOptions({ queries: { staleTime: Number.POSITIVE_INFINITY } });
    applyRealtimeEvent(client, 'tok', { type: 'withdrawal', orderNo: 'W1', status: 'RECEIVED' });
    expect(stale()).toEqual(['cashier']);
  });

  it('a lottery issue drawn refreshes the lottery results and the member tickets, nothing else', () => {
    const { client, stale } = clientWithQueries();
    client.setDefaultOptions({ queries: { staleTime: Number.POSITIVE_INFINITY } });
    applyRealtimeEvent(client, 'tok', {
      type: 'lottery',
      gameCode: 'ssc1m',
      issueNo: '20261126-0001',
      status: 'drawn',
    });
    expect(stale()).toEqual(['lottery', 'lottery']);
  });
});
