/** Image and launch CDNs are picked at random from the configured lists (spec §9). */
export function pickCdn(list: readonly string[], random: () => number = Math.random): string | null {
  if (list.length === 0) return null;
  return list[Math.floor(random() * list.length)] ?? list[0] ?? null;
}

const isAbsolute = (src: string) => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(src);

/** Prefixes a relative URL with a CDN origin; absolute and data URLs stay as they are. */
export function withCdn(src: string, cdn: string | null): string {
  if (!cdn || isAbsolute(src)) return src;
  return `${cdn.replace(/\/+$/, '')}/${src.replace(/^\/+/, '')}`;
}

let imageCdn: string | null = null;
let launchCdns: readonly string[] = [];

/** Picks this visit's image CDN once, so the browser cache stays warm. */
export function configureCdns(imageCdns: readonly string[], launchGameCdns: readonly string[]): void {
  imageCdn = pickCdn(imageCdns);
  launchCdns = launchGameCdns;
}

export const imageUrl = (src: string): string => withCdn(src, imageCdn);

/** A launch CDN, picked afresh per launch; null means launch from the same origin. */
export const pickLaunchCdn = (random?: () => number): string | null => pickCdn(launchCdns, random);
