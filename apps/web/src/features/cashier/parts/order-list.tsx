import { type ReactNode, useId } from 'react';
import { Button, EmptyState, Icon } from '../../../components/ui';
import { useCashierTexts } from '../../../lib/money/texts';
import styles from '../cashier.module.css';
import { LoadFailure, Loading } from './messages';
import { Pager } from './pager';

/** What the list needs of an orders query (TanStack's result fits). */
interface OrdersQuery<T> {
  data: { content: readonly T[]; pageNum: number; totalPages: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface OrderListProps<T> {
  /** The list's `data-list` mark. */
  list: string;
  title: string;
  pagesLabel: string;
  emptyTitle: string;
  emptyText: string;
  orders: OrdersQuery<T>;
  onPage: (page: number) => void;
  row: (order: T) => ReactNode;
  /** After the list, inside its section (a dialog about one of its orders). */
  children?: ReactNode;
}

/** A card of the member's recent orders (deposits, withdrawals): refresh, rows, pages, empty. */
export function OrderList<T>({
  list,
  title,
  pagesLabel,
  emptyTitle,
  emptyText,
  orders,
  onPage,
  row,
  children,
}: OrderListProps<T>) {
  const { t } = useCashierTexts();
  const headingId = useId();
  const data = orders.data;
  return (
    <section aria-labelledby={headingId} className={styles.card} data-list={list}>
      <div className={styles.cardHead}>
        <h3 id={headingId}>{title}</h3>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t('common.refresh')}
          busy={orders.isFetching}
          onClick={() => void orders.refetch()}
        >
          <Icon name="refresh" size={16} />
        </Button>
      </div>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError && !data ? (
        <LoadFailure error={orders.error} onRetry={() => void orders.refetch()} busy={orders.isFetching} />
      ) : data && data.content.length > 0 ? (
        <>
          <ul className={styles.orders}>{data.content.map(row)}</ul>
          <Pager
            page={data.pageNum}
            totalPages={data.totalPages}
            onChange={onPage}
            label={pagesLabel}
            busy={orders.isFetching}
          />
        </>
      ) : (
        <EmptyState title={emptyTitle} text={emptyText} headingLevel={3} />
      )}
      {children}
    </section>
  );
}
