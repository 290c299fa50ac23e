import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console-app';
import { tagsOf } from './pages/content-articles';
import { type Answer, ok, serve } from './testing';

const editor = { name: 'cora', role: 'content', permissions: ['site.read', 'content.write'] };
const argsOf = (body: unknown) => (body as { args: Record<string, unknown> }).args;
const commands = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'command').map((c) => argsOf(c.body));

const PUBLISHED_AT = '2026-11-01T08:00:00.000Z';

/** The articles as `articles list` and `show` answer them, changed by the scripted commands. */
function storedArticles(failPut?: Answer) {
  const stored = [
    {
      id: 'big-win-week',
      kind: 'news',
      title: { EN: 'Big win week', CN: '大奖周' },
      summary: { EN: 'Winners of the week' },
      body: { EN: '<p>Winners.</p>' },
      tags: ['winners'],
      publishAt: PUBLISHED_AT as string | undefined,
    },
    {
      id: 'slot-tips',
      kind: 'blog',
      title: { EN: 'Slot tips' },
      summary: { EN: 'Play smart' },
      body: { EN: '<p>Tips.</p>' },
      tags: [],
      publishAt: undefined as string | undefined,
    },
  ];
  const statusOf = (a: (typeof stored)[number]) => (a.publishAt ? 'published' : 'draft');
  return serve({
    me: ok(editor),
    'command:content': (body) => {
      const args = argsOf(body);
      if (args.action === 'media') return ok({ images: ['/media/blog/cover.svg'] });
      return ok({ banners: {}, helpCenter: [], sponsors: [], marketing: [] });
    },
    'command:articles': (body) => {
      const args = argsOf(body) as Record<string, unknown>;
      if (args.action === 'list')
        return ok(
          stored.map((a) => ({
            id: a.id,
            kind: a.kind,
            title: a.title.EN,
            languages: Object.keys(a.title),
            tags: a.tags,
            publishAt: a.publishAt ?? null,
            status: statusOf(a),
          })),
        );
      const found = stored.find((a) => a.id === args.id);
      if (args.action === 'show')
        return found ? ok(found) : { success: false, errorCode: 'ops.invalid', message: 'no' };
      if (args.action === 'put') {
        if (failPut) return failPut;
        const article = args.article as (typeof stored)[number];
        const i = stored.findIndex((a) => a.id === article.id);
        if (i >= 0) stored[i] = article;
        else stored.unshift(article);
      }
      if (args.action === 'publish' && found)
        found.publishAt = (args.at as string | undefined) ?? PUBLISHED_AT;
      if (args.action === 'unpublish' && found) found.publishAt = undefined;
      return ok({ action: args.action, id: args.id });
    },
  });
}

describe('the console blog and news tab', () => {
  beforeEach(() => {
    window.localStorage.setItem('aurum-console-language', 'EN');
    window.history.replaceState(null, '', '/console/content');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('lists drafts and published articles, writes a new one as a draft and publishes it after a confirmation', async () => {
    const calls = storedArticles();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Blog and news' }));
    expect(await screen.findByRole('cell', { name: 'Big win week' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Slot tips' })).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    // A published article offers "back to draft", a draft offers publishing.
    expect(screen.getByRole('button', { name: 'Back to draft: big-win-week' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish: big-win-week' })).toBeNull();

    const form = screen.getByRole('form', { name: 'New article' });
    fireEvent.change(within(form).getByLabelText(/^Id/), { target: { value: 'Spring-Cup' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'news' } });
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: 'Spring cup' } });
    fireEvent.change(within(form).getByLabelText('Title (Chinese)'), { target: { value: '春季杯' } });
    fireEvent.change(within(form).getByLabelText('Summary (English)'), {
      target: { value: 'The cup is on' },
    });
    fireEvent.change(within(form).getByLabelText('Media library'), {
      target: { value: '/media/blog/cover.svg' },
    });
    fireEvent.change(within(form).getByLabelText(/^Tags/), { target: { value: 'Sports, cup, sports' } });
    const text = within(form).getByRole('textbox', { name: 'Article text (English)' });
    text.innerHTML = '<p>Kick-off <b>Friday</b><script>alert(1)</script></p>';
    fireEvent.input(text);
    const preview = within(form).getByRole('region', { name: 'Preview (as sanitised for the player site)' });
    await waitFor(() => expect(preview.innerHTML).toContain('<b>Friday</b>'));
    expect(preview.innerHTML).not.toContain('script');
    fireEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('spring-cup is saved as a draft.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({
      command: 'articles',
      action: 'put',
      article: {
        id: 'spring-cup',
        kind: 'news',
        title: { EN: 'Spring cup', CN: '春季杯' },
        summary: { EN: 'The cup is on' },
        body: { EN: '<p>Kick-off <b>Friday</b><script>alert(1)</script></p>' },
        image: '/media/blog/cover.svg',
        tags: ['sports', 'cup'],
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Publish: spring-cup' }));
    expect(await screen.findByText('spring-cup is published.')).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith('Publish spring-cup on the player site now?');
    expect(commands(calls)).toContainEqual({ command: 'articles', action: 'publish', id: 'spring-cup' });
    expect(await screen.findByRole('button', { name: 'Back to draft: spring-cup' })).toBeTruthy();
  });

  it('edits a published article keeping its publish time, and takes another back to a draft', async () => {
    const calls = storedArticles();
    vi.stubGlobal('confirm', () => true);
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Blog and news' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: big-win-week' }));
    const form = await screen.findByRole('form', { name: 'Editing big-win-week' });
    expect((within(form).getByLabelText('Title (Chinese)') as HTMLInputElement).value).toBe('大奖周');
    expect((within(form).getByLabelText(/^Id/) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: 'Big win week 2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('big-win-week is live.')).toBeTruthy();
    expect(commands(calls)).toContainEqual(
      expect.objectContaining({
        action: 'put',
        article: expect.objectContaining({
          title: { EN: 'Big win week 2', CN: '大奖周' },
          publishAt: PUBLISHED_AT,
        }),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to draft: big-win-week' }));
    expect(await screen.findByText('big-win-week is a draft again.')).toBeTruthy();
    expect(commands(calls)).toContainEqual({ command: 'articles', action: 'unpublish', id: 'big-win-week' });
  });

  it('shows the server’s refusal and publishes nothing when the confirmation is declined', async () => {
    const calls = storedArticles({
      success: false,
      errorCode: 'ops.invalid',
      message: 'tags: lower-case letters',
    });
    vi.stubGlobal('confirm', () => false);
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Blog and news' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish: slot-tips' }));
    const form = screen.getByRole('form', { name: 'New article' });
    fireEvent.change(within(form).getByLabelText(/^Id/), { target: { value: 'x' } });
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: 'X' } });
    fireEvent.change(within(form).getByLabelText('Summary (English)'), { target: { value: 'Y' } });
    const text = within(form).getByRole('textbox', { name: 'Article text (English)' });
    text.innerHTML = '<p>x</p>';
    fireEvent.input(text);
    fireEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    expect((await screen.findByRole('alert')).textContent).toContain('tags: lower-case letters');
    expect(commands(calls).filter((c) => c.action === 'publish')).toEqual([]);
  });

  it('reads the tags field as lower-case tags without repeats', () => {
    expect(tagsOf(' Cup, ,cup ,Sports-2 ')).toEqual(['cup', 'sports-2']);
    expect(tagsOf('')).toEqual([]);
  });
});
