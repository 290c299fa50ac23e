import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../../../components/ui';
import { HotTiles } from '../components/hot-tiles';
import styles from './pages.module.css';

/** /hot: hot games (the list call arrives with the games issue) and the hot categories. */
export default function HotPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-page="hot">
      <PageHeader title={t('categories.HOT')} subtitle={t('games.hotEmptyText')} />
      <EmptyState title={t('games.hotEmpty')} headingLevel={2} />
      <HotTiles headingLevel={2} />
    </div>
  );
}
