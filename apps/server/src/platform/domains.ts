import type { MerchantState } from './merchants.ts';

/**
 * The site addresses a merchant answers for: its main domain, its domain routes, and the host
 * this request reached (the one the site is being served from, X-Forwarded-Host only from
 * trusted proxies: a demo on localhost or a staging host). A page on any other domain that
 * calls the API (a copy of the site on a look-alike domain) is answered `domain_not_available`.
 */
export function isMerchantDomain(merchant: MerchantState, hostname: string, servedHost?: string): boolean {
  const name = hostname.trim().toLowerCase();
  if (!name) return false;
  if (servedHost && name === servedHost.toLowerCase()) return true;
  const { mainDomain, domainRoutes } = merchant.config;
  return name === mainDomain.toLowerCase() || domainRoutes.some((d) => d.domain.toLowerCase() === name);
}
