import { isMerchantDomain } from '../../platform/domains.ts';
import type { MerchantState } from '../../platform/merchants.ts';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** "host:port" of an http(s) origin, lower case, without a default port; null when unreadable. */
function originHost(origin: string | undefined): { host: string; hostname: string } | null {
  if (!origin) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { host: url.host.toLowerCase(), hostname: url.hostname.toLowerCase() };
}

function withoutDefaultPort(host: string): string {
  const lower = host.toLowerCase();
  for (const port of Object.values(DEFAULT_PORTS)) {
    if (lower.endsWith(`:${port}`)) return lower.slice(0, -(port.length + 1));
  }
  return lower;
}

/**
 * The page that opens the socket is served by this very host (the Host the proxies tell us,
 * X-Forwarded-Host only from trusted ones): the usual case, dev proxy included.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  const from = originHost(origin);
  return !!from && !!host && from.host === withoutDefaultPort(host);
}

/** The page is on one of the merchant's own domains (its API may live on another host). */
export function isMerchantOrigin(origin: string | undefined, merchant: MerchantState): boolean {
  const from = originHost(origin);
  return !!from && isMerchantDomain(merchant, from.hostname);
}

/** Browsers always send an Origin with a WebSocket handshake; a page on another site is refused. */
export const hasReadableOrigin = (origin: string | undefined) => originHost(origin) !== null;
