import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gameMenus } from './modules/games/service.ts';
import { sitePermission, systemStatus } from './modules/system/service.ts';
import type { MerchantStore } from './platform/merchants.ts';

/**
 * Serves the web app's index.html with the start-up data (site permission data, system status
 * and game menus, exactly as their calls would answer) written in as a JSON data block, so the
 * first render waits for no API round trip. A data block is never executed, so the page's
 * Content-Security-Policy (no inline scripts) still holds; `<` is escaped so operator text can
 * never close the block.
 */
export function createPageRenderer(webDist: string, store: MerchantStore, merchantCode: string) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const at = template.indexOf('</head>');
  const head = at >= 0 ? template.slice(0, at) : template;
  const rest = at >= 0 ? template.slice(at) : '';

  return async (req: FastifyRequest, reply: FastifyReply) => {
    const merchant = await store.get(merchantCode);
    let html = template;
    if (merchant) {
      const data = {
        whitelabel: sitePermission(merchant, req.ip),
        status: systemStatus(merchant, req.ip),
        gameMenus: merchant.features.has('COMM3') ? gameMenus(merchant.config) : null,
      };
      const json = JSON.stringify(data).replace(/</g, '\\u003c');
      html = `${head}<script type="application/json" id="boot-data">${json}</script>${rest}`;
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
