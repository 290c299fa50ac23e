import type { BannerGroup } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from './banner-carousel';
import { useBannerState } from './index';
import styles from './page-banner.module.css';

/**
 * The banner of a page's group (spec §2: a banner group per page), from GET /wps/banners. A group
 * without live slides renders nothing at all. `end`: placed after the content (sign-in modals).
 */
export function PageBanner({ group, end = false }: { group: BannerGroup; end?: boolean }) {
  // The label comes from the base catalogue: the banner is the home page's largest paint and must
  // not wait for a namespace.
  const { t } = useTranslation();
  const { slides, pending } = useBannerState(group);
  if (pending) return <Placeholder group={group} />;
  if (slides.length === 0) return null;
  return (
    <BannerCarousel
      slides={slides.map((s) => ({ ...s, image: s.url }))}
      label={t('home.bannerLabel')}
      group={group}
      compact={group !== 'w_home'}
      className={end ? styles.end : undefined}
    />
  );
}

/** The home banner keeps its place while it loads, so the page below does not jump. */
function Placeholder({ group }: { group: BannerGroup }) {
  return group === 'w_home' ? <div className={styles.placeholder} aria-hidden="true" /> : null;
}
