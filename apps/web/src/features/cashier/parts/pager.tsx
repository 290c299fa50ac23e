import { Button, Icon } from '../../../components/ui';
import { useCashierTexts } from '../../../lib/money/texts';
import styles from '../cashier.module.css';

/** Previous / next through a paged list, with where the member is; hidden for a single page. */
export function Pager({
  page,
  totalPages,
  onChange,
  label,
  busy,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
  busy?: boolean;
}) {
  const { t } = useCashierTexts();
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1 || busy}
        onClick={() => onChange(page - 1)}
        data-action="previous-page"
      >
        <Icon name="chevron-left" size={16} />
        {t('common.previous')}
      </Button>
      <span className={styles.pageOf} aria-current="page">
        {t('common.pageOf', { page, total: totalPages })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages || busy}
        onClick={() => onChange(page + 1)}
        data-action="next-page"
      >
        {t('common.next')}
        <Icon name="chevron-right" size={16} />
      </Button>
    </nav>
  );
}
