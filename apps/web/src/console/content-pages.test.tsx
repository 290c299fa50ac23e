import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console-app';
import { ok, serve } from './testing';

const editor = { name: 'cora', role: 'content', permissions: ['site.read', 'content.write'] };
const argsOf = (body: unknown) => (body as { args: Record<string, unknown> }).args;
const commands = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'command').map((c) => argsOf(c.body));

const slide = (id: string, title: string) => ({
  id,
  image: `/media/banners/${id}.svg`,
  title: { EN: title },
  link: { linkageType: 'NONE' },
});

/** The stored content as `content export` answers, edited by the scripted commands. */
function storedContent() {
  const stored = {
    banners: { w_home: [slide('one', 'First'), slide('two', 'Second')] } as Record<string, unknown[]>,
    notices: [],
    announcements: [],
    helpCenter: [
      {
        id: 'deposits',
        title: { EN: 'Deposits', CN: '充值' },
        articles: [{ id: 'how', title: { EN: 'How?' }, content: { EN: '<p>So.</p>' } }],
      },
    ],
    join: undefined as unknown,
    sponsors: [] as unknown[],
    marketing: [
      {
        id: 'providers',
        title: { EN: '{games} games' },
        text: { EN: 'From {providers} providers' },
        link: { linkageType: 'NONE' },
      },
      {
        id: 'free-play',
        title: { EN: 'Free play' },
        text: { EN: 'Try first' },
        link: { linkageType: 'NONE' },
      },
    ],
  };
  return serve({
    me: ok(editor),
    'command:content': (body) => {
      const args = argsOf(body) as Record<string, unknown>;
      if (args.action === 'export') return ok(stored);
      if (args.action === 'media')
        return ok({ images: ['/media/banners/live.svg', '/media/banners/one.svg'] });
      if (args.action === 'promotions')
        return ok([
          {
            id: 'welcome-bonus',
            title: { EN: 'Welcome bonus' },
            image: '/media/promotions/welcome-bonus.svg',
            start: '2026-01-01T00:00:00Z',
            end: '2030-12-31T23:59:59Z',
          },
        ]);
      if (args.action === 'banner') {
        const { command: _, action: __, group, ...s } = args;
        stored.banners.w_home = [...(stored.banners.w_home ?? []), s];
      }
      if (args.action === 'page') {
        const { command: _, action: __, page: ___, index: ____, ...p } = args;
        stored.join = p;
      }
      return ok({ action: args.action, replaced: false });
    },
  });
}

describe('the console content page', () => {
  beforeEach(() => {
    window.localStorage.setItem('aurum-console-language', 'EN');
    window.history.replaceState(null, '', '/console/content');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('publishes a banner with a library image, previews the slide in EN and CN, and reorders the group', async () => {
    const calls = storedContent();
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Banners' }));
    expect(await screen.findByRole('cell', { name: 'First' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Id/), { target: { value: 'spring' } });
    fireEvent.change(screen.getByLabelText('Media library'), {
      target: { value: '/media/banners/live.svg' },
    });
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Spring festival' } });
    fireEvent.change(screen.getByLabelText('Title (Chinese)'), { target: { value: '春节' } });
    fireEvent.change(screen.getByLabelText('Button text (English)'), { target: { value: 'Go' } });
    fireEvent.change(screen.getByLabelText('Leads to'), { target: { value: 'INTERNAL' } });
    fireEvent.change(screen.getByLabelText('Page path (like /live)'), { target: { value: '/promotions' } });
    const preview = screen.getByTestId('slide-preview');
    expect(within(preview).getByText('Spring festival')).toBeTruthy();
    expect(within(preview).getByText('Go')).toBeTruthy();
    expect(within(preview).getByRole('img').getAttribute('src')).toBe('/media/banners/live.svg');
    fireEvent.change(screen.getByLabelText('Preview in'), { target: { value: 'CN' } });
    expect(within(preview).getByText('春节')).toBeTruthy();
    // A button text without a CN text falls back to EN, as the site does.
    expect(within(preview).getByText('Go')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('spring is live.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'content',
      action: 'banner',
      group: 'w_home',
      id: 'spring',
      image: '/media/banners/live.svg',
      title: { EN: 'Spring festival', CN: '春节' },
      cta: { EN: 'Go' },
      link: { linkageType: 'INTERNAL', target: '/promotions' },
    });
    expect(await screen.findByRole('cell', { name: 'Spring festival' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move up: two' }));
    await waitFor(() =>
      expect(commands(calls)).toContainEqual({
        command: 'content',
        action: 'banner-order',
        group: 'w_home',
        ids: ['two', 'one', 'spring'],
      }),
    );
  });

  it('writes a help article in each language with a sanitised preview', async () => {
    const calls = storedContent();
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Help centre' }));
    expect(await screen.findByText('How?')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New article in Deposits' });
    fireEvent.change(within(form).getByLabelText(/^Id/), { target: { value: 'limits' } });
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: 'Limits' } });
    let text = within(form).getByRole('textbox', { name: 'Article text (English)' });
    text.innerHTML = '<p>Up to <b>5,000</b><script>alert(1)</script></p>';
    fireEvent.input(text);
    const preview = within(form).getByRole('region', { name: 'Preview (as sanitised for the player site)' });
    await waitFor(() => expect(preview.innerHTML).toContain('<b>5,000</b>'));
    expect(preview.innerHTML).not.toContain('script');
    fireEvent.change(within(form).getByLabelText('Writing in'), { target: { value: 'CN' } });
    text = within(form).getByRole('textbox', { name: 'Article text (Chinese)' });
    text.innerHTML = '<p>上限 5,000</p>';
    fireEvent.input(text);
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('limits is live.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'content',
      action: 'help-article',
      category: 'deposits',
      id: 'limits',
      title: { EN: 'Limits' },
      content: { EN: '<p>Up to <b>5,000</b><script>alert(1)</script></p>', CN: '<p>上限 5,000</p>' },
    });
  });

  it('replaces the join page with a preview', async () => {
    const calls = storedContent();
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Join and sponsor pages' }));
    expect(await screen.findByText(/No join page is stored/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Join us' } });
    fireEvent.change(screen.getByLabelText('Text (English)'), { target: { value: 'Earn with us.' } });
    fireEvent.change(screen.getByLabelText('Text (Chinese)'), { target: { value: '与我们一起赚。' } });
    const preview = screen.getByRole('region', { name: 'Page preview' });
    expect(within(preview).getByText('Earn with us.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Join page is live.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'content',
      action: 'page',
      page: 'join',
      title: { EN: 'Join us' },
      text: { EN: 'Earn with us.', CN: '与我们一起赚。' },
      link: { linkageType: 'NONE' },
    });
  });

  it('changes a promotion’s card image after a confirmation', async () => {
    const calls = storedContent();
    vi.stubGlobal('confirm', () => true);
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Promotion images' }));
    expect(await screen.findByText('Welcome bonus')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Use this image: welcome-bonus' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Image of welcome-bonus'), {
      target: { value: '/media/banners/live.svg' },
    });
    fireEvent.click(save);
    expect(await screen.findByText('welcome-bonus is live.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'content',
      action: 'promo-image',
      promotion: 'welcome-bonus',
      image: '/media/banners/live.svg',
    });
  });

  it('adds a home page block first and reorders the blocks', async () => {
    const calls = storedContent();
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Home page blocks' }));
    expect(await screen.findByRole('cell', { name: '{games} games' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move down: providers' }));
    await waitFor(() =>
      expect(commands(calls)).toContainEqual({
        command: 'content',
        action: 'marketing-order',
        ids: ['free-play', 'providers'],
      }),
    );
    const form = screen.getByRole('form', { name: 'New block' });
    fireEvent.change(within(form).getByLabelText(/^Id/), { target: { value: 'vip' } });
    fireEvent.change(within(form).getByLabelText('Place on the home page'), { target: { value: 'first' } });
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: 'VIP club' } });
    fireEvent.change(within(form).getByLabelText('Text (English)'), {
      target: { value: 'Climb the ladder' },
    });
    expect(within(screen.getByRole('region', { name: 'Block preview' })).getByText('VIP club')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('vip is live.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'content',
      action: 'marketing',
      id: 'vip',
      title: { EN: 'VIP club' },
      text: { EN: 'Climb the ladder' },
      link: { linkageType: 'NONE' },
      position: 0,
    });
  });
});
