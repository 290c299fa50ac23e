import { useTranslation } from 'react-i18next';
import { DownloadSection } from '../../features/download';
import { GameCentre, HotTiles, Winners } from '../../features/games';
import { AnnouncementGate, HomeNotices, MarketingBlocks, PageBanner } from '../../features/promo';
import { useReleasePrerender } from '../../lib/prerender';
import { useBrand } from '../../lib/site';
import styles from './home-screen.module.css';

/**
 * Spec §2 Home page: banner (group w_home), notice marquee, hot category tiles, game centre,
 * marketing blocks, winners, download section; the announcement popup opens on entry.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const brand = useBrand();
  // The server's copy of this page (lib/prerender) gives way to this one.
  useReleasePrerender();
  return (
    <div className={styles.home} data-page="home">
      <h1 className="visually-hidden">{t('home.heading', { brand: brand.name })}</h1>
      <PageBanner group="w_home" />
      <HomeNotices />
      <HotTiles />
      <GameCentre heading={t('home.gameCentreHeading')} defaultType="LOTT" />
      <MarketingBlocks />
      <Winners />
      <DownloadSection />
      <AnnouncementGate />
    </div>
  );
}
