import { Suspense } from 'react';
import { Img } from '../../../components/ui';
import { useContentTexts, useSitePages } from '../../../lib/content';
import { SlideLink } from '../../../lib/content/slide-link';
import styles from './marketing-blocks.module.css';

/** The home page's marketing blocks (content config "marketing"); nothing while there are none. */
export function MarketingBlocks() {
  // Its own boundary: the texts' catalogue loading never blanks the home page around it.
  return (
    <Suspense fallback={null}>
      <Blocks />
    </Suspense>
  );
}

function Blocks() {
  const { t } = useContentTexts();
  const { data } = useSitePages();
  const blocks = data?.marketing ?? [];
  if (blocks.length === 0) return null;
  return (
    <section className={styles.blocks} aria-labelledby="marketing-heading" data-marketing="true">
      <h2 id="marketing-heading" className="visually-hidden">
        {t('marketingHeading')}
      </h2>
      <ul className={styles.list}>
        {blocks.map((b) => (
          <li key={b.id} className={styles.block} data-block={b.id}>
            {b.image ? <Img className={styles.image} src={b.image} alt="" ratio={16 / 5} /> : null}
            <h3 className={styles.title}>{b.title}</h3>
            <p className={styles.text}>{b.text}</p>
            {b.cta && b.link.linkageType !== 'NONE' ? (
              <SlideLink link={b.link} className={styles.link}>
                {b.cta}
              </SlideLink>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
