import { Button, EmptyState, Spinner } from '../../../components/ui';
import { formatDateTime, formatWireMoney } from '../../../lib/format';
import { useMyApplications, usePromotionsTexts } from '../../../lib/promotions';
import { useBrand } from '../../../lib/site';
import styles from './promotions.module.css';

/** The member's applications with their review: under review, approved (paid) or rejected (reason). */
export function MyApplications() {
  const { t } = usePromotionsTexts();
  const brand = useBrand();
  const query = useMyApplications(true);
  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title={t('loadFailed')}
        icon="gift"
        action={<Button onClick={() => query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  if (query.data.list.length === 0) {
    return <EmptyState title={t('applications.empty')} text={t('applications.emptyText')} icon="gift" />;
  }
  return (
    <>
      {/* The tab names the list; the heading keeps the page's outline in order (h1, h2, then each h3). */}
      <h2 className="visually-hidden">{t('mine')}</h2>
      <ul className={styles.applications} data-promo-applications>
        {query.data.list.map((a) => (
          <li key={a.id} className={styles.application} data-application={a.id} data-status={a.status}>
            <div className={styles.applicationHead}>
              <h3 className={styles.applicationTitle}>{a.promotionTitle}</h3>
              <span
                className={styles.badge}
                data-tone={a.status === 'APPROVED' ? 'done' : a.status === 'REJECTED' ? 'closed' : 'wait'}
              >
                {t(`applications.status.${a.status}`)}
              </span>
            </div>
            <p className={styles.remark}>{a.remark}</p>
            <p className={styles.period}>
              {t('applications.sent', { date: formatDateTime(a.createdAt) })}
              {a.imageCount ? ` · ${t('applications.images', { count: a.imageCount })}` : ''}
            </p>
            {a.amount ? (
              <p className={styles.paid}>
                {t('applications.paid', { amount: formatWireMoney(a.amount, brand.currencySymbol) })}
              </p>
            ) : null}
            {a.reason ? <p className={styles.reason}>{t('rejectReason', { reason: a.reason })}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
