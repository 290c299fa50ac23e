import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui';
import { imageUrl } from '../../lib/cdn';
import { useSitePages } from '../../lib/content';
import { paths } from '../../lib/routes/paths';
import { useBrand } from '../../lib/site';
import styles from './promo-pages.module.css';

const COPY = {
  1: { title: 'sponsor.title1', text: 'sponsor.text1' },
  2: { title: 'sponsor.title2', text: 'sponsor.text2' },
  3: { title: 'sponsor.title3', text: 'sponsor.text3' },
} as const;

/**
 * /sponsor1, /sponsor2, /sponsor3: bare brand pages (no header or footer). The texts and image
 * come from the content configuration (sponsors[n-1]); the built-in texts stand in without one.
 */
export default function SponsorPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname } = useLocation();
  const { data } = useSitePages();
  const n = Number(pathname.replace(/\D+/g, '')) as 1 | 2 | 3;
  const copy = COPY[n] ?? COPY[1];
  const page = data?.sponsors[(COPY[n] ? n : 1) - 1];
  return (
    <div className={styles.sponsor} data-page="sponsor" data-sponsor={n}>
      <img
        className={styles.sponsorLogo}
        src={imageUrl(brand.logo)}
        alt={brand.name}
        width={200}
        height={50}
      />
      {page?.image ? (
        <img className={styles.sponsorImage} src={imageUrl(page.image)} alt="" width={1600} height={500} />
      ) : null}
      <h1>{page?.title ?? t(copy.title)}</h1>
      <p>{page?.text ?? t(copy.text, { brand: brand.name })}</p>
      <ButtonLink to={paths.home} size="lg">
        {t('common.backHome')}
      </ButtonLink>
    </div>
  );
}
