import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { type ModalBodyProps, type ModalRegistry, ModalTitle, useModal } from '../../../components/ui';
import { gameItem } from '../../../lib/games/testing';
import type { GameLaunchParams } from '../../../lib/modals/modal-ids';
import { startSession } from '../../../lib/session/session-store';
import { fail, fakeServer, ok, type SeenCall } from '../../../testing/fake-server';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import GameLaunchModal from './game-launch-modal';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type FakeWindow = { location: { href: string }; close: Mock; opener: unknown };
const fakeWindow = (): FakeWindow => ({ location: { href: '' }, close: vi.fn(), opener: {} });

const dynasty: GameLaunchParams = {
  vassalage: 'AURX',
  gameType: 'INHOUSE',
  name: 'Golden Dynasty',
  icon: '/media/games/dynasty.svg',
  gameCode: 'dynasty',
  freePlay: true,
};
const launched = (url: string, mode: 'real' | 'play' = 'real') => ok({ content: { game_url: url, mode } });
const refused = (errorCode: string, details?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, errorCode, message: 'server text', details }), {
    status: 400,
  });

function Opener({ params }: { params: GameLaunchParams }) {
  const modal = useModal();
  useEffect(() => modal.open('gameLaunch', params), [modal, params]);
  return null;
}

const registry = {
  gameLaunch: { Body: GameLaunchModal },
  login: { Body: () => <ModalTitle>Log in</ModalTitle> },
  register: { Body: () => <ModalTitle>Create your account</ModalTitle> },
  memberCenter: {
    Body: ({ params }: ModalBodyProps<'memberCenter'>) => (
      <ModalTitle>{`Member centre: ${params?.page}`}</ModalTitle>
    ),
  },
} as unknown as ModalRegistry;

function open(params: GameLaunchParams, on = ['COMM3', 'GAMELO3', 'GAMELOHOT3', 'FREEPLAY3']) {
  return renderWithApp(<Opener params={params} />, {
    permission: sitePermission({}, on),
    registry: { ...registry },
  });
}

const launchDialog = () => screen.findByRole('dialog', { name: /^Start / });
const query = (call: SeenCall | undefined) => Object.fromEntries(call?.query ?? []);

describe('the game launch', () => {
  it("points the member's window at the game and closes", async () => {
    startSession('tok', 'demo');
    const server = fakeServer({ 'GET /wps/game/launchGame': () => launched('/play/slot?token=t1') });
    const target = fakeWindow();
    open({ ...dynasty, target: target as unknown as Window });
    await waitFor(() => expect(target.location.href).toBe('/play/slot?token=t1'));
    expect(query(server.callsTo('GET', '/wps/game/launchGame')[0])).toEqual({
      launchMode: 'GAME',
      vassalage: 'AURX',
      gameId: 'dynasty',
      language: 'EN',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(target.close).not.toHaveBeenCalled();
  });

  it('offers a deposit when the balance is not enough', async () => {
    startSession('tok', 'demo');
    fakeServer({ 'GET /wps/game/launchGame': () => refused('launch_game_balance_not_enough') });
    const target = fakeWindow();
    const user = userEvent.setup();
    open({ ...dynasty, target: target as unknown as Window });
    const dialog = await launchDialog();
    expect(await within(dialog).findByRole('heading', { name: 'Your balance is not enough' })).toBeTruthy();
    expect(target.close).toHaveBeenCalled();
    expect(dialog.textContent).not.toContain('server text');
    await user.click(within(dialog).getByRole('button', { name: 'Deposit now' }));
    expect(await screen.findByRole('dialog', { name: 'Member centre: depositv2' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Start / })).toBeNull());
  });

  it('sends to My wallet when the game plays from a game wallet that lacks the money', async () => {
    startSession('tok', 'demo');
    fakeServer({
      'GET /wps/game/launchGame': () => refused('launch_game_balance_not_enough', { wallet: 'AURL' }),
    });
    const user = userEvent.setup();
    open({ ...dynasty, target: fakeWindow() as unknown as Window });
    const dialog = await launchDialog();
    expect(await within(dialog).findByText(/plays from its own game wallet/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Deposit now' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Open My wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Member centre: transferFund' })).toBeTruthy();
  });

  it('tells the maintenance window and offers other hot games, which launch from the click', async () => {
    startSession('tok', 'demo');
    const start = new Date(2026, 0, 5, 9, 0, 0).getTime();
    const end = new Date(2026, 0, 5, 11, 30, 0).getTime();
    const baccarat = gameItem({
      vassalage: 'AURL',
      vendorName: 'Aurum Live',
      gameCode: 'baccarat',
      gameType: 'LIVE',
      name: 'Imperial Baccarat',
    });
    const server = fakeServer({
      'GET /wps/game/launchGame': (call) =>
        call.query.get('vassalage') === 'AURX'
          ? refused('vendor_under_maintenance', { start: String(start), end: String(end) })
          : launched('/play/baccarat?token=t2'),
      'GET /lgw/games/popular': () => ok({ list: [gameItem(), baccarat] }),
    });
    const next = fakeWindow();
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(next as unknown as Window);
    const user = userEvent.setup();
    open({ ...dynasty, target: fakeWindow() as unknown as Window });
    const dialog = await launchDialog();
    expect(
      await within(dialog).findByText('Maintenance runs from 2026-01-05 09:00:00 to 2026-01-05 11:30:00.'),
    ).toBeTruthy();
    const suggestions = await within(dialog).findByRole('list', {
      name: 'Play one of these hot games meanwhile',
    });
    expect(
      within(suggestions)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-game')),
    ).toEqual(['AURL.baccarat']);
    expect(query(server.callsTo('GET', '/lgw/games/popular')[0])).toMatchObject({
      isPlatform: '2',
      platforms: 'flash,html5-desktop',
    });
    await user.click(within(suggestions).getByRole('button', { name: /^Play Imperial Baccarat/ }));
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(next.location.href).toBe('/play/baccarat?token=t2'));
    expect(query(server.callsTo('GET', '/wps/game/launchGame').at(-1))).toMatchObject({
      vassalage: 'AURL',
      gameId: 'baccarat',
    });
  });

  it('says honestly when the vendor is not contracted', async () => {
    startSession('tok', 'demo');
    fakeServer({ 'GET /wps/game/launchGame': () => refused('vendor.not.contracted') });
    const target = fakeWindow();
    open({
      vassalage: 'DS88',
      gameType: 'COCKFIGHT',
      name: 'DS88 Sabong',
      target: target as unknown as Window,
    });
    const dialog = await launchDialog();
    expect(
      await within(dialog).findByRole('heading', { name: 'DS88 Sabong is not available on this site' }),
    ).toBeTruthy();
    expect(dialog.textContent).toContain('This game provider is not contracted for this site yet.');
    expect(target.close).toHaveBeenCalled();
  });

  it('asks to allow popups when the window was blocked, and retries from the click', async () => {
    startSession('tok', 'demo');
    const server = fakeServer({ 'GET /wps/game/launchGame': () => launched('/play/slot?token=t3') });
    const next = fakeWindow();
    const openSpy = vi
      .spyOn(window, 'open')
      .mockReturnValueOnce(null)
      .mockReturnValueOnce(next as unknown as Window);
    const user = userEvent.setup();
    open({ ...dynasty, target: null });
    const dialog = await launchDialog();
    expect(await within(dialog).findByRole('heading', { name: 'The game window was blocked' })).toBeTruthy();
    expect(dialog.textContent).toContain('Please allow popups for this site');
    expect(server.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('heading', { name: 'The game window was blocked' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(next.location.href).toBe('/play/slot?token=t3'));
    expect(openSpy).toHaveBeenCalledTimes(2);
  });

  it('tells a trial account a real account is needed, and plays in-house games for free', async () => {
    startSession('tok', { account: 'trial_x', isTrial: true });
    const server = fakeServer({
      'GET /wps/game/launchGame/free': () => launched('/play/slot?token=t4', 'play'),
    });
    const target = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    const user = userEvent.setup();
    open(dynasty);
    const dialog = await launchDialog();
    expect(await within(dialog).findByText(/This needs a real account\./)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Register now' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Play for free' }));
    await waitFor(() => expect(target.location.href).toBe('/play/slot?token=t4'));
    expect(server.callsTo('GET', '/wps/game/launchGame')).toHaveLength(0);
    expect(query(server.callsTo('GET', '/wps/game/launchGame/free')[0])).toMatchObject({ vassalage: 'AURX' });
  });

  it('does not offer free play for games without it', async () => {
    startSession('tok', { account: 'trial_x', isTrial: true });
    fakeServer({});
    open({ ...dynasty, freePlay: false });
    const dialog = await launchDialog();
    await within(dialog).findByText(/This needs a real account\./);
    expect(within(dialog).queryByRole('button', { name: 'Play for free' })).toBeNull();
  });

  it('asks a visitor to log in, or starts a free-play session and the game', async () => {
    const server = fakeServer({
      'POST /wps/session/login/freeplay': () =>
        ok({
          token: 'trial-token',
          firstTimeLogin: false,
          passwordExpired: false,
          forceChangePassword: false,
          id: 7,
          userName: 'trial_abc',
          customerType: 4,
        }),
      'GET /wps/game/launchGame/free': () => launched('/play/slot?token=t5', 'play'),
    });
    const target = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    const user = userEvent.setup();
    open(dynasty);
    const dialog = await launchDialog();
    expect(await within(dialog).findByRole('heading', { name: 'You are not logged in' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Log in' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Play for free' }));
    await waitFor(() => expect(target.location.href).toBe('/play/slot?token=t5'));
    expect(sessionStorage.getItem('token')).toBe('trial-token');
    expect(sessionStorage.getItem('isTrial')).toBe('true');
    expect(server.callsTo('POST', '/wps/session/login/freeplay')).toHaveLength(1);
  });

  it('shows any other failure in the member language, with a retry', async () => {
    startSession('tok', 'demo');
    const server = fakeServer({ 'GET /wps/game/launchGame': () => fail(500, 'something.odd') });
    vi.spyOn(window, 'open').mockReturnValue(fakeWindow() as unknown as Window);
    const user = userEvent.setup();
    open({ ...dynasty, target: fakeWindow() as unknown as Window });
    const dialog = await launchDialog();
    expect(
      await within(dialog).findByRole('heading', { name: 'The game could not be started' }),
    ).toBeTruthy();
    expect(dialog.textContent).toContain('Something went wrong. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.callsTo('GET', '/wps/game/launchGame')).toHaveLength(2));
  });
});
