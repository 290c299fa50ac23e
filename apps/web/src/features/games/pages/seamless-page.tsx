import { useTranslation } from 'react-i18next';
import { ButtonLink, EmptyState, PageHeader } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import styles from './pages.module.css';

/** /seamless: the seamless-wallet game room (a game page: header only). */
export default function SeamlessPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-page="seamless">
      <PageHeader title={t('games.seamlessTitle')} subtitle={t('games.seamlessText')} compact />
      <EmptyState
        title={t('games.seamlessEmpty')}
        text={t('games.seamlessEmptyText')}
        art="/media/fallback/game.svg"
        action={<ButtonLink to={paths.rng}>{t('games.browseSlots')}</ButtonLink>}
      />
    </div>
  );
}
