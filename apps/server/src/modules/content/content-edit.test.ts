import path from 'node:path';
import { contentConfigSchema, envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ManualClock } from '../../platform/clock.ts';
import { REPO_ROOT } from '../../platform/config.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { consoleCall, signedInOperator } from '../../testing/operators.ts';

const T0 = Date.UTC(2026, 10, 27, 3, 0, 0);
const content = (args: Record<string, unknown>) => ({ command: 'content', ...args });

describe.each(engines)('editing the stored content on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t?.close());

  const ops = (args: Record<string, unknown>) => opsCommand(t.app, content(args));
  const value = async <S extends z.ZodType>(schema: S, url: string, language = 'EN') => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: siteHeaders({ language }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (envelopeSchema(schema).parse(res.json()) as { value: z.output<S> }).value;
  };
  const slides = async (group: string, language = 'EN') =>
    (await value(routes.banners.response, `${routes.banners.path}?groupName=${group}`, language))[0]!.slides;
  const stored = async () => contentConfigSchema.parse(await ops({ action: 'export' }));
  const lastAudit = async () => {
    const [row] = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ actor: string; detail: Record<string, unknown>; before: unknown; after: unknown }>(
        `SELECT actor, detail, before_state AS before, after_state AS after FROM ops_audit
         WHERE action = 'content' ORDER BY id DESC LIMIT 1`,
      ),
    );
    return row;
  };
  /** A refused command: 400 ops.invalid, and the stored content is what it was. */
  const refused = async (args: Record<string, unknown>, message?: RegExp) => {
    const before = await stored();
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { merchant: DEMO_MERCHANT, actor: 'test', args: content(args) },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode, JSON.stringify(args)).toBe(400);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe('ops.invalid');
    if (message) expect(body.message).toMatch(message);
    expect(await stored()).toEqual(before);
  };

  it('exports what is stored in config/content.json’s shape', async () => {
    const seed = await readMerchantConfig(path.join(REPO_ROOT, 'config'));
    expect(await stored()).toEqual(seed.content);
  });

  it('lists the media library’s images as the paths a banner takes', async () => {
    const { images } = (await ops({ action: 'media' })) as { images: string[] };
    expect(images).toContain('/media/banners/home-1.svg');
    expect(images.every((i) => /^\/media\/[A-Za-z0-9_./-]+$/.test(i))).toBe(true);
  });

  it('adds, replaces, reorders and removes a banner, served at once in each language and audited', async () => {
    const spring = {
      action: 'banner',
      group: 'w_home',
      id: 'spring',
      image: '/media/banners/live.svg',
      title: { EN: 'Spring festival', CN: '春节活动' },
      text: { EN: 'Red envelopes every day.' },
      link: { linkageType: 'INTERNAL', target: '/promotions' },
      position: 0,
    };
    expect(await ops(spring)).toEqual({ action: 'banner', id: 'spring', replaced: false });
    expect((await slides('w_home')).map((s) => s.id)).toEqual([
      'spring',
      'home-welcome',
      'home-baccarat',
      'home-app',
    ]);
    expect((await slides('w_home', 'CN'))[0]).toMatchObject({
      title: '春节活动',
      text: 'Red envelopes every day.',
    });
    expect(await lastAudit()).toEqual({
      actor: 'break-glass:test',
      detail: { action: 'banner', id: 'spring', group: 'w_home' },
      before: null,
      after: {
        id: 'spring',
        image: '/media/banners/live.svg',
        title: { EN: 'Spring festival', CN: '春节活动' },
        text: { EN: 'Red envelopes every day.' },
        link: { linkageType: 'INTERNAL', target: '/promotions' },
      },
    });

    // Replacing keeps the slide's place whatever position is given.
    await ops({ ...spring, title: { EN: 'Spring' }, position: 3 });
    let served = await slides('w_home');
    expect(served.map((s) => s.id)[0]).toBe('spring');
    expect(served[0]?.title).toBe('Spring');
    expect((await lastAudit())?.before).toMatchObject({ title: { EN: 'Spring festival', CN: '春节活动' } });

    await ops({
      action: 'banner-order',
      group: 'w_home',
      ids: ['home-welcome', 'home-baccarat', 'home-app', 'spring'],
    });
    expect((await slides('w_home')).map((s) => s.id)).toEqual([
      'home-welcome',
      'home-baccarat',
      'home-app',
      'spring',
    ]);
    expect(await lastAudit()).toMatchObject({
      before: ['spring', 'home-welcome', 'home-baccarat', 'home-app'],
      after: ['home-welcome', 'home-baccarat', 'home-app', 'spring'],
    });

    // A window: not served before its start.
    await ops({ ...spring, startTime: new Date(T0 + 3_600_000).toISOString() });
    expect((await slides('w_home')).some((s) => s.id === 'spring')).toBe(false);
    clock.advance(3_600_000);
    expect((await slides('w_home')).some((s) => s.id === 'spring')).toBe(true);

    await ops({ action: 'banner-remove', group: 'w_home', id: 'spring' });
    served = await slides('w_home');
    expect(served.map((s) => s.id)).toEqual(['home-welcome', 'home-baccarat', 'home-app']);
    expect(await lastAudit()).toMatchObject({ before: { id: 'spring' }, after: null });
  });

  it('refuses bad banners and orders with 400 and stores nothing', async () => {
    const slide = { action: 'banner', group: 'w_home', id: 'x', image: '/media/banners/live.svg' };
    await refused({ ...slide, group: 'nowhere' });
    await refused({ ...slide, id: 'bad id!' });
    await refused({ ...slide, image: 'javascript:alert(1)' }, /image/);
    await refused({ ...slide, image: 'http://plain.example/a.png' });
    // An https image outside the merchant's image CDNs would be blocked by the site's CSP.
    await refused({ ...slide, image: 'https://elsewhere.example/a.png' }, /image CDNs \(none set\)/);
    await refused({ ...slide, link: { linkageType: 'EXTERNAL', target: 'javascript:alert(1)' } });
    await refused({ ...slide, link: { linkageType: 'INTERNAL', target: '//evil.example' } });
    await refused({ ...slide, title: { CN: '只有中文' } });
    await refused({ ...slide, startTime: '2026-12-02T00:00:00Z', endTime: '2026-12-01T00:00:00Z' }, /before/);
    await refused({ ...slide, colour: 'red' });
    await refused(
      { action: 'banner-order', group: 'w_home', ids: ['home-welcome', 'home-app'] },
      /each banner once/,
    );
    await refused({
      action: 'banner-order',
      group: 'w_home',
      ids: ['home-welcome', 'home-baccarat', 'home-app', 'home-app'],
    });
    await refused({ action: 'banner-remove', group: 'w_home', id: 'never-there' }, /no banner/);
  });

  it('edits the help centre: categories, sanitised articles, order and removal', async () => {
    await ops({ action: 'help-category', id: 'bonus', title: { EN: 'Bonuses', CN: '红利' }, position: 0 });
    // A category without articles is not served.
    let help = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN`);
    expect(help.map((c) => c.id)).not.toContain('bonus');
    await ops({
      action: 'help-article',
      category: 'bonus',
      id: 'wagering',
      title: { EN: 'What is wagering?', CN: '什么是流水？' },
      content: {
        EN: '<p onclick="x()">Play it <b>through</b><script>alert(1)</script></p>',
        CN: '<p>打码</p>',
      },
    });
    help = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN`);
    expect(help[0]).toEqual({
      id: 'bonus',
      title: 'Bonuses',
      articles: [{ id: 'wagering', title: 'What is wagering?', content: '<p>Play it <b>through</b></p>' }],
    });
    const cn = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=CN`);
    expect(cn[0]?.articles[0]).toMatchObject({ title: '什么是流水？', content: '<p>打码</p>' });
    // What is stored is sanitised too (the audit's after shows it).
    expect((await lastAudit())?.after).toMatchObject({ content: { EN: '<p>Play it <b>through</b></p>' } });

    // Renaming a category keeps its articles.
    await ops({ action: 'help-category', id: 'bonus', title: { EN: 'Bonuses and rebates' } });
    help = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN`);
    expect(help[0]).toMatchObject({ title: 'Bonuses and rebates', articles: [{ id: 'wagering' }] });

    const ids = (await stored()).helpCenter.map((c) => c.id);
    await ops({ action: 'help-order', ids: [...ids.slice(1), 'bonus'] });
    help = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN`);
    expect(help.at(-1)?.id).toBe('bonus');

    await ops({
      action: 'help-article',
      category: 'bonus',
      id: 'cashout',
      title: { EN: 'Cash out' },
      content: { EN: '<p>Any time.</p>' },
    });
    await ops({ action: 'help-order', category: 'bonus', ids: ['cashout', 'wagering'] });
    help = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN`);
    expect(help.at(-1)?.articles.map((a) => a.id)).toEqual(['cashout', 'wagering']);

    await refused(
      { action: 'help-article', category: 'nowhere', id: 'a', title: { EN: 'a' }, content: { EN: 'b' } },
      /no help category/,
    );
    await refused({
      action: 'help-article',
      category: 'bonus',
      id: 'a',
      title: { EN: 'a' },
      content: { EN: '<script>x</script>' },
    });
    await refused({ action: 'help-order', category: 'bonus', ids: ['cashout'] });
    await refused({ action: 'help-article-remove', category: 'bonus', id: 'never' });

    await ops({ action: 'help-article-remove', category: 'bonus', id: 'cashout' });
    await ops({ action: 'help-category-remove', id: 'bonus' });
    expect(await lastAudit()).toMatchObject({
      before: { id: 'bonus', articles: [{ id: 'wagering' }] },
      after: null,
    });
    help = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN`);
    expect(help.map((c) => c.id)).not.toContain('bonus');
    await refused({ action: 'help-category-remove', id: 'bonus' });
  });

  it('replaces the join and sponsor pages, served at once', async () => {
    const join = {
      action: 'page',
      page: 'join',
      image: '/media/banners/register.svg',
      title: { EN: 'Join us today', CN: '今天就加入' },
      text: { EN: 'One wallet for everything.', CN: '一个钱包，畅玩所有。' },
      link: { linkageType: 'INTERNAL', target: '/register' },
    };
    const before = (await stored()).join;
    await ops(join);
    let pages = await value(routes.sitePages.response, routes.sitePages.path, 'CN');
    expect(pages.join).toMatchObject({
      title: '今天就加入',
      image: '/media/banners/register.svg',
      cta: null,
    });
    expect(await lastAudit()).toMatchObject({ detail: { action: 'page', page: 'join' }, before });

    const count = (await stored()).sponsors.length;
    await ops({
      action: 'page',
      page: 'sponsor',
      index: 0,
      title: { EN: 'Our club' },
      text: { EN: 'Proud sponsor.' },
    });
    pages = await value(routes.sitePages.response, routes.sitePages.path, 'EN');
    expect(pages.sponsors).toHaveLength(count);
    expect(pages.sponsors[0]).toMatchObject({ title: 'Our club', image: null });

    await refused({ ...join, index: 1 }, /no index/);
    await refused({ action: 'page', page: 'sponsor', title: { EN: 'a' }, text: { EN: 'b' } }, /index/);
    await refused({ action: 'page', page: 'sponsor', index: 3, title: { EN: 'a' }, text: { EN: 'b' } });
    await refused({ ...join, image: 'file:///etc/passwd' });

    await ops({ action: 'page-remove', page: 'sponsor', index: 0 });
    pages = await value(routes.sitePages.response, routes.sitePages.path, 'EN');
    expect(pages.sponsors).toHaveLength(count - 1);
    await ops({ action: 'page-remove', page: 'join' });
    pages = await value(routes.sitePages.response, routes.sitePages.path, 'EN');
    expect(pages.join).toBeNull();
    await refused({ action: 'page-remove', page: 'join' }, /no join page/);
  });

  it('edits the home page’s marketing blocks, with the catalogue’s figures', async () => {
    const ids = (await stored()).marketing.map((m) => m.id);
    await ops({
      action: 'marketing',
      id: 'vip',
      title: { EN: 'VIP club', CN: 'VIP 俱乐部' },
      text: { EN: '{games} games, one VIP ladder' },
      link: { linkageType: 'INTERNAL', target: '/vip' },
      position: 0,
    });
    let pages = await value(routes.sitePages.response, routes.sitePages.path, 'CN');
    expect(pages.marketing[0]).toMatchObject({
      id: 'vip',
      title: 'VIP 俱乐部',
      text: '4 games, one VIP ladder',
    });
    await ops({ action: 'marketing-order', ids: [...ids, 'vip'] });
    pages = await value(routes.sitePages.response, routes.sitePages.path, 'EN');
    expect(pages.marketing.map((m) => m.id)).toEqual([...ids, 'vip']);
    await refused({ action: 'marketing-order', ids });
    await refused({ action: 'marketing', id: 'x', title: { EN: 'a' } });
    await ops({ action: 'marketing-remove', id: 'vip' });
    expect(await lastAudit()).toMatchObject({ before: { id: 'vip' }, after: null });
    pages = await value(routes.sitePages.response, routes.sitePages.path, 'EN');
    expect(pages.marketing.map((m) => m.id)).toEqual(ids);
    await refused({ action: 'marketing-remove', id: 'vip' }, /no marketing block/);
  });

  it('takes notices and announcements in EN and CN', async () => {
    await ops({
      action: 'announce',
      id: 'cn-popup',
      type: 'PU',
      execution: 'B',
      title: { EN: 'Double points', CN: '双倍积分' },
      text: { EN: '<p>All <b>week</b></p>', CN: '<p>整周<script>x()</script></p>' },
    });
    await ops({
      action: 'notice',
      id: 'cn-notice',
      title: { EN: 'Tonight', CN: '今晚' },
      text: { EN: 'Open', CN: '开放' },
    });
    const q = `${routes.announcements.path}?types=PU&execution=B`;
    const cn = await value(routes.announcements.response, q, 'CN');
    expect(cn.popup.content.find((a) => a.id === 'cn-popup')).toMatchObject({
      title: '双倍积分',
      content: '<p>整周</p>',
    });
    const en = await value(routes.announcements.response, q, 'EN');
    expect(en.popup.content.find((a) => a.id === 'cn-popup')).toMatchObject({ title: 'Double points' });
    const { list } = await value(routes.notices.response, routes.notices.path, 'CN');
    expect(list.find((n) => n.id === 'cn-notice')).toMatchObject({ title: '今晚', content: '开放' });
    const listed = (await ops({ action: 'list' })) as {
      announcements: { id: string; title: string; titles: unknown; texts: unknown }[];
    };
    expect(listed.announcements.find((a) => a.id === 'cn-popup')).toMatchObject({
      title: 'Double points',
      titles: { EN: 'Double points', CN: '双倍积分' },
      texts: { EN: '<p>All <b>week</b></p>', CN: '<p>整周</p>' },
    });
    await refused({ action: 'notice', id: 'x', title: { CN: '只有中文' }, text: 'a' });
    await ops({ action: 'remove', id: 'cn-popup' });
    await ops({ action: 'remove', id: 'cn-notice' });
  });

  it('sets a promotion’s image', async () => {
    const before = (await ops({ action: 'promotions' })) as {
      id: string;
      image: string;
      title: { EN: string };
    }[];
    expect(before.find((p) => p.id === 'welcome-bonus')).toMatchObject({
      image: '/media/promotions/welcome-bonus.svg',
      title: { EN: expect.any(String) },
    });
    await ops({ action: 'promo-image', promotion: 'welcome-bonus', image: '/media/banners/live.svg' });
    expect(
      ((await ops({ action: 'promotions' })) as typeof before).find((p) => p.id === 'welcome-bonus')?.image,
    ).toBe('/media/banners/live.svg');
    const list = await value(routes.promotionList.response, routes.promotionList.path);
    expect(list.promotions.find((p) => p.id === 'welcome-bonus')?.image).toBe('/media/banners/live.svg');
    expect(await lastAudit()).toMatchObject({
      detail: { action: 'promo-image', promotion: 'welcome-bonus' },
      before: { image: '/media/promotions/welcome-bonus.svg' },
      after: { image: '/media/banners/live.svg' },
    });
    await refused(
      { action: 'promo-image', promotion: 'nope', image: '/media/banners/live.svg' },
      /no promotion/,
    );
    await refused({ action: 'promo-image', promotion: 'welcome-bonus', image: 'https://x.example/a.png' });
  });
});

describe('content commands in the console', () => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { clock });
  });
  afterAll(async () => t?.close());

  it('lets a content operator publish a banner; a support operator is refused (403, nothing stored)', async () => {
    const editor = await signedInOperator(t, clock, 'cora', 'content');
    const support = await signedInOperator(t, clock, 'sam', 'support');
    const banner = content({ action: 'banner', group: 'login', id: 'new', image: '/media/banners/live.svg' });
    const refused = await consoleCall(t, 'command', { args: banner }, support);
    expect(refused.statusCode).toBe(403);
    const exported = async (cookie: string) =>
      (await consoleCall(t, 'command', { args: content({ action: 'export' }) }, cookie)).json().value;
    expect((await exported(editor)).banners.login.map((s: { id: string }) => s.id)).not.toContain('new');
    const done = await consoleCall(t, 'command', { args: banner }, editor);
    expect(done.statusCode, done.body).toBe(200);
    expect((await exported(editor)).banners.login.map((s: { id: string }) => s.id)).toContain('new');
    const [row] = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ actor: string }>(
        `SELECT actor FROM ops_audit WHERE action = 'content' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(row?.actor).toBe('cora');
  });
});
