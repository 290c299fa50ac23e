import { BlockList, isIP } from 'node:net';
import geoip from 'geoip-country';

/** IPv4-mapped IPv6 addresses ("::ffff:1.2.3.4") are treated as the IPv4 address they carry. */
export function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** The addresses looked up lately: a visitor asks several calls in a row (the page's start-up). */
const recentCountries = new Map<string, string | null>();
const RECENT_COUNTRIES_MAX = 10_000;

/**
 * Two-letter country of an address from the bundled GeoIP database (updated with the package,
 * loaded once per process), remembered for the addresses seen lately.
 */
export function countryOf(ip: string): string | null {
  const address = normaliseIp(ip);
  const known = recentCountries.get(address);
  if (known !== undefined) return known;
  const country = geoip.lookup(address)?.country ?? null;
  if (recentCountries.size >= RECENT_COUNTRIES_MAX) recentCountries.clear();
  recentCountries.set(address, country);
  return country;
}

/**
 * Parses "1.2.3.4", "10.0.0.0/8" or "2001:db8::/32" into a BlockList; throws on the first bad
 * entry, naming it.
 */
export function buildBlockList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of ranges) {
    const [addr = '', prefixText] = entry.split('/');
    const family = isIP(addr);
    if (!family) throw new Error(`not an IP address or range: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(addr, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`not an IP address or range: ${entry}`);
    }
    list.addSubnet(addr, prefix, type);
  }
  return list;
}

export function inBlockList(list: BlockList, ip: string): boolean {
  const addr = normaliseIp(ip);
  const family = isIP(addr);
  if (!family) return false;
  return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}
