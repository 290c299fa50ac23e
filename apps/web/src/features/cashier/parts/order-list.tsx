import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { useCashierTexts } from '../../../lib/money/texts';
import { type PagedQuery, PagedResults, type PageOf } from '../../../lib/paging/paged-results';
import { ORDERS_PAGE_SIZE } from '../api/keys';
import styles from '../cashier.module.css';

interface OrderListProps<T> {
  /** The list's `data-list` mark. */
  list: string;
  title: string;
  pagesLabel: string;
  emptyTitle: string;
  emptyText: string;
  orders: PagedQuery<PageOf<T>>;
  onPage: (page: number) => void;
  row: (order: T) => ReactNode;
  /** After the list, inside its section (a dialog about one of its orders). */
  children?: ReactNode;
}

/**
 * A card of the member's recent orders (deposits, withdrawals): a refresh button, then the paged
 * list as every record page shows one (loading, failure with retry, empty, rows, paginator).
 */
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
  const { t: tc } = useTranslation();
  const headingId = useId();
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
      <PagedResults
        query={orders}
        active
        pageSize={ORDERS_PAGE_SIZE}
        onPage={onPage}
        as="div"
        texts={{ loading: tc('common.loading'), emptyTitle, emptyText, pages: pagesLabel }}
      >
        {(rows) => <ul className={styles.orders}>{rows.map(row)}</ul>}
      </PagedResults>
      {children}
    </section>
  );
}
