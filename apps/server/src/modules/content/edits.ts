import {
  type BannerGroup,
  bannerGroupSchema,
  type ContentConfig,
  type LocalizedText,
  linkageSchema,
  localizedTextSchema,
} from '@aurum/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { sanitizeOperatorHtml } from '../../platform/html.ts';

/**
 * The content command's edits of banners, the help centre and the join and sponsor pages: pure
 * functions from the stored content to the next, with what the item was and became (the audit's
 * before and after). The whole result is checked by the contract's content schema before it is
 * stored, so a window, an id or a link the schema refuses is refused here too.
 */

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'an id of letters, digits, _ and - (1 to 64)');
const instant = z.iso.datetime({ offset: true });
/** Artwork: a file of the media library (/media/…) or an https URL; the content schema checks it. */
const image = z.string().min(1).max(2000);
/** Where a new item goes in its list (0 first); an item that exists keeps its place. */
const position = z.number().int().min(0).max(500).optional();

export const bannerArgs = {
  group: bannerGroupSchema,
  id,
  image,
  title: localizedTextSchema.optional(),
  text: localizedTextSchema.optional(),
  cta: localizedTextSchema.optional(),
  link: linkageSchema.default({ linkageType: 'NONE' }),
  startTime: instant.optional(),
  endTime: instant.optional(),
  position,
};
export const helpCategoryArgs = { id, title: localizedTextSchema, position };
export const helpArticleArgs = {
  category: id,
  id,
  title: localizedTextSchema,
  /** Operator HTML per language: sanitised before it is stored. */
  content: localizedTextSchema,
  position,
};
export const PAGES = ['join', 'sponsor'] as const;
export const pageArgs = {
  page: z.enum(PAGES),
  /** Which sponsor page (0 to 2); the join page has none. */
  index: z.number().int().min(0).max(2).optional(),
  image: image.optional(),
  title: localizedTextSchema,
  text: localizedTextSchema,
  cta: localizedTextSchema.optional(),
  link: linkageSchema.default({ linkageType: 'NONE' }),
};
/** A home page marketing block: a page's fields and an id; `{providers}` and `{games}` in its texts are the catalogue's figures. */
export const marketingArgs = {
  id,
  image: image.optional(),
  title: localizedTextSchema,
  text: localizedTextSchema,
  cta: localizedTextSchema.optional(),
  link: linkageSchema.default({ linkageType: 'NONE' }),
  position,
};
export const orderArgs = {
  /** Every id of the list, in the new order. */
  ids: z.array(id).min(1).max(500),
};

export interface Edited {
  content: ContentConfig;
  before: unknown;
  after: unknown;
}

type Slide = NonNullable<ContentConfig['banners'][BannerGroup]>[number];
type Category = ContentConfig['helpCenter'][number];
type Article = Category['articles'][number];
type Page = NonNullable<ContentConfig['join']>;
type Block = ContentConfig['marketing'][number];

const invalid = (message: string): never => {
  throw new AppError('ops.invalid', message);
};

/** Puts `item` in place of the one with its id, or at `at` (default the end) when there is none. */
function upsert<T extends { id: string }>(list: readonly T[], item: T, at: number | undefined) {
  const index = list.findIndex((x) => x.id === item.id);
  const before = index >= 0 ? list[index] : null;
  const next = [...list];
  if (index >= 0) next[index] = item;
  else next.splice(Math.min(at ?? next.length, next.length), 0, item);
  return { next, before };
}

function without<T extends { id: string }>(list: readonly T[], itemId: string, what: string) {
  const before = list.find((x) => x.id === itemId);
  if (!before) return invalid(`There is no ${what} ${itemId}.`);
  return { next: list.filter((x) => x.id !== itemId), before };
}

/** The list in the order of `ids`, which must name every item once. */
function reordered<T extends { id: string }>(list: readonly T[], ids: readonly string[], what: string) {
  const have = list.map((x) => x.id);
  if (ids.length !== have.length || new Set(ids).size !== ids.length || !ids.every((i) => have.includes(i)))
    return invalid(`The order must name each ${what} once: ${have.join(', ') || 'there are none'}.`);
  return ids.map((i) => list.find((x) => x.id === i)!);
}

/** Only the fields given: an optional text left out is no key at all (the schema is strict). */
const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const sanitized = (text: LocalizedText): LocalizedText =>
  Object.fromEntries(
    Object.entries(text).map(([k, v]) => [k, sanitizeOperatorHtml(v ?? '')]),
  ) as LocalizedText;

/** The command's own keys, which no stored item has. */
type CommandKeys = { command?: unknown; action?: unknown };
type BannerInput = z.output<z.ZodObject<typeof bannerArgs>> & CommandKeys;
export function putBanner(content: ContentConfig, a: BannerInput): Edited {
  const { group, position: at, command: _c, action: _a, ...fields } = a;
  const slide = defined(fields) as Slide;
  const { next, before } = upsert(content.banners[group] ?? [], slide, at);
  return { content: { ...content, banners: { ...content.banners, [group]: next } }, before, after: slide };
}

export function removeBanner(content: ContentConfig, group: BannerGroup, slideId: string): Edited {
  const { next, before } = without(content.banners[group] ?? [], slideId, `banner in ${group} named`);
  return { content: { ...content, banners: { ...content.banners, [group]: next } }, before, after: null };
}

export function orderBanners(content: ContentConfig, group: BannerGroup, ids: readonly string[]): Edited {
  const list = content.banners[group] ?? [];
  const next = reordered(list, ids, 'banner');
  return {
    content: { ...content, banners: { ...content.banners, [group]: next } },
    before: list.map((s) => s.id),
    after: ids,
  };
}

export function putHelpCategory(
  content: ContentConfig,
  a: { id: string; title: LocalizedText; position?: number | undefined },
): Edited {
  const had = content.helpCenter.find((c) => c.id === a.id);
  const category: Category = { id: a.id, title: a.title, articles: had?.articles ?? [] };
  const { next } = upsert(content.helpCenter, category, a.position);
  const summary = (c: Category | undefined) => (c ? { id: c.id, title: c.title } : null);
  return { content: { ...content, helpCenter: next }, before: summary(had), after: summary(category) };
}

/** Removes a category with its articles (the audit keeps them, as "before"). */
export function removeHelpCategory(content: ContentConfig, categoryId: string): Edited {
  const { next, before } = without(content.helpCenter, categoryId, 'help category');
  return { content: { ...content, helpCenter: next }, before, after: null };
}

function inCategory(content: ContentConfig, categoryId: string, edit: (c: Category) => Category) {
  const category = content.helpCenter.find((c) => c.id === categoryId);
  if (!category) return invalid(`There is no help category ${categoryId}.`);
  return { ...content, helpCenter: content.helpCenter.map((c) => (c.id === categoryId ? edit(c) : c)) };
}

export function putHelpArticle(
  content: ContentConfig,
  a: {
    category: string;
    id: string;
    title: LocalizedText;
    content: LocalizedText;
    position?: number | undefined;
  },
): Edited {
  const article: Article = { id: a.id, title: a.title, content: sanitized(a.content) };
  let before: Article | null = null;
  const next = inCategory(content, a.category, (c) => {
    const r = upsert(c.articles, article, a.position);
    before = r.before ?? null;
    return { ...c, articles: r.next };
  });
  return { content: next, before, after: article };
}

export function removeHelpArticle(content: ContentConfig, categoryId: string, articleId: string): Edited {
  let before: Article | null = null;
  const next = inCategory(content, categoryId, (c) => {
    const r = without(c.articles, articleId, `help article in ${categoryId} named`);
    before = r.before;
    return { ...c, articles: r.next };
  });
  return { content: next, before, after: null };
}

/** Orders the categories, or (with a category) that category's articles. */
export function orderHelp(content: ContentConfig, categoryId: string | undefined, ids: readonly string[]) {
  if (categoryId === undefined) {
    return {
      content: { ...content, helpCenter: reordered(content.helpCenter, ids, 'help category') },
      before: content.helpCenter.map((c) => c.id),
      after: ids,
    };
  }
  let before: string[] = [];
  const next = inCategory(content, categoryId, (c) => {
    before = c.articles.map((x) => x.id);
    return { ...c, articles: reordered(c.articles, ids, 'article') };
  });
  return { content: next, before, after: ids };
}

type PageInput = z.output<z.ZodObject<typeof pageArgs>> & CommandKeys;
export function putPage(content: ContentConfig, a: PageInput): Edited {
  const { page, index, command: _c, action: _a, ...fields } = a;
  const value = defined(fields) as Page;
  if (page === 'join') {
    if (index !== undefined) invalid('The join page has no index.');
    return { content: { ...content, join: value }, before: content.join ?? null, after: value };
  }
  if (index === undefined || index > content.sponsors.length)
    return invalid(`A sponsor page needs an index from 0 to ${Math.min(content.sponsors.length, 2)}.`);
  const sponsors = [...content.sponsors];
  const before = sponsors[index] ?? null;
  sponsors[index] = value;
  return { content: { ...content, sponsors }, before, after: value };
}

export function removePage(
  content: ContentConfig,
  page: (typeof PAGES)[number],
  index: number | undefined,
): Edited {
  if (page === 'join') {
    if (!content.join) invalid('There is no join page.');
    const { join, ...rest } = content;
    return { content: rest, before: join, after: null };
  }
  const before = index === undefined ? undefined : content.sponsors[index];
  if (index === undefined || !before) return invalid(`There is no sponsor page ${index ?? ''}.`.trim());
  return {
    content: { ...content, sponsors: content.sponsors.filter((_, i) => i !== index) },
    before,
    after: null,
  };
}

type MarketingInput = z.output<z.ZodObject<typeof marketingArgs>> & CommandKeys;
export function putMarketing(content: ContentConfig, a: MarketingInput): Edited {
  const { position: at, command: _c, action: _a, ...fields } = a;
  const block = defined(fields) as Block;
  const { next, before } = upsert(content.marketing, block, at);
  return { content: { ...content, marketing: next }, before, after: block };
}

export function removeMarketing(content: ContentConfig, blockId: string): Edited {
  const { next, before } = without(content.marketing, blockId, 'marketing block');
  return { content: { ...content, marketing: next }, before, after: null };
}

export function orderMarketing(content: ContentConfig, ids: readonly string[]): Edited {
  return {
    content: { ...content, marketing: reordered(content.marketing, ids, 'marketing block') },
    before: content.marketing.map((m) => m.id),
    after: ids,
  };
}
