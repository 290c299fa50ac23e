import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  announcementTypeSchema,
  bannerGroupSchema,
  type ContentConfig,
  contentConfigSchema,
  executionSchema,
  imageFromCdns,
  type LocalizedText,
  localizedTextSchema,
  type MerchantConfig,
  promotionsConfigSchema,
} from '@aurum/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { merchants } from '../../db/schema.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sanitizeOperatorHtml } from '../../platform/html.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { OpsExtension } from '../ops/index.ts';
import {
  bannerArgs,
  type Edited,
  helpArticleArgs,
  helpCategoryArgs,
  marketingArgs,
  orderArgs,
  orderBanners,
  orderHelp,
  orderMarketing,
  PAGES,
  pageArgs,
  putBanner,
  putHelpArticle,
  putHelpCategory,
  putMarketing,
  putPage,
  removeBanner,
  removeHelpArticle,
  removeHelpCategory,
  removeMarketing,
  removePage,
} from './edits.ts';

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'an id of letters, digits, _ and - (1 to 64)');
/** An EN text, or a text per language (`{ EN, CN }`, EN required). */
const textSchema = z.union([z.string().trim().min(1).max(100_000), localizedTextSchema]);
const localized = (text: string | LocalizedText): LocalizedText =>
  typeof text === 'string' ? { EN: text } : text;
const command = z.literal('content');
const action = <A extends string>(name: A) => ({ command, action: z.literal(name) });

/**
 * `npm run ops -- content …` (docs/content.md): the merchant's stored content, edited live
 * (every process serves the change at once; config/content.json stays the seed, and `content
 * export` prints what is stored in its shape). Marquee notices and announcements; banners per
 * group (add or replace, remove, reorder); help centre categories and articles; the join and
 * sponsor pages; the home page's marketing blocks; a promotion's image. `list`, `export`, `media` and `promotions` read; every other action is
 * audited with the item before and after.
 */
export const contentCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ ...action('notice'), id: idSchema, title: textSchema, text: textSchema }),
  z.strictObject({
    ...action('announce'),
    id: idSchema,
    type: announcementTypeSchema.default('PU'),
    execution: executionSchema.default('B'),
    title: textSchema,
    text: textSchema,
  }),
  /** Removes a notice or an announcement. */
  z.strictObject({ ...action('remove'), id: idSchema }),
  /** What is stored now: the notices and announcements, as the player site serves them (EN). */
  z.strictObject(action('list')),
  /** Everything stored, in config/content.json's shape (every language). */
  z.strictObject(action('export')),
  /** The images of the media library (config/media), as the paths a banner or page takes. */
  z.strictObject(action('media')),
  /** The promotions with their card images (what `promo-image` changes). */
  z.strictObject(action('promotions')),
  z.strictObject({ ...action('banner'), ...bannerArgs }),
  z.strictObject({ ...action('banner-remove'), group: bannerGroupSchema, id: idSchema }),
  z.strictObject({ ...action('banner-order'), group: bannerGroupSchema, ...orderArgs }),
  z.strictObject({ ...action('help-category'), ...helpCategoryArgs }),
  z.strictObject({ ...action('help-category-remove'), id: idSchema }),
  z.strictObject({ ...action('help-article'), ...helpArticleArgs }),
  z.strictObject({ ...action('help-article-remove'), category: idSchema, id: idSchema }),
  /** Orders the categories, or with `category` its articles. */
  z.strictObject({ ...action('help-order'), category: idSchema.optional(), ...orderArgs }),
  z.strictObject({ ...action('page'), ...pageArgs }),
  z.strictObject({
    ...action('page-remove'),
    page: z.enum(PAGES),
    index: z.number().int().min(0).max(2).optional(),
  }),
  /** The home page's marketing blocks: add or replace, remove, reorder. */
  z.strictObject({ ...action('marketing'), ...marketingArgs }),
  z.strictObject({ ...action('marketing-remove'), id: idSchema }),
  z.strictObject({ ...action('marketing-order'), ...orderArgs }),
  /** A promotion's card image: a file of the media library. */
  z.strictObject({
    ...action('promo-image'),
    promotion: idSchema,
    image: z.string().regex(/^\/media\/[A-Za-z0-9/_.-]{1,200}$/, 'a /media/ path'),
  }),
]);
type ContentCommand = z.output<typeof contentCommandSchema>;

/** A notice or an announcement as the operator reads it: its EN texts and every language's, the HTML as stored (sanitised). */
export interface ContentListAnswer {
  notices: {
    id: string;
    title: string;
    text: string;
    date: string;
    titles: LocalizedText;
    texts: LocalizedText;
  }[];
  announcements: {
    id: string;
    type: string;
    execution: string;
    title: string;
    text: string;
    startTime: string | null;
    /** Every language's texts (title and text are EN). */
    titles: LocalizedText;
    texts: LocalizedText;
  }[];
}

export interface ContentDeps {
  database: Database;
  store: MerchantStore;
  clock: Clock;
  /** The media library (CONFIG_DIR/media, served at /media/). */
  mediaDir: string;
}

export const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

export function contentCommand(deps: ContentDeps): OpsExtension<typeof contentCommandSchema> {
  return {
    schema: contentCommandSchema,
    async run(merchantCode, args, actor) {
      if (args.action === 'list') return listContent(deps.database, merchantCode);
      if (args.action === 'export') return (await storedConfig(deps.database, merchantCode)).content;
      if (args.action === 'media') return { images: await mediaImages(deps.mediaDir) };
      if (args.action === 'promotions') {
        const { promotions } = (await storedConfig(deps.database, merchantCode)).promotions;
        return promotions.map((p) => ({
          id: p.id,
          title: p.title,
          image: p.image,
          start: p.start,
          end: p.end,
        }));
      }
      const now = new Date(deps.clock.now()).toISOString();
      const edited = await editConfig(deps, merchantCode, actor, args, (config) =>
        args.action === 'promo-image'
          ? promoImage(config, args.promotion, args.image)
          : contentEdit(config, args, now),
      );
      return { action: args.action, ...('id' in args ? { id: args.id } : {}), ...edited };
    },
  };
}

/** The merchant's configuration after one edit, what it changed (for the audit) and whether it replaced an item. */
export type ConfigEdit = { config: MerchantConfig; before: unknown; after: unknown };

/**
 * Runs one edit on the stored configuration in a transaction (the merchant's row locked), checks
 * the part it changed with the contract's schema (nothing is stored when it fails), appends the
 * audit row with before and after, and tells every process the merchant changed.
 */
export async function editConfig(
  deps: ContentDeps,
  merchantCode: string,
  actor: string,
  args: { command: string } & Record<string, unknown>,
  edit: (config: MerchantConfig) => ConfigEdit,
  auditAction = 'content',
) {
  let replaced = false;
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ config: merchants.config })
      .from(merchants)
      .where(eq(merchants.code, merchantCode))
      .for('update');
    if (!row) throw new AppError('merchant.unknown');
    const { config, before, after } = edit(row.config);
    replaced = before !== null && after !== null;
    await tx
      .update(merchants)
      .set({ config, version: sql`${merchants.version} + 1`, updatedAt: new Date() })
      .where(eq(merchants.code, merchantCode));
    const { command: _, ...detail } = args;
    await appendAudit(deps.database, tx, {
      merchantCode,
      actor,
      action: auditAction,
      detail: auditDetail(detail),
      before,
      after,
    });
  });
  await deps.store.changed(merchantCode);
  return { replaced };
}

/** What the audit row's detail names: the action and the item, not the texts (they are in after). */
function auditDetail(args: Record<string, unknown>) {
  const keys = ['action', 'id', 'group', 'category', 'page', 'index', 'promotion', 'type', 'execution'];
  return Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
}

/**
 * An image from another host shows on the player site only from one of the merchant's image CDNs
 * (the site's Content-Security-Policy allows no other): refused here rather than published broken.
 */
export function checkImageHost(config: MerchantConfig, image: string | undefined) {
  if (!image || imageFromCdns(config.imageCDNs, image)) return;
  throw new AppError(
    'ops.invalid',
    `image: the player site shows images only from the media library (/media/…) or the merchant's image CDNs (${config.imageCDNs.join(', ') || 'none set'}).`,
  );
}

function contentEdit(config: MerchantConfig, args: ContentCommand, now: string): ConfigEdit {
  if (args.action === 'banner' || args.action === 'page' || args.action === 'marketing')
    checkImageHost(config, args.image);
  const edited = editContent(config.content, args, now);
  const next = contentConfigSchema.safeParse(edited.content);
  if (!next.success) throw new AppError('ops.invalid', issues(next.error));
  return { config: { ...config, content: next.data }, before: edited.before, after: edited.after };
}

function editContent(content: ContentConfig, a: ContentCommand, now: string): Edited {
  switch (a.action) {
    case 'notice':
    case 'announce':
    case 'remove':
      return editNotices(content, a, now);
    case 'banner':
      return putBanner(content, a);
    case 'banner-remove':
      return removeBanner(content, a.group, a.id);
    case 'banner-order':
      return orderBanners(content, a.group, a.ids);
    case 'help-category':
      return putHelpCategory(content, a);
    case 'help-category-remove':
      return removeHelpCategory(content, a.id);
    case 'help-article':
      return putHelpArticle(content, a);
    case 'help-article-remove':
      return removeHelpArticle(content, a.category, a.id);
    case 'help-order':
      return orderHelp(content, a.category, a.ids);
    case 'page':
      return putPage(content, a);
    case 'page-remove':
      return removePage(content, a.page, a.index);
    case 'marketing':
      return putMarketing(content, a);
    case 'marketing-remove':
      return removeMarketing(content, a.id);
    case 'marketing-order':
      return orderMarketing(content, a.ids);
    default:
      throw new AppError('ops.invalid', `content ${a.action} edits no content`);
  }
}

/** A marquee notice or an announcement added (or replaced, newest first), or either removed. */
function editNotices(
  content: ContentConfig,
  a: Extract<ContentCommand, { action: 'notice' | 'announce' | 'remove' }>,
  now: string,
): Edited {
  const before =
    content.notices.find((n) => n.id === a.id) ?? content.announcements.find((x) => x.id === a.id);
  const notices = content.notices.filter((n) => n.id !== a.id);
  const announcements = content.announcements.filter((x) => x.id !== a.id);
  if (a.action === 'remove') {
    if (!before) throw new AppError('ops.invalid', `There is no notice or announcement ${a.id}.`);
    return { content: { ...content, notices, announcements }, before, after: null };
  }
  if (a.action === 'notice') {
    const notice = { id: a.id, title: localized(a.title), content: localized(a.text), date: now };
    return {
      content: { ...content, notices: [notice, ...notices], announcements },
      before: before ?? null,
      after: notice,
    };
  }
  const title = localized(a.title);
  const announcement = {
    id: a.id,
    type: a.type,
    execution: a.execution,
    title,
    // A text that sanitises to nothing shows the title instead (as an empty popup helps nobody).
    content: Object.fromEntries(
      Object.entries(localized(a.text)).map(([k, v]) => [
        k,
        sanitizeOperatorHtml(v ?? '') || title[k as keyof LocalizedText] || title.EN,
      ]),
    ) as LocalizedText,
    startTime: now,
  };
  return {
    content: { ...content, notices, announcements: [announcement, ...announcements] },
    before: before ?? null,
    after: announcement,
  };
}

function promoImage(config: MerchantConfig, promotionId: string, image: string): ConfigEdit {
  const promotion = config.promotions.promotions.find((p) => p.id === promotionId);
  if (!promotion) throw new AppError('ops.invalid', `There is no promotion ${promotionId}.`);
  const next = promotionsConfigSchema.safeParse({
    ...config.promotions,
    promotions: config.promotions.promotions.map((p) => (p.id === promotionId ? { ...p, image } : p)),
  });
  if (!next.success) throw new AppError('ops.invalid', issues(next.error));
  return {
    config: { ...config, promotions: next.data },
    before: { id: promotionId, image: promotion.image },
    after: { id: promotionId, image },
  };
}

export async function storedConfig(database: Database, merchantCode: string): Promise<MerchantConfig> {
  const [row] = await database.db
    .select({ config: merchants.config })
    .from(merchants)
    .where(eq(merchants.code, merchantCode));
  if (!row) throw new AppError('merchant.unknown');
  return row.config;
}

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|gif|avif)$/i;
const MEDIA_PATH = /^[A-Za-z0-9_./-]{1,200}$/;

/** The library's images as /media/ paths, sorted; a missing library has none. */
export async function mediaImages(mediaDir: string): Promise<string[]> {
  let files: string[];
  try {
    files = await readdir(mediaDir, { recursive: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return files
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => IMAGE_FILE.test(f) && MEDIA_PATH.test(f))
    .map((f) => `/media/${f}`)
    .sort();
}

async function listContent(database: Database, merchantCode: string): Promise<ContentListAnswer> {
  const { notices, announcements } = (await storedConfig(database, merchantCode)).content;
  const en = (texts: Partial<Record<string, string>>) => texts.EN ?? Object.values(texts)[0] ?? '';
  return {
    notices: notices.map((n) => ({
      id: n.id,
      title: en(n.title),
      text: en(n.content),
      date: n.date,
      titles: n.title,
      texts: n.content,
    })),
    announcements: announcements.map((a) => ({
      id: a.id,
      type: a.type,
      execution: a.execution,
      title: en(a.title),
      text: en(a.content),
      startTime: a.startTime ?? null,
      titles: a.title,
      texts: a.content,
    })),
  };
}
