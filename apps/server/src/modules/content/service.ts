import {
  ANNOUNCEMENT_PAGE_SIZE,
  type Announcement,
  type Announcements,
  BANNER_GROUPS,
  type BannerGroup,
  type BannerGroupValue,
  type ContentConfig,
  type ContentPage,
  type Execution,
  type HelpCategory,
  type Language,
  type LocalizedText,
  type Notice,
  pickLanguage,
  type SitePages,
} from '@aurum/contract';
import { sanitizeOperatorHtml } from '../../platform/html.ts';

type AnnouncementConfig = ContentConfig['announcements'][number];
type AnnouncementType = AnnouncementConfig['type'];

/** Inside its publication window at `now` (both ends optional; the end is exclusive). */
export const isLive = (item: { startTime?: string; endTime?: string }, now: number) =>
  (!item.startTime || Date.parse(item.startTime) <= now) && (!item.endTime || now < Date.parse(item.endTime));

const sanitizeText = (text: LocalizedText): LocalizedText =>
  Object.fromEntries(
    Object.entries(text).map(([k, v]) => [k, sanitizeOperatorHtml(v ?? '')]),
  ) as LocalizedText;

const prepared = new WeakMap<ContentConfig, ContentConfig>();

/**
 * The content of a loaded configuration with every operator HTML sanitised once (the first time
 * a configuration object is used after loading or reload-config). What is served is sanitised
 * again on the way out, so a config that bypassed this step still never serves a script.
 */
export function preparedContent(content: ContentConfig): ContentConfig {
  let value = prepared.get(content);
  if (!value) {
    value = {
      ...content,
      announcements: content.announcements.map((a) => ({ ...a, content: sanitizeText(a.content) })),
      helpCenter: content.helpCenter.map((c) => ({
        ...c,
        articles: c.articles.map((a) => ({ ...a, content: sanitizeText(a.content) })),
      })),
      articles: content.articles.map((a) => ({ ...a, body: sanitizeText(a.body) })),
    };
    prepared.set(content, value);
  }
  return value;
}

const pickOrNull = (text: LocalizedText | undefined, language: Language) =>
  text ? pickLanguage(text, language) : null;

/** YYYY-MM-DD HH:mm:ss in UTC. */
export const dateTimeString = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The live slides of one group or of all groups, in the language asked for. */
export function banners(
  content: ContentConfig,
  group: BannerGroup | undefined,
  language: Language,
  now: number,
): BannerGroupValue[] {
  const groups = group ? [group] : BANNER_GROUPS;
  return groups.map((groupName) => ({
    groupName,
    slides: (content.banners[groupName] ?? [])
      .filter((s) => isLive(s, now))
      .map((s) => ({
        id: s.id,
        url: s.image,
        title: pickOrNull(s.title, language),
        text: pickOrNull(s.text, language),
        cta: pickOrNull(s.cta, language),
        link: s.link,
      })),
  }));
}

/** The marquee notices in force, newest first. */
export function notices(content: ContentConfig, language: Language, now: number): { list: Notice[] } {
  return {
    list: content.notices
      .filter((n) => isLive(n, now))
      .map((n) => ({
        id: n.id,
        title: pickLanguage(n.title, language),
        content: pickLanguage(n.content, language),
        date: Date.parse(n.date),
      }))
      .sort((a, b) => b.date - a.date),
  };
}

const GROUP_OF: Record<AnnouncementType, keyof Omit<Announcements, 'execution'>> = {
  B: 'banners',
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
};

/**
 * The announcements list (spec §7): four paged groups, newest first, page size 8, for one
 * audience. `execution` is what the caller may see: a caller without a live session is a
 * visitor (B) whatever it asked for, so member announcements never reach anonymous callers.
 */
export function announcements(
  content: ContentConfig,
  query: { types: readonly AnnouncementType[]; execution: Execution; page: number },
  language: Language,
  now: number,
): Announcements {
  const source = preparedContent(content).announcements.filter(
    (a) => a.execution === query.execution && isLive(a, now),
  );
  const pageOf = (type: AnnouncementType) => {
    const all = query.types.includes(type)
      ? source
          .filter((a) => a.type === type)
          .sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime))
      : [];
    const start = (query.page - 1) * ANNOUNCEMENT_PAGE_SIZE;
    return {
      content: all.slice(start, start + ANNOUNCEMENT_PAGE_SIZE).map(
        (a): Announcement => ({
          id: a.id,
          title: pickLanguage(a.title, language),
          content: sanitizeOperatorHtml(pickLanguage(a.content, language)),
          startDateStr: dateTimeString(Date.parse(a.startTime)),
          promotionType: a.promotionType ?? null,
          execution: a.execution,
        }),
      ),
      pageNum: query.page,
      totalPages: Math.ceil(all.length / ANNOUNCEMENT_PAGE_SIZE),
      total: all.length,
    };
  };
  const result = { execution: query.execution } as Announcements;
  for (const type of ['B', 'PL', 'PU', 'PR'] as const) result[GROUP_OF[type]] = pageOf(type);
  return result;
}

/** The help centre in a language; each text falls back to EN. Categories without articles are left out. */
export function helpCenter(content: ContentConfig, language: Language): HelpCategory[] {
  return preparedContent(content)
    .helpCenter.filter((c) => c.articles.length > 0)
    .map((c) => ({
      id: c.id,
      title: pickLanguage(c.title, language),
      articles: c.articles.map((a) => ({
        id: a.id,
        title: pickLanguage(a.title, language),
        content: sanitizeOperatorHtml(pickLanguage(a.content, language)),
      })),
    }));
}

type PageConfig = NonNullable<ContentConfig['join']>;
const page = (p: PageConfig, language: Language): ContentPage => ({
  image: p.image ?? null,
  title: pickLanguage(p.title, language),
  text: pickLanguage(p.text, language),
  cta: pickOrNull(p.cta, language),
  link: p.link,
});

/** Figures a marketing text may state, computed from the merchant's catalogue. */
export interface SiteFigures {
  /** Vendors with at least one game that can be played. */
  providers: number;
  /** Games that can be played. */
  games: number;
}

/** `{providers}` and `{games}` in a marketing text become the catalogue's figures. */
const withFigures = (text: string, figures: SiteFigures) =>
  text.replace(/\{(providers|games)\}/g, (_, name: keyof SiteFigures) => String(figures[name]));

/**
 * The join page, the sponsor pages and the home page's marketing blocks. A marketing block
 * states numbers only through `{providers}` and `{games}`, so what it claims is always what the
 * catalogue offers.
 */
export function sitePages(content: ContentConfig, language: Language, figures: SiteFigures): SitePages {
  return {
    join: content.join ? page(content.join, language) : null,
    sponsors: content.sponsors.map((s) => page(s, language)),
    marketing: content.marketing.map((m) => {
      const p = page(m, language);
      return {
        id: m.id,
        ...p,
        title: withFigures(p.title, figures),
        text: withFigures(p.text, figures),
        cta: p.cta === null ? null : withFigures(p.cta, figures),
      };
    }),
  };
}
