import type { BannerGroup, Execution, GameType } from '@aurum/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../api';
import { bootData, bootDataReadAt } from '../boot/boot-data';
import { BANNER_GROUPS } from '../contract';
import { fromI18nCode } from '../i18n/languages';
import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The site content texts (banners, notices, announcements, help centre, join and sponsor pages):
 * their own i18next namespace, loaded with the screens that use them.
 */
export type ContentCatalogue = typeof en;

const catalogues = import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' });
type ContentTexts = ReturnType<typeof defineNamespace<'content'>>;
let contentTexts: ContentTexts | null = null;
/**
 * Defined on first use, not when the module loads: the home page (and so this module) is part of
 * the first chunk, which runs before i18next is initialised.
 */
const texts = () => {
  contentTexts ??= defineNamespace('content', en, catalogues);
  return contentTexts;
};

export const CONTENT_NS = 'content';
/** Loads the content catalogue of a language; null when it is already there (or unknown). */
export const loadContentTexts = (code: string) => texts().load(code);
/** `t` for the content namespace, once the current language's catalogue is in. */
export const useContentTexts = () => texts().useTexts();

/**
 * An operator's change is live on the server at once; a page load (boot data and a fresh query)
 * shows it, and an open page picks it up within this time when it refetches (focus, remount).
 */
const CONTENT_STALE_MS = 60_000;

/** All banner groups in one call (public state "banners"), shared by every PageBanner. */
export function useBannerGroups() {
  const { i18n } = useTranslation();
  const language = fromI18nCode(i18n.language);
  return useQuery({
    queryKey: ['content', 'banners', i18n.language],
    queryFn: ({ signal }) => apiCall('banners', { signal }),
    staleTime: CONTENT_STALE_MS,
    // The page arrives with them (boot data), so the home banner paints without waiting for a call.
    initialData: () => bootData().banners?.[language],
    initialDataUpdatedAt: bootDataReadAt,
  });
}

/** The live slides of one group, and whether they are still loading. */
export function useBannerState(group: BannerGroup) {
  const query = useBannerGroups();
  return {
    slides: query.data?.find((g) => g.groupName === group)?.slides ?? [],
    pending: query.isPending,
  };
}

/** The live slides of one group; empty while loading or when the group has none. */
export const useBanners = (group: BannerGroup) => useBannerState(group).slides;

/** The marquee notices (public state "notice list"). */
export function useNotices() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['content', 'notices', i18n.language],
    queryFn: ({ signal }) => apiCall('notices', { signal }),
    staleTime: CONTENT_STALE_MS,
    // From the page itself (boot data): the marquee is there at first paint and moves nothing.
    initialData: () => bootData().notices?.[fromI18nCode(i18n.language)],
    initialDataUpdatedAt: bootDataReadAt,
  });
}

/** The popup announcements of one audience (spec §7: types B,PL,PU,PR, platform W, page size 8). */
export function useAnnouncements(execution: Execution, token: string | null, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['content', 'announcements', execution, token, i18n.language],
    queryFn: ({ signal }) =>
      apiCall('announcements', {
        query: { types: 'B,PL,PU,PR', platform: 'W', execution, page: 1 },
        signal,
      }),
    staleTime: CONTENT_STALE_MS,
    enabled,
  });
}

/** GET /wps/system/helpCenter?lang=…&device=WEB. */
export function useHelpCenter() {
  const { i18n } = useTranslation();
  const lang = fromI18nCode(i18n.language);
  return useQuery({
    queryKey: ['content', 'helpCenter', lang],
    queryFn: ({ signal }) => apiCall('helpCenter', { query: { lang, device: 'WEB' }, signal }),
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The join page, the sponsor pages and the home marketing blocks. */
export function useSitePages() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['content', 'pages', i18n.language],
    queryFn: ({ signal }) => apiCall('sitePages', { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The banner group of a category page (spec §2): its lower-case game type (live, fish, …). */
export function bannerGroupOf(type: GameType): BannerGroup {
  const group = type.toLowerCase();
  return (BANNER_GROUPS as readonly string[]).includes(group) ? (group as BannerGroup) : 'rng';
}
