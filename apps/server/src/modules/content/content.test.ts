import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ANNOUNCEMENT_PAGE_SIZE,
  BANNER_GROUPS,
  CONTENT_MAX_HTML_CHARS,
  type ContentConfig,
  contentConfigSchema,
  envelopeSchema,
  failureEnvelopeSchema,
  routes,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ManualClock } from '../../platform/clock.ts';
import { REPO_ROOT } from '../../platform/config.ts';
import { MAX_HTML_CHARS } from '../../platform/html.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import { createTestApp, engines, nextIp, opsCommand, siteHeaders, type TestApp } from '../../testing/app.ts';
import { addMember } from '../games/testing.ts';

/**
 * The popup announcements of these tests, in place of the demo's own welcome popup (it is checked
 * on its own below).
 */
const POPUPS = [
  {
    id: 'pu-visitor',
    type: 'PU',
    execution: 'B',
    title: {
      EN: 'Welcome to Aurum',
      CN: '欢迎来到 Aurum',
    },
    content: {
      EN: '<p>Create a free account to play every game with one wallet.</p><ul><li>Try games in free play before you deposit.</li><li>Members get promotions, points and VIP ranks.</li></ul>',
      CN: '<p>注册免费账户，一个钱包畅玩所有游戏。</p><ul><li>充值前可先试玩游戏。</li><li>会员尊享优惠、积分与VIP等级。</li></ul>',
    },
    startTime: '2026-01-01T00:00:00Z',
  },
  {
    id: 'pu-member',
    type: 'PU',
    execution: 'A',
    title: {
      EN: 'Member notice: maintenance on 30 November',
      CN: '会员通知：11月30日维护',
    },
    content: {
      EN: '<p>The site will be under maintenance on <strong>30 November, 02:00–04:00 UTC</strong>. Please finish open games before it starts.</p>',
      CN: '<p>本站将于<strong>11月30日 02:00–04:00（UTC）</strong>维护，请在开始前完成进行中的游戏。</p>',
    },
    startTime: '2026-11-20T00:00:00Z',
  },
  {
    id: 'pu-member-security',
    type: 'PU',
    execution: 'A',
    title: {
      EN: 'Set your withdrawal password',
      CN: '设置提款密码',
    },
    content: {
      EN: '<p>A withdrawal password protects every withdrawal. Set it in the member centre under <em>Security</em>.</p>',
      CN: '<p>提款密码保护您的每一笔提款。请在会员中心的<em>安全设置</em>中设置。</p>',
    },
    startTime: '2026-11-10T00:00:00Z',
  },
  {
    id: 'pu-first',
    type: 'PU',
    execution: 'F',
    title: {
      EN: 'Welcome aboard!',
      CN: '欢迎加入！',
    },
    content: {
      EN: '<p>Thank you for joining. Start with a deposit in the cashier, or explore the games in free play.</p>',
      CN: '<p>感谢您的加入。您可以在收银台充值，或先试玩探索游戏。</p>',
    },
    startTime: '2026-01-01T00:00:00Z',
  },
] satisfies ContentConfig['announcements'];

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const DANGER = [/<script/i, /\son\w+=/i, /javascript:/i, /<iframe/i, /<style/i];

describe('content configuration', () => {
  it('uses the same HTML limit as the server sanitiser', () => {
    expect(CONTENT_MAX_HTML_CHARS).toBe(MAX_HTML_CHARS);
  });

  it('refuses oversized HTML, unknown groups, bad links and reversed windows', () => {
    const base = { EN: 'x' };
    const announcement = {
      id: 'a',
      type: 'PU',
      execution: 'B',
      title: base,
      content: { EN: 'y'.repeat(CONTENT_MAX_HTML_CHARS + 1) },
      startTime: '2026-01-01T00:00:00Z',
    };
    expect(contentConfigSchema.safeParse({ announcements: [announcement] }).success).toBe(false);
    expect(
      contentConfigSchema.safeParse({
        announcements: [{ ...announcement, content: { EN: 'y'.repeat(CONTENT_MAX_HTML_CHARS) } }],
      }).success,
    ).toBe(true);
    expect(contentConfigSchema.safeParse({ banners: { nowhere: [] } }).success).toBe(false);
    const slide = (link: unknown, extra = {}) => ({
      banners: { w_home: [{ id: 's', image: '/media/banners/home-1.svg', link, ...extra }] },
    });
    expect(contentConfigSchema.safeParse(slide({ linkageType: 'INTERNAL', target: '/live' })).success).toBe(
      true,
    );
    expect(
      contentConfigSchema.safeParse(slide({ linkageType: 'INTERNAL', target: '//evil.example' })).success,
    ).toBe(false);
    expect(
      contentConfigSchema.safeParse(slide({ linkageType: 'EXTERNAL', target: 'javascript:alert(1)' }))
        .success,
    ).toBe(false);
    expect(
      contentConfigSchema.safeParse(slide({ linkageType: 'EXTERNAL', target: 'http://x.example' })).success,
    ).toBe(false);
    expect(
      contentConfigSchema.safeParse(
        slide(
          { linkageType: 'NONE' },
          { startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' },
        ),
      ).success,
    ).toBe(false);
  });

  it('the demo content has live slides in every group and EN and CN texts', async () => {
    const config = await readMerchantConfig(path.join(REPO_ROOT, 'config'));
    for (const group of BANNER_GROUPS)
      expect(config.content.banners[group]?.length, group).toBeGreaterThan(0);
    for (const n of config.content.notices) expect(n.title.CN).toBeTruthy();
    for (const c of config.content.helpCenter) for (const a of c.articles) expect(a.content.CN).toBeTruthy();
  });
});

describe.each(engines)('content calls on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let configDir: string;

  const call = async (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: siteHeaders(headers), remoteAddress: nextIp() });
  const value = async <S extends z.ZodType>(schema: S, url: string, headers: Record<string, string> = {}) => {
    const res = await call(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = envelopeSchema(schema).parse(res.json()) as
      | { success: true; value: z.output<S> }
      | { success: false };
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const refused = async (url: string, code = 'request.invalid') => {
    const res = await call(url);
    expect(res.statusCode).toBe(400);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const reloadWith = async (edit: (content: ContentConfig) => void) => {
    const file = path.join(configDir, 'content.json');
    const content = JSON.parse(await readFile(path.join(REPO_ROOT, 'config', 'content.json'), 'utf8'));
    content.announcements = content.announcements.filter((a: { type: string }) => a.type !== 'PU');
    content.announcements.push(...structuredClone(POPUPS));
    edit(content);
    await writeFile(file, JSON.stringify(content));
    return opsCommand(t.app, { command: 'reload-config' });
  };

  beforeAll(async () => {
    configDir = await mkdtemp(path.join(tmpdir(), 'aurum-content-'));
    await cp(path.join(REPO_ROOT, 'config'), configDir, { recursive: true });
    t = await createTestApp(engine, { CONFIG_DIR: configDir }, { clock });
    await reloadWith(() => {});
  });
  afterAll(async () => {
    await t?.close();
    await rm(configDir, { recursive: true, force: true });
  });

  it('serves one banner group in the request language, with its links', async () => {
    const [group] = await value(routes.banners.response, `${routes.banners.path}?groupName=w_home`);
    expect(group?.groupName).toBe('w_home');
    expect(group?.slides.map((s) => s.id)).toEqual(['home-welcome', 'home-baccarat', 'home-app']);
    expect(group?.slides[0]).toMatchObject({
      url: '/media/banners/home-1.svg',
      title: 'Welcome to Aurum',
      link: { linkageType: 'INTERNAL', target: '/promotions' },
    });
    expect(group?.slides[1]?.link).toEqual({ linkageType: 'GAME', vassalage: 'AURL', gameCode: 'baccarat' });
    // The Imperial Baccarat slide shows baccarat art (a card table), not the slot machine's.
    expect(group?.slides[1]).toMatchObject({
      title: 'Imperial Baccarat',
      url: '/media/banners/baccarat.svg',
    });
    const art = await readFile(
      new URL('../../../../../config/media/banners/baccarat.svg', import.meta.url),
      'utf8',
    );
    expect(art).toContain('<title id="bn-baccarat-t">Baccarat</title>');
    const [cn] = await value(routes.banners.response, `${routes.banners.path}?groupName=w_home`, {
      language: 'CN',
    });
    expect(cn?.slides[0]?.title).toBe('欢迎来到 Aurum');
  });

  it('serves every group in one call and leaves out slides outside their window', async () => {
    const all = await value(routes.banners.response, routes.banners.path);
    expect(all.map((g) => g.groupName)).toEqual([...BANNER_GROUPS]);
    const promotions = all.find((g) => g.groupName === 'promotions');
    expect(promotions?.slides.map((s) => s.id)).toEqual(['promo-main']);
  });

  it('refuses an unknown group and unknown query keys', async () => {
    await refused(`${routes.banners.path}?groupName=nowhere`);
    await refused(`${routes.banners.path}?group=w_home`);
  });

  it('lists the notices newest first with their dates', async () => {
    const { list } = await value(routes.notices.response, routes.notices.path, { language: 'CN' });
    expect(list.map((n) => n.id)).toEqual(['n-maintenance', 'n-security', 'n-baccarat']);
    expect(list[0]?.title).toBe('11月30日系统例行维护');
    expect(new Date(list[0]!.date).toISOString().slice(0, 10)).toBe('2026-11-20');
    await refused(`${routes.notices.path}?x=1`);
  });

  it('gives visitors only B announcements, even when they ask for A or F', async () => {
    const q = `${routes.announcements.path}?types=B,PL,PU,PR&platform=W`;
    const visitor = await value(routes.announcements.response, `${q}&execution=B`);
    expect(visitor.execution).toBe('B');
    expect(visitor.popup.content.map((a) => a.id)).toEqual(['pu-visitor']);
    expect(visitor.banners.content.map((a) => a.id)).toEqual(['b-visitor']);
    expect(visitor.popup.content[0]?.startDateStr).toBe('2026-01-01 00:00:00');
    for (const execution of ['A', 'F']) {
      const asked = await value(routes.announcements.response, `${q}&execution=${execution}`);
      expect(asked.execution).toBe('B');
      expect(asked.popup.content.every((a) => a.execution === 'B')).toBe(true);
      const forged = await value(routes.announcements.response, `${q}&execution=${execution}`, {
        authorization: 'not-a-token',
      });
      expect(forged.execution).toBe('B');
    }
  });

  it('gives members A and F announcements, newest first, grouped by type', async () => {
    const member = await addMember(t.app, t.db.database);
    const q = `${routes.announcements.path}?types=B,PL,PU,PR&platform=W`;
    const a = await value(routes.announcements.response, `${q}&execution=A`, { authorization: member.token });
    expect(a.execution).toBe('A');
    expect(a.popup.content.map((x) => x.id)).toEqual(['pu-member', 'pu-member-security']);
    expect(a.player.content.map((x) => x.id)).toEqual(['pl-member']);
    expect(a.promotion.content[0]).toMatchObject({ id: 'pr-member', promotionType: 'REBATE' });
    expect(a.banners.total).toBe(0);
    const f = await value(routes.announcements.response, `${q}&execution=F`, { authorization: member.token });
    expect(f.popup.content.map((x) => x.id)).toEqual(['pu-first']);
    const onlyPopup = await value(
      routes.announcements.response,
      `${routes.announcements.path}?types=PU&execution=A`,
      {
        authorization: member.token,
      },
    );
    expect(onlyPopup.popup.total).toBe(2);
    expect(onlyPopup.player.total).toBe(0);
  });

  it('refuses bad types, platform, execution and pages', async () => {
    const p = routes.announcements.path;
    await refused(`${p}?execution=Z`);
    await refused(`${p}?types=B,XX`);
    await refused(`${p}?platform=H`);
    await refused(`${p}?page=0`);
    await refused(`${p}?page=abc`);
    await refused(`${p}?page=1001`);
    const beyond = await value(routes.announcements.response, `${p}?page=5`);
    expect(beyond.popup).toMatchObject({ content: [], pageNum: 5, total: 1, totalPages: 1 });
  });

  it('serves the help centre per language, falling back to EN', async () => {
    const en = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN&device=WEB`);
    expect(en.map((c) => c.id)).toEqual(['deposits', 'withdrawals', 'security', 'games', 'responsible']);
    expect(en[0]?.articles[0]?.title).toBe('How do I deposit?');
    const cn = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=CN&device=WEB`);
    expect(cn[0]?.articles[0]?.title).toBe('如何充值？');
    // JA is not a language of the demo merchant: the request's language (EN) answers.
    const ja = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=JA`);
    expect(ja[0]?.title).toBe('Deposits');
    await refused(`${routes.helpCenter.path}?lang=EN&device=TV`);
    await refused(`${routes.helpCenter.path}?lang=english`);
  });

  it('ships a welcome popup for visitors, in EN and CN', async () => {
    const demo = JSON.parse(await readFile(path.join(REPO_ROOT, 'config', 'content.json'), 'utf8'));
    const welcome = demo.announcements.find((a: { id: string }) => a.id === 'pu-welcome');
    expect(welcome).toMatchObject({ type: 'PU', execution: 'B' });
    expect(welcome.title.EN).toBe('Welcome to Aurum');
    expect(welcome.title.CN).toBe('欢迎来到 Aurum');
    expect(welcome.content.CN).toContain('<p>');
  });

  it('serves the join, sponsor and marketing texts', async () => {
    const pages = await value(routes.sitePages.response, routes.sitePages.path, { language: 'CN' });
    expect(pages.join?.title).toBe('加入 Aurum');
    expect(pages.sponsors).toHaveLength(3);
    expect(pages.marketing.map((m) => m.id)).toEqual(['providers', 'free-play', 'one-wallet']);
    // Figures come from the catalogue: the vendors with a game that plays (AURX, AURL) and those games.
    expect(pages.marketing[0]?.title).toBe('2 家供应商的 4 款游戏');
    const en = await value(routes.sitePages.response, routes.sitePages.path, { language: 'EN' });
    expect(en.marketing[0]?.title).toBe('4 games from 2 providers');
  });

  it('never serves script-laden operator HTML', async () => {
    await reloadWith((c) => {
      c.announcements.find((a) => a.id === 'pu-visitor')!.content.EN =
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><script>alert(1)</script><iframe src="https://evil.example"></iframe><style>p{}</style><a href="https://ok.example">ok</a></p>';
      c.helpCenter[0]!.articles[0]!.content.EN =
        '<p>Deposit</p><script>document.cookie</script><b onmouseover="x()">b</b>';
    });
    const a = await value(routes.announcements.response, `${routes.announcements.path}?types=PU&execution=B`);
    const html = a.popup.content[0]!.content;
    for (const bad of DANGER) expect(html).not.toMatch(bad);
    expect(html).toContain('Hi');
    expect(html).toContain('href="https://ok.example"');
    expect(html).toContain('rel="noopener noreferrer"');
    const help = await value(routes.helpCenter.response, `${routes.helpCenter.path}?lang=EN`);
    const article = help[0]!.articles[0]!.content;
    for (const bad of DANGER) expect(article).not.toMatch(bad);
    expect(article).toBe('<p>Deposit</p><b>b</b>');
  });

  it('refuses a reload with oversized HTML and keeps the content it had', async () => {
    await reloadWith((c) => {
      c.notices[0]!.title.EN = 'A new notice title';
    });
    await expect(
      reloadWith((c) => {
        c.notices[0]!.title.EN = 'Should not be stored';
        c.announcements[0]!.content.EN = `<p>${'x'.repeat(CONTENT_MAX_HTML_CHARS)}</p>`;
      }),
    ).rejects.toThrow(/ops failed/);
    // What the operator sees: the reason, from the same validation the reload runs.
    await expect(readMerchantConfig(configDir)).rejects.toThrow(/HTML longer than/);
    const { list } = await value(routes.notices.response, routes.notices.path);
    expect(list[0]?.title).toBe('A new notice title');
  });

  it('shows a content change after reload-config without a restart', async () => {
    await reloadWith((c) => {
      c.banners.w_home = [c.banners.w_home![2]!];
      c.banners.w_home[0]!.startTime = new Date(T0 + 60_000).toISOString();
    });
    let [group] = await value(routes.banners.response, `${routes.banners.path}?groupName=w_home`);
    expect(group?.slides).toHaveLength(0);
    clock.advance(120_000);
    [group] = await value(routes.banners.response, `${routes.banners.path}?groupName=w_home`);
    expect(group?.slides.map((s) => s.id)).toEqual(['home-app']);
    expect(ANNOUNCEMENT_PAGE_SIZE).toBe(8);
  });
  it('the content operator command adds, replaces and removes notices and announcements', async () => {
    await reloadWith(() => {});
    await opsCommand(t.app, {
      command: 'content',
      action: 'notice',
      id: 'ops-n',
      title: 'Tonight',
      text: 'A',
    });
    let { list } = await value(routes.notices.response, routes.notices.path);
    expect(list[0]).toMatchObject({ id: 'ops-n', title: 'Tonight', content: 'A' });
    await opsCommand(t.app, {
      command: 'content',
      action: 'notice',
      id: 'ops-n',
      title: 'Tomorrow',
      text: 'B',
    });
    ({ list } = await value(routes.notices.response, routes.notices.path));
    expect(list.filter((n) => n.id === 'ops-n').map((n) => n.title)).toEqual(['Tomorrow']);

    const answer = await opsCommand(t.app, {
      command: 'content',
      action: 'announce',
      id: 'ops-a',
      type: 'PU',
      execution: 'B',
      title: 'Flash',
      text: '<p>Now<script>alert(1)</script></p>',
    });
    expect(answer).toMatchObject({ action: 'announce', id: 'ops-a', replaced: false });
    const a = await value(routes.announcements.response, `${routes.announcements.path}?types=PU&execution=B`);
    expect(a.popup.content[0]).toMatchObject({ id: 'ops-a', title: 'Flash', content: '<p>Now</p>' });
    // The console reads what is stored: the sanitised HTML, as the player site serves it.
    const stored = (await opsCommand(t.app, { command: 'content', action: 'list' })) as {
      notices: { id: string; title: string; text: string }[];
      announcements: { id: string; type: string; execution: string; text: string }[];
    };
    expect(stored.notices.find((n) => n.id === 'ops-n')).toMatchObject({ title: 'Tomorrow', text: 'B' });
    expect(stored.announcements.find((x) => x.id === 'ops-a')).toMatchObject({
      type: 'PU',
      execution: 'B',
      text: '<p>Now</p>',
    });
    await expect(opsCommand(t.app, { command: 'content', action: 'list', id: 'x' })).rejects.toThrow(
      /ops.invalid/,
    );

    await opsCommand(t.app, { command: 'content', action: 'remove', id: 'ops-a' });
    await opsCommand(t.app, { command: 'content', action: 'remove', id: 'ops-n' });
    const after = await value(
      routes.announcements.response,
      `${routes.announcements.path}?types=PU&execution=B`,
    );
    expect(after.popup.content.map((x) => x.id)).toEqual(['pu-visitor']);
    ({ list } = await value(routes.notices.response, routes.notices.path));
    expect(list.some((n) => n.id === 'ops-n')).toBe(false);

    await expect(opsCommand(t.app, { command: 'content', action: 'remove', id: 'ops-a' })).rejects.toThrow(
      /ops.invalid/,
    );
    await expect(
      opsCommand(t.app, {
        command: 'content',
        action: 'announce',
        id: 'x',
        execution: 'Z',
        title: 'a',
        text: 'b',
      }),
    ).rejects.toThrow(/ops.invalid/);
    await expect(
      opsCommand(t.app, { command: 'content', action: 'notice', id: 'bad id!', title: 'a', text: 'b' }),
    ).rejects.toThrow(/ops.invalid/);
  });
});
