import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui';
import { useGamesTexts } from '../../../lib/games/texts';
import { HotGames } from '../components/hot-games';
import { HotTiles } from '../components/hot-tiles';
import styles from './pages.module.css';

/** /hot: the hot games, then the hot categories. */
export default function HotPage() {
  const { t } = useTranslation();
  const { t: tg } = useGamesTexts();
  return (
    <div className={styles.page} data-page="hot">
      <PageHeader title={t('categories.HOT')} subtitle={tg('hot.subtitle')} />
      <HotGames />
      <HotTiles headingLevel={2} />
    </div>
  );
}
