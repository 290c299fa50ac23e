import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../testing/render';
import UnlockPage from './unlock-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('UnlockPage', () => {
  it('redeems the link by POST only when the member presses the button, then says the account is unlocked', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(reply(200, { success: true, value: { unlocked: true } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<UnlockPage />, { path: `/?account=demo&token=${TOKEN}` });
    expect(await screen.findByText('Press the button to unlock demo.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).includes('/unlock'))).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unlock my account' }));
    expect(await screen.findByText('Your account is unlocked. You can log in now.')).toBeTruthy();
    const call = fetchMock.mock.calls.find((c) => String(c[0]) === '/wps/session/unlock');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'demo', token: TOKEN });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/loginPage');
  });

  it('says when a link is used or expired, and when it is incomplete', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(reply(400, { success: false, errorCode: 'login.unlock.invalid', message: 'x' })),
      ),
    );
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<UnlockPage />, { path: `/?account=demo&token=${TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'Unlock my account' }));
    expect(
      await screen.findByText(
        'This unlock link is not valid, was already used or has expired. Please ask for a new one.',
      ),
    ).toBeTruthy();
    unmount();
    renderWithApp(<UnlockPage />, { path: '/?account=demo&token=short' });
    expect(
      await screen.findByText('This link is incomplete. Please open the link from your message again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock my account' })).toBeNull();
  });
});
