import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ARTICLE_PAGE_SIZE,
  type ErrorCode,
  envelopeSchema,
  failureEnvelopeSchema,
  routes,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withArticleFile } from '../../ops/articles-cli.ts';
import { ManualClock } from '../../platform/clock.ts';
import { REPO_ROOT } from '../../platform/config.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';

const NOW = Date.parse('2026-11-27T00:00:00Z');
const listSchema = envelopeSchema(routes.articles.response);
const oneSchema = envelopeSchema(routes.article.response);

const draft = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'blog',
  title: { EN: `Title ${id}`, CN: `标题 ${id}` },
  summary: { EN: `About ${id}` },
  body: { EN: `<p>Body of ${id}</p>` },
  tags: ['test'],
  ...extra,
});

describe.each(engines)('blog and news on %s', (engine) => {
  const clock = new ManualClock(NOW);
  let t: TestApp;
  let configDir: string;

  const get = (url: string, language = 'EN') =>
    t.app.inject({ method: 'GET', url, headers: siteHeaders({ language }), remoteAddress: nextIp() });
  const list = async (query: string, language = 'EN') => {
    const res = await get(`${routes.articles.path}?${query}`, language);
    expect(res.statusCode, res.body).toBe(200);
    const body = listSchema.parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const one = async (kind: string, id: string, language = 'EN') => {
    const res = await get(`${routes.article.path}?kind=${kind}&id=${id}`, language);
    expect(res.statusCode, res.body).toBe(200);
    const body = oneSchema.parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const refused = async (url: string, status: number, code: ErrorCode) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const ops = (args: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { merchant: 'AURUM', actor: 'test', args: { command: 'articles', ...args } },
      remoteAddress: '127.0.0.1',
    });

  beforeAll(async () => {
    configDir = await mkdtemp(path.join(tmpdir(), 'aurum-articles-'));
    await cp(path.join(REPO_ROOT, 'config'), configDir, { recursive: true });
    t = await createTestApp(engine, { CONFIG_DIR: configDir }, { clock });
  });
  afterAll(async () => t.close());

  it('serves the seeded articles per kind, newest first, in the reader’s language', async () => {
    const blog = await list('kind=blog');
    expect(blog.content.map((a) => a.id)).toEqual([
      'how-to-verify-a-lottery-draw',
      'play-within-your-limits',
    ]);
    expect(blog.tags).toEqual(['fairness', 'lottery', 'responsible-gaming']);
    const news = await list('kind=news', 'CN');
    expect(news.content[0]).toMatchObject({
      id: 'scheduled-maintenance-december',
      title: '12月3日系统维护通知',
      image: '/media/banners/home-3.svg',
    });
    const post = await one('blog', 'play-within-your-limits', 'CN');
    expect(post.title).toBe('量力而行：让娱乐保持乐趣的五个习惯');
    expect(post.body).toContain('<ol>');
    // A language the article is not written in reads EN.
    expect((await one('blog', 'play-within-your-limits', 'JA')).title).toMatch(/^Play within/);
    // Filtered by tag; the article of the other kind is not found under this one.
    expect((await list('kind=blog&tag=lottery')).content.map((a) => a.id)).toEqual([
      'how-to-verify-a-lottery-draw',
    ]);
    await refused(`${routes.article.path}?kind=news&id=play-within-your-limits`, 404, 'article.not.found');
  });

  it('keeps drafts and future articles hidden until published, through the articles command', async () => {
    await opsCommand(t.app, { command: 'articles', action: 'put', article: draft('draft-one') });
    await opsCommand(t.app, {
      command: 'articles',
      action: 'put',
      article: draft('future-one', { publishAt: new Date(NOW + 3_600_000).toISOString() }),
    });
    const ids = async () => (await list('kind=blog&tag=test')).content.map((a) => a.id);
    expect(await ids()).toEqual([]);
    await refused(`${routes.article.path}?kind=blog&id=draft-one`, 404, 'article.not.found');
    await refused(`${routes.article.path}?kind=blog&id=future-one`, 404, 'article.not.found');
    const stored = (await opsCommand(t.app, { command: 'articles', action: 'list' })) as {
      id: string;
      status: string;
    }[];
    expect(stored.find((a) => a.id === 'draft-one')?.status).toBe('draft');
    expect(stored.find((a) => a.id === 'future-one')?.status).toBe('scheduled');
    clock.advance(3_600_000);
    expect(await ids()).toEqual(['future-one']);
    await opsCommand(t.app, { command: 'articles', action: 'publish', id: 'draft-one' });
    expect(await ids()).toEqual(['draft-one', 'future-one']);
    await opsCommand(t.app, { command: 'articles', action: 'unpublish', id: 'future-one' });
    expect(await ids()).toEqual(['draft-one']);
    await opsCommand(t.app, { command: 'articles', action: 'remove', id: 'draft-one' });
    await opsCommand(t.app, { command: 'articles', action: 'remove', id: 'future-one' });
    expect(await ids()).toEqual([]);
    const audit = await queryRows<{ n: string }>(
      t.db.database.db,
      "SELECT count(*)::text AS n FROM ops_audit WHERE action = 'articles'",
      [],
    );
    expect(Number(audit[0]!.n)).toBe(6);
  });

  it('sanitises the body an operator puts', async () => {
    await opsCommand(t.app, {
      command: 'articles',
      action: 'put',
      article: draft('with-script', {
        publishAt: new Date(NOW).toISOString(),
        body: { EN: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' },
      }),
    });
    const shown = (await opsCommand(t.app, { command: 'articles', action: 'show', id: 'with-script' })) as {
      body: { EN: string };
    };
    expect(shown.body.EN).not.toMatch(/script|onerror|onclick/);
    const served = await one('blog', 'with-script');
    expect(served.body).toContain('Hi');
    expect(served.body).not.toMatch(/script|onerror|onclick/);
    await opsCommand(t.app, { command: 'articles', action: 'remove', id: 'with-script' });
  });

  it('pages a list', async () => {
    for (let i = 0; i < ARTICLE_PAGE_SIZE + 2; i++) {
      await opsCommand(t.app, {
        command: 'articles',
        action: 'put',
        article: draft(`paged-${i}`, {
          tags: ['paged'],
          publishAt: new Date(NOW - i * 60_000).toISOString(),
        }),
      });
    }
    const first = await list('kind=blog&tag=paged');
    expect(first).toMatchObject({ total: ARTICLE_PAGE_SIZE + 2, totalPages: 2, pageNum: 1 });
    expect(first.content[0]!.id).toBe('paged-0');
    const second = await list('kind=blog&tag=paged&page=2');
    expect(second.content.map((a) => a.id)).toEqual([
      `paged-${ARTICLE_PAGE_SIZE}`,
      `paged-${ARTICLE_PAGE_SIZE + 1}`,
    ]);
  });

  it('refuses bad input and changes nothing', async () => {
    await refused(routes.articles.path, 400, 'request.invalid');
    await refused(`${routes.articles.path}?kind=blog&tag=Not%20A%20Tag`, 400, 'request.invalid');
    await refused(`${routes.articles.path}?kind=video`, 400, 'request.invalid');
    await refused(`${routes.article.path}?kind=blog&id=../etc`, 400, 'request.invalid');
    const before = await opsCommand(t.app, { command: 'articles', action: 'list' });
    for (const article of [
      draft('Bad Slug'),
      draft('no-kind', { kind: undefined }),
      draft('other-cdn', { image: 'https://elsewhere.example/a.png' }),
      draft('no-en', { title: { CN: '只有中文' } }),
    ]) {
      const res = await ops({ action: 'put', article });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await ops({ action: 'publish', id: 'missing' })).statusCode).toBe(400);
    expect((await ops({ action: 'publish', id: 'paged-0', at: 'tomorrow' })).statusCode).toBe(400);
    expect(await opsCommand(t.app, { command: 'articles', action: 'list' })).toEqual(before);
  });

  it('reloads the articles from config/ with reload-config', async () => {
    const file = path.join(configDir, 'content.json');
    const content = JSON.parse(await readFile(file, 'utf8'));
    content.articles = [draft('from-config', { kind: 'news', publishAt: '2026-11-01T00:00:00Z' })];
    await writeFile(file, JSON.stringify(content));
    await opsCommand(t.app, { command: 'reload-config' });
    expect((await list('kind=news')).content.map((a) => a.id)).toEqual(['from-config']);
    expect((await list('kind=blog')).total).toBe(0);
  });

  it('reads put’s article from a JSON file on the command line', async () => {
    const fail = (m: string): never => {
      throw new Error(m);
    };
    const args = await withArticleFile(
      { command: 'articles', action: 'put', file: 'a.json' },
      fail,
      async () => JSON.stringify(draft('cli-one')),
    );
    expect(args).toEqual({ command: 'articles', action: 'put', article: draft('cli-one') });
    await expect(
      withArticleFile({ command: 'articles', action: 'put', file: 'b.json' }, fail, async () => '[1]'),
    ).rejects.toThrow(/one article/);
    await expect(
      withArticleFile({ command: 'articles', action: 'put', file: 'c.json' }, fail, async () => '{'),
    ).rejects.toThrow(/as JSON/);
  });
});
