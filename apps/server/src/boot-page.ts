import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BannerGroupValue, Language, Notice } from '@aurum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { banners, notices } from './modules/content/index.ts';
import { gameMenus } from './modules/games/index.ts';
import { sitePermission, systemStatus } from './modules/system/index.ts';
import type { Clock } from './platform/clock.ts';
import type { MerchantState, MerchantStore } from './platform/merchants.ts';

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

/**
 * Serves the web app's index.html with the start-up data (site permission data, system status
 * and game menus, exactly as their calls would answer) written in as a JSON data block, so the
 * first render waits for no API round trip; the banners and marquee notices (in each offered
 * language) come too, and the home page names its first banner image for preloading. A data block is
 * never executed, so the page's
 * Content-Security-Policy (no inline scripts) still holds; `<` is escaped so operator text can
 * never close the block.
 */
export function createPageRenderer(
  webDist: string,
  store: MerchantStore,
  merchantCode: string,
  clock: Clock,
) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const at = template.indexOf('</head>');
  const head = at >= 0 ? template.slice(0, at) : template;
  const rest = at >= 0 ? template.slice(at) : '';

  return async (req: FastifyRequest, reply: FastifyReply) => {
    const merchant = await store.get(merchantCode);
    let html = template;
    if (merchant) {
      const now = clock.now();
      const whitelabel = sitePermission(merchant, req.ip);
      const data = {
        whitelabel,
        status: systemStatus(merchant, req.ip),
        gameMenus: merchant.features.has('COMM3') ? gameMenus(merchant.config) : null,
        ...contentByLanguage(merchant, now),
      };
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      const preload =
        req.url === '/' || req.url.startsWith('/?')
          ? homePreload(merchant, now, whitelabel.info.imageCDNs)
          : '';
      html = `${head}${preload}<script type="application/json" id="boot-data">${json}</script>${rest}`;
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
