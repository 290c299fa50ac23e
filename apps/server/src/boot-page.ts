import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BannerGroupValue, Brand, Language, Notice } from '@aurum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { banners, notices } from './modules/content/index.ts';
import { gameMenus } from './modules/games/index.ts';
import { sitePermission, systemStatus } from './modules/system/index.ts';
import type { Clock } from './platform/clock.ts';
import type { MerchantState, MerchantStore } from './platform/merchants.ts';
import { allowPageStyle } from './platform/security-headers.ts';

/** Only http(s) and site paths make a preload link; anything else is left to the page. */
const PRELOADABLE = /^(https?:\/\/|\/(?!\/))[^"<>\s]*$/;

/** The answers of GET /wps/banners and /wps/notices in each language the site offers (the page picks its own). */
function contentByLanguage(merchant: MerchantState, now: number) {
  const groups: Partial<Record<Language, BannerGroupValue[]>> = {};
  const marquee: Partial<Record<Language, { list: Notice[] }>> = {};
  for (const language of merchant.config.brand.supportLanguages) {
    groups[language] = banners(merchant.config.content, undefined, language, now);
    marquee[language] = notices(merchant.config.content, language, now);
  }
  return { banners: groups, notices: marquee };
}

/**
 * The home banner's first image: the largest paint of the home page, fetched with the page. Not
 * when the page will load it from an image CDN of its own choosing (a relative URL then gets a
 * CDN picked at random per visit, which the server cannot know).
 */
function homePreload(merchant: MerchantState, now: number, imageCdns: readonly string[]): string {
  const [group] = banners(merchant.config.content, 'w_home', merchant.config.brand.defaultLang, now);
  const url = group?.slides[0]?.url;
  if (!url || !PRELOADABLE.test(url)) return '';
  if (imageCdns.length && url.startsWith('/')) return '';
  return `<link rel="preload" as="image" href="${url.replace(/&/g, '&amp;')}" fetchpriority="high">`;
}

/** The web app's prerender module (`apps/web/src/app/prerender.tsx`, built to `dist-ssr/prerender.js`). */
interface PrerenderModule {
  homeLanguage(brand: Brand, hostname: string, acceptLanguage: string): string;
  prerenderHome(boot: object, lang: string): Promise<{ html: string; css: string; htmlLang: string }>;
}

interface HomeShell {
  /** The attributes `<html>` gets: the language the shell is in, for theme-init.js to check. */
  htmlAttributes: string;
  /** Stylesheets and the style block, for the head. */
  head: string;
  styleHash: string;
  body: string;
}

/**
 * A page never waits long for its home shell: a render not done by then (the first one after a
 * start or a content change) goes on in the background for the next visitors, and this visitor
 * gets the page the app renders itself.
 */
export const PRERENDER_WAIT_MS = 150;

/** The value of `promise` if it settles within `ms`, else null (the work goes on). */
export function within<T>(ms: number, promise: Promise<T | null>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Renders shells this many (merchant data × language) ways at most before forgetting the oldest. */
const SHELL_CACHE_SIZE = 32;

/**
 * The home page rendered ahead by the web app's own components (`app/prerender.tsx`), once per
 * language and content: the cache key is the data it renders from, so an operator's change (or a
 * banner's schedule) renders it afresh. Its CSS-module classes name the stylesheets of the lazily
 * loaded parts it shows, which the page then links in its head. Without the module (a build
 * without it, or one that fails), pages are served as before.
 */
function homeShells(webDist: string, prerenderFile: string) {
  let loading: Promise<PrerenderModule | null> | null = null;
  const load = () => {
    loading ??= existsSync(prerenderFile)
      ? (import(pathToFileURL(prerenderFile).href) as Promise<PrerenderModule>).catch(() => null)
      : Promise.resolve(null);
    return loading;
  };
  const assets = path.join(webDist, 'assets');
  const sheetOf = new Map<string, string>();
  if (existsSync(assets)) {
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.css'))) {
      for (const m of readFileSync(path.join(assets, file), 'utf8').matchAll(/\.(_[\w-]+)/g)) {
        if (m[1]) sheetOf.set(m[1], `/assets/${file}`);
      }
    }
  }
  const cache = new Map<string, Promise<HomeShell | null>>();

  const render = async (
    mod: PrerenderModule,
    boot: object,
    lang: string,
    linked: string,
  ): Promise<HomeShell | null> => {
    const { html, css, htmlLang } = await mod.prerenderHome(boot, lang);
    // Only a home page that rendered whole; an error panel is the app's own business.
    if (!html.includes('data-page="home"') || html.includes('role="alert"')) return null;
    const sheets = new Set<string>();
    for (const m of html.matchAll(/ class="([^"]*)"/g)) {
      for (const name of (m[1] ?? '').split(/\s+/)) {
        const sheet = sheetOf.get(name);
        if (sheet && !linked.includes(`href="${sheet}"`)) sheets.add(sheet);
      }
    }
    const links = [...sheets].map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
    return {
      htmlAttributes: ` lang="${htmlLang}" data-prerender="${lang}"`,
      head: `${links}<style>${css}</style>`,
      styleHash: `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`,
      // A picture of the page until the app takes its place: nothing in it answers a click or a
      // key yet, so it is inert and hidden from assistive technology (the app's page is not).
      body: `<div id="prerender" inert aria-hidden="true">${html}</div>`,
    };
  };

  const shellFor = async (
    data: {
      whitelabel: ReturnType<typeof sitePermission>;
      status: ReturnType<typeof systemStatus>;
    } & Record<string, unknown>,
    hostname: string,
    acceptLanguage: string,
    linked: string,
  ): Promise<HomeShell | null> => {
    const mod = await load();
    if (!mod) return null;
    const lang = mod.homeLanguage(data.whitelabel.info.brand, hostname, acceptLanguage);
    // The visitor's address (and its country) is no part of the home page: one render serves all.
    const boot = {
      ...data,
      status: { ...data.status, ip: '' },
      whitelabel: { ...data.whitelabel, location: { ...data.whitelabel.location, ip: '', country: '' } },
    };
    const key = `${lang}\0${createHash('sha256').update(JSON.stringify(boot)).digest('base64')}`;
    let shell = cache.get(key);
    if (!shell) {
      shell = render(mod, boot, lang, linked).catch(() => null);
      cache.set(key, shell);
      if (cache.size > SHELL_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    return shell;
  };
  // Loads the module when the server starts rather than on the first visit.
  return Object.assign(shellFor, { warm: load });
}

/**
 * Serves the web app's index.html with the start-up data (site permission data, system status
 * and game menus, exactly as their calls would answer) written in as a JSON data block, so the
 * first render waits for no API round trip; the banners and marquee notices (in each offered
 * language) come too, and the home page names its first banner image for preloading. A data block is
 * never executed, so the page's
 * Content-Security-Policy (no inline scripts) still holds; `<` is escaped so operator text can
 * never close the block. The home page itself comes rendered ahead (`homeShells`) when the site is
 * open, so its first paint waits for no script.
 */
export function createPageRenderer(
  webDist: string,
  store: MerchantStore,
  merchantCode: string,
  clock: Clock,
  prerenderFile = path.join(webDist, '..', 'dist-ssr', 'prerender.js'),
  /** How long a page waits for a render under way before it goes out without it. */
  prerenderWaitMs = PRERENDER_WAIT_MS,
) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const at = template.indexOf('</head>');
  const head = at >= 0 ? template.slice(0, at) : template;
  const rest = at >= 0 ? template.slice(at) : '';
  const shells = homeShells(webDist, prerenderFile);
  const dataFor = (merchant: MerchantState, ip: string, now: number) => ({
    whitelabel: sitePermission(merchant, ip),
    status: systemStatus(merchant, ip),
    gameMenus: merchant.features.has('COMM3') ? gameMenus(merchant.config) : null,
    ...contentByLanguage(merchant, now),
  });
  // The home page is rendered ahead once the server starts, in the language a visitor without a
  // preference gets: the first visitors after a start neither wait for that first (cold) render
  // nor load the app from a server busy with it.
  void (async () => {
    await shells.warm();
    const merchant = await store.get(merchantCode);
    if (!merchant) return;
    const data = dataFor(merchant, '', clock.now());
    if (data.status.status === 0) await shells(data, '', '', head);
  })().catch(() => undefined);

  return async (req: FastifyRequest, reply: FastifyReply) => {
    const merchant = await store.get(merchantCode);
    let html = template;
    if (merchant) {
      const now = clock.now();
      const data = dataFor(merchant, req.ip, now);
      const { whitelabel } = data;
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      const home = req.url === '/' || req.url.startsWith('/?');
      const preload = home ? homePreload(merchant, now, whitelabel.info.imageCDNs) : '';
      const shell =
        home && data.status.status === 0
          ? await within(
              prerenderWaitMs,
              shells(data, req.hostname, String(req.headers['accept-language'] ?? ''), head),
            )
          : null;
      html = `${head}${preload}<script type="application/json" id="boot-data">${json}</script>${rest}`;
      if (shell) {
        allowPageStyle(reply, shell.styleHash);
        html = html
          .replace(/<html lang="[^"]*"/, `<html${shell.htmlAttributes}`)
          .replace('</head>', `${shell.head}</head>`)
          .replace('<div id="root">', `${shell.body}<div id="root">`);
      }
    }
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
    }
    return reply.send(html);
  };
}
