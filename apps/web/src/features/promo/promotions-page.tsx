import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../../components/ui';
import styles from './promo-pages.module.css';

/** /promotions: the page frame; the activity list arrives with the content issue. */
export default function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-page="promotions">
      <PageHeader title={t('promotions.title')} subtitle={t('promotions.subtitle')} />
      <EmptyState title={t('promotions.empty')} text={t('promotions.emptyText')} icon="gift" />
    </div>
  );
}
