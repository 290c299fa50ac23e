import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Img } from '../../../components/ui';
import { hotCategories, pathForGameType } from '../../../lib/games';
import { useGameMenus } from '../../../lib/site';
import { tileArt } from './category-art';
import styles from './hot-tiles.module.css';

/** Spec §2 Home: hot category tiles — RNG, FISH, PVP, LIVE, LOTT, SPORTS, ESPORTS, those with vendors. */
export function HotTiles({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { menus, status } = useGameMenus();
  const types = useMemo(() => hotCategories(menus), [menus]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (status !== 'pending' && types.length === 0) return null;
  return (
    <section aria-labelledby="hot-tiles-heading" className={styles.section} data-hot-tiles="true">
      <Heading id="hot-tiles-heading" className={styles.heading}>
        {t('home.hotTitle')}
      </Heading>
      <ul className={styles.grid} aria-busy={status === 'pending'}>
        {status === 'pending'
          ? [0, 1, 2, 3].map((i) => <li key={i} className={styles.skeleton} aria-hidden="true" />)
          : types.map((type, i) => (
              <li key={type} className={i === 0 ? styles.feature : undefined}>
                <Link to={pathForGameType(type)} className={styles.tile} data-category={type}>
                  <Img
                    src={tileArt(type) ?? ''}
                    alt=""
                    ratio={320 / 200}
                    className={styles.art}
                    lazy={i > 3}
                  />
                  <span className={styles.name}>{t(`categories.${type}`)}</span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
