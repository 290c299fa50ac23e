import type { ReactNode } from 'react';
import { cx, EmptyState, type IconName, Spinner } from '../../components/ui';
import { LoadFailure } from '../money/fields';
import styles from './paged-results.module.css';
import { Paginator } from './paginator';

/** A page of a paged list, as every paged call answers it. */
export interface PageOf<T> {
  content: T[];
  total: number;
  pageNum: number;
  totalPages: number;
}

/** The parts of a TanStack query result a paged list reads (keepPreviousData keeps the last page while the next loads). */
export interface PagedQuery<D> {
  data: D | undefined;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedResultsProps<D extends PageOf<unknown>> {
  query: PagedQuery<D>;
  /** False while the filters are not valid (no call is made): nothing but the frame shows. */
  active: boolean;
  pageSize: number;
  onPage: (page: number) => void;
  texts: {
    /** "Showing 1–20 of 57"; a short list (recent orders) may go without. */
    summary?: ((range: { first: number; last: number; total: number }) => string) | undefined;
    loading: string;
    emptyTitle: string;
    emptyText: string;
    /** Names the paginator ("Account record pages"). */
    pages: string;
  };
  emptyIcon?: IconName;
  /** The frame: a labelled section, or a plain div inside a tab panel. */
  as?: 'section' | 'div';
  label?: string;
  className?: string;
  /** The rows of a page with data (a table, or cards on phones). */
  children: (rows: D['content'], data: D) => ReactNode;
}

/**
 * One way to show a paged list: the summary line, a load failure with retry, the spinner, the empty
 * state, the rows (dimmed while the next page loads) and the paginator.
 */
export function PagedResults<D extends PageOf<unknown>>({
  query,
  active,
  pageSize,
  onPage,
  texts,
  emptyIcon = 'grid',
  as: Frame = 'section',
  label,
  className,
  children,
}: PagedResultsProps<D>) {
  const data = query.data;
  const rows = data?.content ?? [];
  const first = data && data.total > 0 ? (data.pageNum - 1) * pageSize + 1 : 0;
  return (
    <Frame
      className={cx(styles.results, className)}
      aria-label={label}
      aria-busy={query.isFetching || undefined}
    >
      {texts.summary ? (
        <p className={styles.summary} role="status">
          {active && data && data.total > 0
            ? texts.summary({ first, last: first + rows.length - 1, total: data.total })
            : null}
        </p>
      ) : null}
      {!active ? null : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Spinner label={texts.loading} />
      ) : rows.length === 0 ? (
        <EmptyState icon={emptyIcon} headingLevel={3} title={texts.emptyTitle} text={texts.emptyText} />
      ) : (
        <div className={query.isPlaceholderData ? styles.stale : undefined}>{children(rows, data)}</div>
      )}
      {data && active ? (
        <Paginator page={data.pageNum} totalPages={data.totalPages} onChange={onPage} label={texts.pages} />
      ) : null}
    </Frame>
  );
}
