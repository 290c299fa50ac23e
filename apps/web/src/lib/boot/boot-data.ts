import type {
  BannerGroupValue,
  GameMenu,
  Language,
  Notice,
  SitePermission,
  SystemStatus,
} from '@aurum/contract';

/**
 * The server writes the start-up data (site permission data, system status, game menus, banners, notices) into the
 * page it serves, as a JSON data block, so the first render needs no extra round trips. The
 * queries take it as initial data; without it (a static copy of index.html) they fetch as usual.
 */
export interface BootData {
  whitelabel?: SitePermission;
  status?: SystemStatus;
  gameMenus?: GameMenu[] | null;
  /** GET /wps/banners as answered in each language the site offers. */
  banners?: Partial<Record<Language, BannerGroupValue[]>>;
  /** GET /wps/notices as answered in each language the site offers. */
  notices?: Partial<Record<Language, { list: Notice[] }>>;
}

let cached: BootData | null = null;
let readAt = 0;

export function bootData(): BootData {
  if (cached) return cached;
  cached = {};
  readAt = Date.now();
  const el = typeof document === 'undefined' ? null : document.getElementById('boot-data');
  if (el?.textContent) {
    try {
      const parsed: unknown = JSON.parse(el.textContent);
      if (parsed && typeof parsed === 'object') cached = parsed as BootData;
    } catch {
      // A damaged block is ignored: the queries fetch instead.
    }
  }
  return cached;
}

/** When the boot data was read, for the queries' initialDataUpdatedAt. */
export const bootDataReadAt = () => {
  bootData();
  return readAt;
};

/** The data the server's prerender of the home page renders with (it has no page to read). */
export function provideBootData(data: BootData): void {
  cached = data;
  readAt = Date.now();
}

/** For tests. */
export function resetBootData(): void {
  cached = null;
}
