import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadSection } from '../../features/download';
import { GameCentre, HotTiles, Winners } from '../../features/games';
import { BannerCarousel, type BannerSlide, NoticeMarquee } from '../../features/promo';
import { paths } from '../../lib/routes/paths';
import { useBrand } from '../../lib/site';
import styles from './home-screen.module.css';

/** Spec §2 Home page: banner, notice marquee, hot category tiles, game centre, winners, download section. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const brand = useBrand();
  const slides = useMemo<BannerSlide[]>(
    () => [
      {
        id: 'home-1',
        image: '/media/banners/home-1.svg',
        title: t('home.banner1Title'),
        text: t('home.banner1Text'),
        cta: t('home.banner1Cta'),
        href: paths.promotions,
      },
      {
        id: 'home-2',
        image: '/media/banners/home-2.svg',
        title: t('home.banner2Title'),
        text: t('home.banner2Text'),
        cta: t('home.banner2Cta'),
        href: '/live',
      },
      {
        id: 'home-3',
        image: '/media/banners/home-3.svg',
        title: t('home.banner3Title'),
        text: t('home.banner3Text'),
        cta: t('home.banner3Cta'),
        href: paths.down,
      },
    ],
    [t],
  );
  return (
    <div className={styles.home} data-page="home">
      <h1 className="visually-hidden">{t('home.heading', { brand: brand.name })}</h1>
      <BannerCarousel slides={slides} label={t('home.bannerLabel')} />
      {/* Notices arrive with the content issue; the bar hides itself while there are none. */}
      <NoticeMarquee items={[]} />
      <HotTiles />
      <GameCentre heading={t('home.gameCentreHeading')} defaultType="LOTT" />
      <Winners />
      <DownloadSection />
    </div>
  );
}
