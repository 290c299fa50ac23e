import type { PromotionCard } from '@aurum/contract';
import { Link } from 'react-router';
import { Button, EmptyState, Img, SafeHtml, Spinner } from '../../../components/ui';
import { formatDate, formatWireMoney } from '../../../lib/format';
import { usePromotionDetail, usePromotionsTexts } from '../../../lib/promotions';
import { useBrand } from '../../../lib/site';
import { ActionButton, RewardLine, StatusBadge } from './promotion-card';
import styles from './promotions.module.css';
import { RainLine } from './rain-line';

/** /promotions?id=…: one promotion with its rules, the member's progress and action. */
export function PromotionDetailView({
  id,
  busyId,
  onAction,
}: {
  id: string;
  busyId: string | undefined;
  onAction: (card: PromotionCard) => void;
}) {
  const { t } = usePromotionsTexts();
  const brand = useBrand();
  const detail = usePromotionDetail(id);
  const money = (v: string) => formatWireMoney(v, brand.currencySymbol);
  const back = (
    <Link to="." className={styles.back}>
      ← {t('back')}
    </Link>
  );
  if (detail.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div>
        {back}
        <EmptyState
          title={t('errors.unknown')}
          icon="gift"
          action={<Button onClick={() => detail.refetch()}>{t('retry')}</Button>}
        />
      </div>
    );
  }
  const p = detail.data;
  return (
    <article className={styles.detail} data-promo-detail={p.id} aria-labelledby="promo-detail-title">
      {back}
      <div className={styles.detailHead}>
        <Img src={p.image} alt="" ratio={16 / 9} className={styles.detailImage} />
        <div className={styles.detailInfo}>
          <div className={styles.cardTop}>
            <StatusBadge card={p} />
            <RewardLine card={p} />
          </div>
          <h2 id="promo-detail-title" className={styles.detailTitle}>
            {p.title}
          </h2>
          <p className={styles.summary}>{p.summary}</p>
          <p className={styles.period}>
            {t('period', { start: formatDate(p.start), end: formatDate(p.end) })}
          </p>
          {p.signUpStart !== p.start || p.signUpEnd !== p.end ? (
            <p className={styles.period}>
              {t('registration', { start: formatDate(p.signUpStart), end: formatDate(p.signUpEnd) })}
            </p>
          ) : null}
          <RainLine card={p} />
          {p.progress !== null && p.minDeposit !== null ? (
            <p className={styles.progress}>
              {t('progress', { progress: money(p.progress), min: money(p.minDeposit) })}
            </p>
          ) : null}
          {p.prizes.length ? (
            <p className={styles.period}>
              {t('prizes')}: {p.prizes.map(money).join(' · ')}
            </p>
          ) : null}
          {p.rejectReason ? (
            <p className={styles.reason} role="note">
              {t('rejectReason', { reason: p.rejectReason })}
            </p>
          ) : null}
          <div className={styles.cardActions}>
            <ActionButton card={p} busy={busyId === p.id} onAction={onAction} />
          </div>
        </div>
      </div>
      <SafeHtml html={p.detailHtml} className={styles.rules} as="section" />
    </article>
  );
}
