import type { Article, Articles } from '@aurum/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import { ArticlePage } from './article-page';
import { ArticlesPage } from './articles-page';

configure({ asyncUtilTimeout: 5000 });

const summary = {
  id: 'play-within-your-limits',
  kind: 'blog' as const,
  title: 'Play within your limits',
  summary: 'Set a budget before you play.',
  image: '/media/banners/help.svg',
  tags: ['responsible-gaming'],
  publishedAt: Date.parse('2026-10-02T02:00:00Z'),
};

describe('blog pages', () => {
  it('lists the published articles with their tags and links to each', async () => {
    const list: Articles = {
      content: [summary],
      pageNum: 1,
      totalPages: 1,
      total: 1,
      tags: ['responsible-gaming'],
    };
    const server = fakeServer({ 'GET /wps/articles': () => ok(list) });
    renderWithApp(<ArticlesPage kind="blog" />);
    const link = await screen.findByRole('link', { name: 'Play within your limits' });
    expect(link.getAttribute('href')).toBe('/blog/play-within-your-limits');
    expect(screen.getByRole('link', { name: '#responsible-gaming' }).getAttribute('href')).toBe(
      '/blog?tag=responsible-gaming',
    );
    expect(server.callsTo('GET', '/wps/articles')[0]!.query.get('kind')).toBe('blog');
  });

  it('shows an article with its title in the page title, and says when there is none', async () => {
    const article: Article = { ...summary, body: '<p>Decide your budget first.</p>' };
    fakeServer({ 'GET /wps/articles/one': () => ok(article) });
    const view = renderWithApp(<ArticlePage kind="blog" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Play within your limits' })).toBeTruthy();
    expect(await screen.findByText('Decide your budget first.')).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Play within your limits'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Set a budget before you play.',
    );
    expect(screen.getByRole('button', { name: 'Copy the link to this article' })).toBeTruthy();
    view.unmount();
    fakeServer({ 'GET /wps/articles/one': () => fail(404, 'article.not.found') });
    renderWithApp(<ArticlePage kind="news" />);
    expect(await screen.findByText('This article does not exist or is no longer published.')).toBeTruthy();
  });
});
