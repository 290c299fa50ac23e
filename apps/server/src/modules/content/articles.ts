import {
  ARTICLE_PAGE_SIZE,
  type Article,
  type ArticleConfig,
  type ArticleKind,
  type ArticleSummary,
  type Articles,
  type ContentConfig,
  type Language,
  pickLanguage,
} from '@aurum/contract';
import { AppError } from '../../platform/errors.ts';
import { sanitizeOperatorHtml } from '../../platform/html.ts';
import { preparedContent } from './service.ts';

/** Published at `now`: it has a publication time and that time has come. */
export const isPublished = (a: ArticleConfig, now: number) =>
  a.publishAt !== undefined && Date.parse(a.publishAt) <= now;

/** The kind's published articles, newest first (equal times by id). */
function published(content: ContentConfig, kind: ArticleKind, now: number) {
  return content.articles
    .filter((a) => a.kind === kind && isPublished(a, now))
    .sort((a, b) => Date.parse(b.publishAt!) - Date.parse(a.publishAt!) || a.id.localeCompare(b.id));
}

const summaryOf = (a: ArticleConfig, language: Language): ArticleSummary => ({
  id: a.id,
  kind: a.kind,
  title: pickLanguage(a.title, language),
  summary: pickLanguage(a.summary, language),
  image: a.image ?? null,
  tags: a.tags,
  publishedAt: Date.parse(a.publishAt!),
});

/** One page of the kind's published articles in a language, optionally of one tag, with the kind's tags. */
export function articles(
  content: ContentConfig,
  q: { kind: ArticleKind; tag?: string | undefined; page: number },
  language: Language,
  now: number,
): Articles {
  const all = published(content, q.kind, now);
  const tagged = q.tag ? all.filter((a) => a.tags.includes(q.tag!)) : all;
  const start = (q.page - 1) * ARTICLE_PAGE_SIZE;
  return {
    content: tagged.slice(start, start + ARTICLE_PAGE_SIZE).map((a) => summaryOf(a, language)),
    pageNum: q.page,
    totalPages: Math.ceil(tagged.length / ARTICLE_PAGE_SIZE),
    total: tagged.length,
    tags: [...new Set(all.flatMap((a) => a.tags))].sort(),
  };
}

/** A published article in a language, its body sanitised; anything else is article.not.found. */
export function article(
  content: ContentConfig,
  q: { kind: ArticleKind; id: string },
  language: Language,
  now: number,
): Article {
  const a = preparedContent(content).articles.find((x) => x.id === q.id && x.kind === q.kind);
  if (!a || !isPublished(a, now)) throw new AppError('article.not.found');
  return { ...summaryOf(a, language), body: sanitizeOperatorHtml(pickLanguage(a.body, language)) };
}
