import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui';
import styles from './paginator.module.css';
import { pageItems } from './paging';

interface PaginatorProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the list the pages belong to ("Account record pages"). */
  label: string;
}

/**
 * Previous, the page window of spec §9 (range 2, no margin pages), next. Nothing for one page.
 * Shared by every paged list (records, downlines, game lobbies), so it lives outside any one area.
 */
export function Paginator({ page, totalPages, onChange, label }: PaginatorProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label} data-paginator="true">
      <ul className={styles.pagerList}>
        <li>
          <button
            type="button"
            className={styles.pageButton}
            aria-label={t('pager.previous')}
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <Icon name="chevron-left" size={18} />
          </button>
        </li>
        {pageItems(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={styles.pageButton}
                aria-label={t('pager.page', { page: item.page })}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => item.page !== page && onChange(item.page)}
                data-page={item.page}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.pageButton}
            aria-label={t('pager.next')}
            disabled={page >= totalPages}
            onClick={() => onChange(page + 1)}
          >
            <Icon name="chevron-right" size={18} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
