import type { PromotionCard } from '@aurum/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import PromotionsPage from '../promotions-page';

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, errorCode: string) =>
  new Response(JSON.stringify({ success: false, errorCode, message: 'server text' }), { status });

const card = (overrides: Partial<PromotionCard>): PromotionCard => ({
  id: 'share-big-win',
  category: 'daily',
  kind: 'APPLICATION',
  title: 'Share Your Big Win',
  summary: 'Send a screenshot.',
  image: '/media/promotions/share-big-win.svg',
  start: Date.UTC(2026, 0, 1),
  end: Date.UTC(2030, 11, 31),
  signUpStart: Date.UTC(2026, 0, 1),
  signUpEnd: Date.UTC(2030, 11, 31),
  reward: '8.88',
  status: 'JOIN_NOW',
  action: 'APPLY',
  ...overrides,
});

const LIST = {
  categories: [
    { id: 'daily', name: 'Daily' },
    { id: 'seasonal', name: 'Seasonal' },
  ],
  promotions: [
    card({}),
    card({
      id: 'new-year',
      category: 'seasonal',
      kind: 'CLAIM',
      title: 'New Year Gift',
      status: 'COMING_SOON',
      action: null,
    }),
  ],
};

type Handler = (init: RequestInit) => Response | Promise<Response>;
function server(routes: Record<string, Handler>) {
  return vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    return Promise.resolve(handler ? handler(init) : fail(404, 'route.not.found'));
  });
}

/** A tiny real png by its first bytes (the form checks content, not names). */
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, {
    type: 'image/png',
  });

beforeEach(() => sessionStorage.setItem('token', 'tok'));
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('promotions page', () => {
  it('filters by category and shows each status', async () => {
    vi.stubGlobal('fetch', server({ 'GET /wps/promotion/list': () => ok(LIST) }));
    renderWithApp(<PromotionsPage />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Share Your Big Win' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Seasonal' }));
    expect(screen.queryByRole('heading', { name: 'Share Your Big Win' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'New Year Gift' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My applications' })).toBeTruthy();
  });

  it('applies: counts the remark, refuses a text file named .png, removes an image, sends the rest', async () => {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      server({
        'GET /wps/promotion/list': () => ok(LIST),
        'POST /wps/promotion/apply': (init) => {
          sent.push(JSON.parse(String(init.body)));
          return ok({
            id: 1,
            promotionId: 'share-big-win',
            promotionTitle: 'Share Your Big Win',
            remark: 'x',
            imageCount: 1,
            status: 'PENDING',
            reason: null,
            amount: null,
            createdAt: 0,
            reviewedAt: null,
          });
        },
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<PromotionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Apply now' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(within(dialog).getByText('Please write a remark.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'Big win');
    expect(within(dialog).getByText('7/140')).toBeTruthy();

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['just text'], 'fake.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('fake.png is not a png or jpg image.')).toBeTruthy();
    await user.upload(input, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Remove image 1' }));
    expect(within(dialog).getAllByRole('img')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 'share-big-win', remark: 'Big win' });
    expect(sent[0]!.images).toHaveLength(1);
    expect(String((sent[0]!.images as string[])[0])).toMatch(/^data:image\/png;base64,/);
  });

  it('sends a visitor to the login modal instead of calling', async () => {
    sessionStorage.clear();
    const fetchMock = server({
      'GET /wps/promotion/list': () =>
        ok({ ...LIST, promotions: [card({ kind: 'CLAIM', action: 'CLAIM', status: 'CLAIM_REWARD' })] }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<PromotionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim reward' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.queryByRole('tab', { name: 'My applications' })).toBeNull();
  });
});
