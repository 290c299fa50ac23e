import type { ArticleKind } from '@aurum/contract';
import { Link, useSearchParams } from 'react-router';
import { Button, Spinner } from '../../components/ui';
import { useArticlesTexts } from '../../lib/articles/texts';
import { formatDate } from '../../lib/format/date';
import { paths } from '../../lib/routes/paths';
import { useArticles } from './api';
import styles from './articles.module.css';
import { usePageMeta } from './page-meta';

/** /blog and /news: the kind's published articles, newest first, paged, filtered by a tag (?tag=). */
export function ArticlesPage({ kind }: { kind: ArticleKind }) {
  const { t } = useArticlesTexts();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useArticles(kind, tag, page);
  const title = t(kind === 'blog' ? 'blogTitle' : 'newsTitle');
  usePageMeta(title, null);
  const go = (next: { tag?: string | undefined; page?: number }) => {
    const p = new URLSearchParams();
    if (next.tag) p.set('tag', next.tag);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const base = kind === 'blog' ? paths.blog : paths.news;
  return (
    <div className={styles.page} data-page={kind}>
      <h1>{title}</h1>
      {list.data && list.data.tags.length > 0 ? (
        <nav aria-label={t('tags')}>
          <ul className={styles.tags}>
            <li>
              <Link className={styles.tag} to={base} aria-current={tag ? undefined : 'page'}>
                {t('allTags')}
              </Link>
            </li>
            {list.data.tags.map((x) => (
              <li key={x}>
                <Link
                  className={styles.tag}
                  to={`${base}?tag=${x}`}
                  aria-current={tag === x ? 'page' : undefined}
                >
                  #{x}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {list.isError ? (
        <div className={styles.actions}>
          <p className={styles.muted}>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !list.data ? (
        <Spinner label={title} />
      ) : list.data.content.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <>
          <ul className={styles.grid}>
            {list.data.content.map((a) => (
              <li key={a.id}>
                <article className={styles.card} data-article={a.id}>
                  {a.image ? <img src={a.image} alt="" loading="lazy" /> : null}
                  <div className={styles.cardBody}>
                    <h2>
                      <Link to={paths.article(kind, a.id)}>{a.title}</Link>
                    </h2>
                    <p className={styles.muted}>{t('published', { date: formatDate(a.publishedAt) })}</p>
                    <p>{a.summary}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          {list.data.totalPages > 1 ? (
            <nav className={styles.pager} aria-label={title}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => go({ tag, page: page - 1 })}>
                {t('previous')}
              </Button>
              <span>{t('page', { page, pages: list.data.totalPages })}</span>
              <Button
                variant="secondary"
                disabled={page >= list.data.totalPages}
                onClick={() => go({ tag, page: page + 1 })}
              >
                {t('next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

export const BlogPage = () => <ArticlesPage kind="blog" />;
export const NewsPage = () => <ArticlesPage kind="news" />;
