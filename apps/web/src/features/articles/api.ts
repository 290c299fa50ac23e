import type { ArticleKind } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';

/** GET /wps/articles: a page of the kind's published articles, optionally of one tag. */
export function useArticles(kind: ArticleKind, tag: string | undefined, page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['articles', kind, tag ?? '', page, i18n.language],
    queryFn: ({ signal }) => apiCall('articles', { query: { kind, page, ...(tag ? { tag } : {}) }, signal }),
  });
}

/** GET /wps/articles/one: one published article. */
export function useArticle(kind: ArticleKind, id: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['article', kind, id, i18n.language],
    queryFn: ({ signal }) => apiCall('article', { query: { kind, id }, signal }),
    retry: false,
  });
}
