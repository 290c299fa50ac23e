import { z } from 'zod';
import { type RouteDef, route } from '../route-def.ts';
import { localizedTextSchema } from './localized.ts';

/**
 * The site's content (config/content.json): banners by group, marquee notices, announcements,
 * the help centre, the join and sponsor pages and the home page's marketing blocks. Texts are
 * `localizedTextSchema` (EN required, the others optional); HTML is sanitised by the server when
 * the configuration is loaded and again when it is served.
 */

/** The largest operator HTML (announcement, help article) the configuration takes, in characters. */
export const CONTENT_MAX_HTML_CHARS = 100_000;

/** Spec §2: the banner groups, one per page that shows banners (w_home: home, w_forget: forgot password). */
export const BANNER_GROUPS = [
  'w_home',
  'promotions',
  'rng',
  'live',
  'fish',
  'pvp',
  'sports',
  'esports',
  'elott',
  'lott',
  'download',
  'pointMall',
  'help',
  'register',
  'login',
  'cockfight',
  'w_forget',
] as const;
export const bannerGroupSchema = z.enum(BANNER_GROUPS);
export type BannerGroup = z.infer<typeof bannerGroupSchema>;

/** Operator HTML: localized, each language at most CONTENT_MAX_HTML_CHARS characters. */
const localizedHtmlSchema = localizedTextSchema.refine(
  (t) => Object.values(t).every((v) => (v ?? '').length <= CONTENT_MAX_HTML_CHARS),
  { message: `HTML longer than ${CONTENT_MAX_HTML_CHARS} characters` },
);

const isoDateTime = z.iso.datetime({ offset: true });
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - (1 to 64)');
/** A path inside the site: one leading slash, never "//" (which would leave the site). */
const internalPath = z.string().regex(/^\/(?!\/)[^\s\\]{0,300}$/, 'a path of the site, like /live');
const httpsUrl = z
  .string()
  .max(2000)
  .regex(/^https:\/\/[^\s]+$/, 'an https URL');
/** Artwork: a file under /media/ or an https URL. */
const imageRef = z.union([z.string().regex(/^\/media\/[A-Za-z0-9_./-]{1,200}$/, 'a /media/ path'), httpsUrl]);

/** What a slide leads to (spec §3 Banner linkageType). */
export const LINKAGE_TYPES = ['INTERNAL', 'EXTERNAL', 'GAME', 'PROMOTION', 'NONE'] as const;
export const linkageSchema = z.discriminatedUnion('linkageType', [
  z.object({ linkageType: z.literal('INTERNAL'), target: internalPath }),
  z.object({ linkageType: z.literal('EXTERNAL'), target: httpsUrl }),
  z.object({
    linkageType: z.literal('GAME'),
    vassalage: z.string().regex(/^[A-Z0-9_]{1,16}$/),
    gameCode: z.string().min(1).max(64),
  }),
  z.object({ linkageType: z.literal('PROMOTION'), target: id }),
  z.object({ linkageType: z.literal('NONE') }),
]);
export type Linkage = z.infer<typeof linkageSchema>;

/** A publication window; outside it the item is not served. Both ends optional. */
const windowFields = {
  startTime: isoDateTime.optional(),
  endTime: isoDateTime.optional(),
};
const windowOk = (w: { startTime?: string; endTime?: string }) =>
  !w.startTime || !w.endTime || Date.parse(w.startTime) < Date.parse(w.endTime);
const windowMessage = { message: 'startTime must be before endTime' };

export const bannerSlideConfigSchema = z
  .object({
    id,
    image: imageRef,
    title: localizedTextSchema.optional(),
    text: localizedTextSchema.optional(),
    cta: localizedTextSchema.optional(),
    link: linkageSchema.default({ linkageType: 'NONE' }),
    ...windowFields,
  })
  .strict()
  .refine(windowOk, windowMessage);

export const noticeConfigSchema = z
  .object({
    id,
    title: localizedTextSchema,
    /** Plain text (shown as text, never as HTML). */
    content: localizedTextSchema,
    /** The date shown in the notice popup (YYYY-MM-DD). */
    date: isoDateTime,
    ...windowFields,
  })
  .strict()
  .refine(windowOk, windowMessage);

/** Announcement list groups (spec §7): B banners, PL player, PU popup, PR promotion. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR'] as const;
export const announcementTypeSchema = z.enum(ANNOUNCEMENT_TYPES);
/** A: members, B: anonymous visitors, F: members on their first login. */
export const EXECUTIONS = ['A', 'B', 'F'] as const;
export const executionSchema = z.enum(EXECUTIONS);
export type Execution = z.infer<typeof executionSchema>;

export const announcementConfigSchema = z
  .object({
    id,
    type: announcementTypeSchema,
    execution: executionSchema,
    title: localizedTextSchema,
    content: localizedHtmlSchema,
    promotionType: z.string().min(1).max(32).optional(),
    /** Shown as the announcement's date; also when it starts being served. */
    startTime: isoDateTime,
    endTime: isoDateTime.optional(),
  })
  .strict()
  .refine(windowOk, windowMessage);

export const helpArticleConfigSchema = z
  .object({ id, title: localizedTextSchema, content: localizedHtmlSchema })
  .strict();
export const helpCategoryConfigSchema = z
  .object({ id, title: localizedTextSchema, articles: z.array(helpArticleConfigSchema).max(100) })
  .strict();

export const pageConfigSchema = z
  .object({
    image: imageRef.optional(),
    title: localizedTextSchema,
    text: localizedTextSchema,
    cta: localizedTextSchema.optional(),
    link: linkageSchema.default({ linkageType: 'NONE' }),
  })
  .strict();

const marketingBlockConfigSchema = z
  .object({
    id,
    image: imageRef.optional(),
    title: localizedTextSchema,
    text: localizedTextSchema,
    cta: localizedTextSchema.optional(),
    link: linkageSchema.default({ linkageType: 'NONE' }),
  })
  .strict();

/** Blog posts and news (issue 13): each kind has its list and detail pages (/blog, /news). */
export const ARTICLE_KINDS = ['blog', 'news'] as const;
export const articleKindSchema = z.enum(ARTICLE_KINDS);
export type ArticleKind = z.infer<typeof articleKindSchema>;
/** An article's id is its URL's last part: lower-case letters, digits and single hyphens. */
export const articleSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and hyphens')
  .max(80);
export const articleTagSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and hyphens')
  .max(32);

/**
 * An operator's article: title, summary (plain text, the list's and the share preview's
 * description) and body (HTML, sanitised) per language, EN required, the others optional (a
 * reader of another language reads EN); a cover image; tags; and the time it is published from
 * (none: a draft, served to nobody; a future time: served from then on).
 */
export const articleConfigSchema = z
  .object({
    id: articleSlugSchema,
    kind: articleKindSchema,
    title: localizedTextSchema,
    summary: localizedTextSchema,
    body: localizedHtmlSchema,
    image: imageRef.optional(),
    tags: z.array(articleTagSchema).max(10).default([]),
    publishAt: isoDateTime.optional(),
  })
  .strict();
export type ArticleConfig = z.infer<typeof articleConfigSchema>;

const unique = <T extends { id: string }>(items: readonly T[]) =>
  new Set(items.map((i) => i.id)).size === items.length;
const uniqueMessage = { message: 'ids must be unique' };

export const contentConfigSchema = z
  .object({
    banners: z
      .partialRecord(
        bannerGroupSchema,
        z.array(bannerSlideConfigSchema).max(20).refine(unique, uniqueMessage),
      )
      .default({}),
    notices: z.array(noticeConfigSchema).max(100).refine(unique, uniqueMessage).default([]),
    announcements: z.array(announcementConfigSchema).max(500).refine(unique, uniqueMessage).default([]),
    helpCenter: z.array(helpCategoryConfigSchema).max(50).refine(unique, uniqueMessage).default([]),
    join: pageConfigSchema.optional(),
    sponsors: z.array(pageConfigSchema).max(3).default([]),
    marketing: z.array(marketingBlockConfigSchema).max(12).refine(unique, uniqueMessage).default([]),
    articles: z.array(articleConfigSchema).max(1000).refine(unique, uniqueMessage).default([]),
  })
  .strict();
export type ContentConfig = z.infer<typeof contentConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

/** A served link target: the linkage with its texts picked in the request's language. */
export const bannerSlideSchema = z.object({
  id: z.string(),
  /** The image (spec: url). */
  url: z.string(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  cta: z.string().nullable(),
  link: linkageSchema,
});
export type BannerSlideValue = z.infer<typeof bannerSlideSchema>;
export const bannerGroupValueSchema = z.object({
  groupName: bannerGroupSchema,
  slides: z.array(bannerSlideSchema),
});
export type BannerGroupValue = z.infer<typeof bannerGroupValueSchema>;

export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** Epoch ms. */
  date: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const ANNOUNCEMENT_PAGE_SIZE = 8;
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** YYYY-MM-DD HH:mm:ss (UTC). */
  startDateStr: z.string(),
  promotionType: z.string().nullable(),
  execution: executionSchema,
});
export type Announcement = z.infer<typeof announcementSchema>;
const announcementPageSchema = z.object({
  content: z.array(announcementSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const announcementsSchema = z.object({
  /** The audience actually served: a caller without a live session always gets B. */
  execution: executionSchema,
  banners: announcementPageSchema,
  player: announcementPageSchema,
  popup: announcementPageSchema,
  promotion: announcementPageSchema,
});
export type Announcements = z.infer<typeof announcementsSchema>;

export const announcementsQuerySchema = z
  .object({
    types: z
      .string()
      .max(64)
      .transform((s) => s.split(',').map((x) => x.trim()))
      .pipe(z.array(announcementTypeSchema).min(1))
      .default([...ANNOUNCEMENT_TYPES]),
    platform: z.literal('W').default('W'),
    execution: executionSchema.default('B'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .strict();

export const helpArticleSchema = z.object({ id: z.string(), title: z.string(), content: z.string() });
export const helpCategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export const helpCenterSchema = z.array(helpCategorySchema);
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const contentPageSchema = z.object({
  image: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  cta: z.string().nullable(),
  link: linkageSchema,
});
export type ContentPage = z.infer<typeof contentPageSchema>;
export const marketingBlockSchema = contentPageSchema.extend({ id: z.string() });
export type MarketingBlock = z.infer<typeof marketingBlockSchema>;
export const sitePagesSchema = z.object({
  join: contentPageSchema.nullable(),
  sponsors: z.array(contentPageSchema),
  marketing: z.array(marketingBlockSchema),
});
export type SitePages = z.infer<typeof sitePagesSchema>;

/** The calls of this area; spread into the route table in routes.ts. */
/** An article in a list: what a card and a share preview show. */
export const articleSummarySchema = z.object({
  id: z.string(),
  kind: articleKindSchema,
  title: z.string(),
  summary: z.string(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  /** When it was published (epoch ms). */
  publishedAt: z.number(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export const articleSchema = articleSummarySchema.extend({
  /** Sanitised HTML. */
  body: z.string(),
});
export type Article = z.infer<typeof articleSchema>;
/** Articles per page of a list. */
export const ARTICLE_PAGE_SIZE = 9;
export const articlesQuerySchema = z.strictObject({
  kind: articleKindSchema,
  tag: articleTagSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const articlesSchema = z.object({
  content: z.array(articleSummarySchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  /** Every tag of the kind's published articles, for the filter. */
  tags: z.array(z.string()),
});
export type Articles = z.infer<typeof articlesSchema>;

export const contentRoutes = {
  /** Published blog posts or news, newest first, optionally of one tag. */
  articles: route({
    method: 'GET',
    path: '/wps/articles',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: articlesQuerySchema,
    body: z.undefined(),
    response: articlesSchema,
  }),
  /** One published article; a draft, a future one or an unknown id is article.not.found. */
  article: route({
    method: 'GET',
    path: '/wps/articles/one',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: z.strictObject({ kind: articleKindSchema, id: articleSlugSchema }),
    body: z.undefined(),
    response: articleSchema,
  }),
  banners: route({
    method: 'GET',
    path: '/wps/banners',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: z.object({ groupName: bannerGroupSchema.optional() }).strict(),
    body: z.undefined(),
    response: z.array(bannerGroupValueSchema),
  }),
  notices: route({
    method: 'GET',
    path: '/wps/notices',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: z.object({}).strict(),
    body: z.undefined(),
    response: z.object({ list: z.array(noticeSchema) }),
  }),
  announcements: route({
    method: 'GET',
    path: '/wps/announcements',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: announcementsQuerySchema,
    body: z.undefined(),
    response: announcementsSchema,
  }),
  helpCenter: route({
    method: 'GET',
    path: '/wps/system/helpCenter',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: z
      .object({
        lang: z
          .string()
          .regex(/^[A-Za-z]{2}$/)
          .transform((s) => s.toUpperCase())
          .optional(),
        device: z.enum(['WEB', 'H5', 'APP']).default('WEB'),
      })
      .strict(),
    body: z.undefined(),
    response: helpCenterSchema,
  }),
  sitePages: route({
    method: 'GET',
    path: '/wps/content/pages',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: z.object({}).strict(),
    body: z.undefined(),
    response: sitePagesSchema,
  }),
} as const satisfies Record<string, RouteDef>;
