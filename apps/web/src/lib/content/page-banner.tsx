import type { BannerGroup } from '@aurum/contract';
import { Suspense } from 'react';
import { BannerCarousel } from './banner-carousel';
import { useBannerState, useContentTexts } from './index';
import styles from './page-banner.module.css';

/**
 * The banner of a page's group (spec §2: a banner group per page), from GET /wps/banners. A group
 * without live slides renders nothing at all. `end`: placed after the content (sign-in modals).
 */
export function PageBanner({ group, end = false }: { group: BannerGroup; end?: boolean }) {
  return (
    <Suspense fallback={<Placeholder group={group} />}>
      <GroupBanner group={group} end={end} />
    </Suspense>
  );
}

function GroupBanner({ group, end }: { group: BannerGroup; end: boolean }) {
  const { t } = useContentTexts();
  const { slides, pending } = useBannerState(group);
  if (pending) return <Placeholder group={group} />;
  if (slides.length === 0) return null;
  return (
    <BannerCarousel
      slides={slides.map((s) => ({ ...s, image: s.url }))}
      label={t('bannerLabel')}
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
