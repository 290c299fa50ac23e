import type { VipInfo } from '@aurum/contract';
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLoyaltyTexts } from '../../lib/loyalty/texts';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { switchToChineseForTest } from '../../testing/language';
import { renderWithApp } from '../../testing/render';
import PlayerRankPage from './player-rank-page';

configure({ asyncUtilTimeout: 5000 });

const level = (n: number, extra: Partial<VipInfo['levels'][number]> = {}): VipInfo['levels'][number] => ({
  level: n,
  name: `VIP${n}`,
  upgradeBonus: n === 0 ? '0.00' : `${n * 10}.00`,
  upgrade: n === 0 ? [] : [{ condition: 'totalDeposit', expected: `${n * 1000}.00` }],
  keep: [],
  rebateRates: [{ category: 'LIVE', rate: `0.${n + 1}` }],
  benefits: `Benefits of ${n}`,
  ...extra,
});

const vip = (over: Partial<VipInfo> = {}): VipInfo => ({
  level: 2,
  name: 'VIP2',
  hasVip: true,
  mode: 'OR',
  next: { level: 3, name: 'VIP3' },
  progress: [
    { condition: 'totalDeposit', actual: '6000.00', expected: '20000.00', met: false },
    { condition: 'depositCount', actual: '5', expected: '3', met: true },
  ],
  levels: [
    level(0),
    level(1),
    level(2),
    level(3, { keep: [{ condition: 'monthlyBet', expected: '40000.00' }] }),
  ],
  ...over,
});

const balance = {
  sumBalance: '10.00',
  balance: [{ accountTypeId: 2, availBalance: '10.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};

let restore: (() => Promise<void>) | undefined;
beforeEach(() => startSession('tok', 'demo'));
afterEach(async () => {
  await act(async () => restore?.());
  restore = undefined;
});

describe('VIP bonus (playerRank)', () => {
  it('shows the level, progress per condition as bars, every level and the rules', async () => {
    fakeServer({
      'GET /wps/vip/info': () => ok(vip()),
      'GET /wps/v2/wallets/balance': () => ok(balance),
      'GET /wps/member/info': () =>
        ok({ account: 'demo', hasVip: true, vipLabelName: 'VIP2', vipRankLevel: 2 }),
    });
    renderWithApp(<PlayerRankPage />);
    expect((await screen.findByText('Progress to VIP3')).tagName).toBe('H4');
    expect(document.querySelector('[data-vip-level]')?.textContent).toBe('VIP2');
    const deposit = screen.getByRole('progressbar', { name: 'Total deposits' });
    expect(deposit.getAttribute('value')).toBe('300');
    expect(screen.getByText('$6,000.00 of $20,000.00')).toBeTruthy();
    // A count is not money; a met condition says so and its bar is full.
    expect(screen.getByRole('progressbar', { name: 'Number of deposits' }).getAttribute('value')).toBe(
      '1000',
    );
    expect(document.querySelector('[data-condition="depositCount"]')?.textContent).toContain('5 of 3');
    expect(document.querySelector('[data-condition="depositCount"]')?.textContent).toContain('Met');
    expect(
      screen.getByText('Meet any one of the conditions below to reach the next level.', { selector: 'p' }),
    ).toBeTruthy();

    const cards = document.querySelectorAll('[data-level]');
    expect([...cards].map((c) => c.getAttribute('data-level'))).toEqual(['0', '1', '2', '3']);
    const mine = cards[2] as HTMLElement;
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(within(mine).getByText('Your level')).toBeTruthy();
    const next = cards[3] as HTMLElement;
    expect(next.textContent).toContain('Total deposits $3,000.00');
    expect(next.textContent).toContain('Valid bets this month $40,000.00');
    expect(next.textContent).toContain('$30.00');
    expect(next.textContent).toContain('Live casino 0.4%');
    expect(next.textContent).toContain('Benefits of 3');
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeTruthy();
  });

  it('says so at the top level, under AND, and in CN', async () => {
    restore = await switchToChineseForTest();
    await loadLoyaltyTexts('cn');
    fakeServer({
      'GET /wps/vip/info': () => ok(vip({ level: 3, name: 'VIP3', next: null, progress: [], mode: 'AND' })),
      'GET /wps/v2/wallets/balance': () => ok(balance),
      'GET /wps/member/info': () =>
        ok({ account: 'demo', hasVip: true, vipLabelName: 'VIP3', vipRankLevel: 3 }),
    });
    renderWithApp(<PlayerRankPage />);
    expect(await screen.findByText('您已达到最高等级。')).toBeTruthy();
    expect(screen.getByText('需满足以下全部条件才能升级。')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers a retry when the level cannot be read', async () => {
    const server = fakeServer({
      'GET /wps/vip/info': () => fail(503, 'system.busy'),
      'GET /wps/v2/wallets/balance': () => ok(balance),
      'GET /wps/member/info': () => ok({ account: 'demo' }),
    });
    renderWithApp(<PlayerRankPage />);
    const retry = await screen.findByRole('button', { name: /try again|retry/i });
    expect(retry).toBeTruthy();
    expect(server.callsTo('GET', '/wps/vip/info')).toHaveLength(1);
  });
});
