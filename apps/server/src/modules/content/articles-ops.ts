import {
  type ArticleConfig,
  articleConfigSchema,
  articleSlugSchema,
  contentConfigSchema,
  type MerchantConfig,
  pickLanguage,
} from '@aurum/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { OpsExtension } from '../ops/index.ts';
import {
  type ConfigEdit,
  type ContentDeps,
  checkImageHost,
  editConfig,
  issues,
  storedConfig,
} from './ops.ts';
import { preparedContent } from './service.ts';

const command = z.literal('articles');
const action = <A extends string>(name: A) => ({ command, action: z.literal(name) });
const instant = z.iso.datetime({ offset: true });

/**
 * `npm run ops -- articles …` (docs/content.md): the blog posts and news, stored with the
 * merchant's content (config/content.json's `articles` is the seed; `content export` prints them
 * in its shape). `list` and `show` read (content.read); `put` (a whole article, from a JSON
 * file), `publish`, `unpublish` and `remove` change what the site serves at once and are audited
 * with the article before and after (content.write).
 */
export const articlesCommandSchema = z.discriminatedUnion('action', [
  z.strictObject(action('list')),
  z.strictObject({ ...action('show'), id: articleSlugSchema }),
  /** Adds or replaces an article (its body sanitised); its publishAt as given (none: a draft). */
  z.strictObject({ ...action('put'), article: z.record(z.string(), z.unknown()) }),
  /** Publishes from `at` (default now; a future time schedules it). */
  z.strictObject({ ...action('publish'), id: articleSlugSchema, at: instant.optional() }),
  /** Back to a draft: served to nobody. */
  z.strictObject({ ...action('unpublish'), id: articleSlugSchema }),
  z.strictObject({ ...action('remove'), id: articleSlugSchema }),
]);
type ArticlesCommand = z.output<typeof articlesCommandSchema>;

export type ArticleStatus = 'draft' | 'scheduled' | 'published';
const statusOf = (a: ArticleConfig, now: number): ArticleStatus =>
  a.publishAt === undefined ? 'draft' : Date.parse(a.publishAt) <= now ? 'published' : 'scheduled';

function edit(config: MerchantConfig, args: ArticlesCommand, now: string): ConfigEdit {
  const list = config.content.articles;
  let next: ArticleConfig[];
  let before: ArticleConfig | null = null;
  let after: ArticleConfig | null = null;
  if (args.action === 'put') {
    const parsed = articleConfigSchema.safeParse(args.article);
    if (!parsed.success) throw new AppError('ops.invalid', issues(parsed.error));
    checkImageHost(config, parsed.data.image);
    after = preparedContent({ ...config.content, articles: [parsed.data] }).articles[0]!;
    before = list.find((a) => a.id === after!.id) ?? null;
    next = before ? list.map((a) => (a.id === after!.id ? after! : a)) : [after, ...list];
  } else {
    const id = 'id' in args ? args.id : '';
    before = list.find((a) => a.id === id) ?? null;
    if (!before) throw new AppError('ops.invalid', `There is no article ${id}.`);
    if (args.action === 'remove') next = list.filter((a) => a.id !== id);
    else {
      const { publishAt: _, ...draft } = before;
      after = args.action === 'publish' ? { ...draft, publishAt: args.at ?? now } : draft;
      next = list.map((a) => (a.id === id ? after! : a));
    }
  }
  const content = contentConfigSchema.safeParse({ ...config.content, articles: next });
  if (!content.success) throw new AppError('ops.invalid', issues(content.error));
  return { config: { ...config, content: content.data }, before, after };
}

export function articlesCommand(deps: ContentDeps): OpsExtension<typeof articlesCommandSchema> {
  return {
    schema: articlesCommandSchema,
    async run(merchantCode, args, actor) {
      const now = deps.clock.now();
      if (args.action === 'list' || args.action === 'show') {
        const { articles } = (await storedConfig(deps.database, merchantCode)).content;
        if (args.action === 'show') {
          const found = articles.find((a) => a.id === args.id);
          if (!found) throw new AppError('ops.invalid', `There is no article ${args.id}.`);
          return { ...found, status: statusOf(found, now) };
        }
        return articles.map((a) => ({
          id: a.id,
          kind: a.kind,
          title: pickLanguage(a.title, 'EN'),
          languages: Object.keys(a.title),
          tags: a.tags,
          publishAt: a.publishAt ?? null,
          status: statusOf(a, now),
        }));
      }
      const id = args.action === 'put' ? String(args.article.id ?? '') : args.id;
      const edited = await editConfig(
        deps,
        merchantCode,
        actor,
        { command: 'articles', action: args.action, id },
        (config) => edit(config, args, new Date(now).toISOString()),
        'articles',
      );
      return { action: args.action, id, ...edited };
    },
  };
}
