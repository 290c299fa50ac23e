import type { ArticleKind } from '@aurum/contract';
import { Link, useParams } from 'react-router';
import { Button, SafeHtml, Spinner } from '../../components/ui';
import { CopyButton } from '../../components/ui/copy-button';
import { useArticlesTexts } from '../../lib/articles/texts';
import { formatDate } from '../../lib/format/date';
import { paths } from '../../lib/routes/paths';
import { useArticle } from './api';
import styles from './articles.module.css';
import { usePageMeta } from './page-meta';

/** /blog/:id and /news/:id: one article with its cover, date, tags, body and a share link. */
export function ArticlePage({ kind }: { kind: ArticleKind }) {
  const { t } = useArticlesTexts();
  const id = useParams().id ?? '';
  const article = useArticle(kind, id);
  usePageMeta(article.data?.title ?? null, article.data?.summary ?? null);
  const back = kind === 'blog' ? paths.blog : paths.news;
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const share = () => void navigator.share?.({ title: article.data?.title, url }).catch(() => undefined);
  return (
    <div className={styles.page} data-page={`${kind}-article`}>
      <div className={styles.article}>
        <Link to={back}>{t('back')}</Link>
        {article.isError ? (
          <p className={styles.muted} role="alert">
            {t('notFound')}
          </p>
        ) : !article.data ? (
          <Spinner label={t(kind === 'blog' ? 'blogTitle' : 'newsTitle')} />
        ) : (
          <article className={styles.article} data-article={article.data.id}>
            {article.data.image ? <img className={styles.cover} src={article.data.image} alt="" /> : null}
            <h1>{article.data.title}</h1>
            <p className={styles.muted}>{t('published', { date: formatDate(article.data.publishedAt) })}</p>
            {article.data.tags.length > 0 ? (
              <ul className={styles.tags} aria-label={t('tags')}>
                {article.data.tags.map((x) => (
                  <li key={x}>
                    <Link className={styles.tag} to={`${back}?tag=${x}`}>
                      #{x}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            <SafeHtml as="div" html={article.data.body} />
            <div className={styles.actions}>
              {typeof navigator !== 'undefined' && 'share' in navigator ? (
                <Button variant="secondary" onClick={share}>
                  {t('share')}
                </Button>
              ) : null}
              <CopyButton
                text={url}
                texts={{
                  copy: t('copyLink'),
                  copied: t('copied'),
                  copyLabel: t('copyLabel'),
                  copiedLabel: t('copiedLabel'),
                  copyFailed: t('copyFailed'),
                }}
              />
            </div>
          </article>
        )}
      </div>
    </div>
  );
}

export const BlogArticlePage = () => <ArticlePage kind="blog" />;
export const NewsArticlePage = () => <ArticlePage kind="news" />;
