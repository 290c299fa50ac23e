import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotices } from '../../../lib/notify/notify';
import { renderWithApp } from '../../../testing/render';
import { CustomerServiceMenu } from './customer-service-menu';

// Under a loaded machine the settings fetch and lazy chunks can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.restoreAllMocks());

function Notices() {
  return (
    <ul>
      {useNotices().map((n) => (
        <li key={n.id}>{n.message}</li>
      ))}
    </ul>
  );
}

const openEntry = async () => {
  const user = userEvent.setup();
  renderWithApp(
    <>
      <CustomerServiceMenu />
      <Notices />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'Customer service' }));
  await user.click(screen.getByRole('menuitem', { name: 'Telegram support' }));
};

describe('the customer-service popup (spec §2 header, §9: 440 x 750 popup)', () => {
  it('opens the configured CUSTOMER_SERVICE url in a 440 x 750 popup without an opener', async () => {
    const popup = { opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await openEntry();
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0] ?? [];
    expect(url).toBe('https://t.me/support');
    expect(target).toBe('_blank');
    expect(String(features)).toMatch(/(^|,)width=440(,|$)/);
    expect(String(features)).toMatch(/(^|,)height=750(,|$)/);
    expect(popup.opener).toBeNull();
  });

  it('says so when the browser blocks the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await openEntry();
    expect(await screen.findByText(/Your browser blocked the popup/)).toBeTruthy();
  });
});
