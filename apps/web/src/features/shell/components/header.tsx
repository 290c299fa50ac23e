import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Icon } from '../../../components/ui';
import { apiCall } from '../../../lib/api';
import { imageUrl } from '../../../lib/cdn';
import { paths } from '../../../lib/routes/paths';
import { useSessionToken } from '../../../lib/session/session-store';
import { useBrand } from '../../../lib/site';
import { CategoryNav } from './category-nav';
import { CustomerServiceMenu } from './customer-service-menu';
import styles from './header.module.css';
import controls from './header-controls.module.css';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';

// The drawer is only fetched the first time it opens.
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

interface HeaderProps {
  /** The account area: log in / register for visitors; the member's area once signed in. */
  account: ReactNode;
  /** Promotions badge (availablePromoCount), when known. */
  promoCount?: number;
}

/** Spec §2 Header; DESIGN: 64 px, logo, categories with icons, then the account area. */
export function Header({ account, promoCount }: HeaderProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  // A member's balance and buttons take the room the categories need: they move to the drawer sooner.
  const signedIn = useSessionToken() !== null;
  return (
    <header className={styles.header} data-shell="header" data-signed-in={signedIn || undefined}>
      <div className={styles.inner}>
        <button
          type="button"
          className={`${controls.control} ${styles.menuButton}`}
          aria-label={t('header.openMenu')}
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
        >
          <Icon name="menu" size={22} />
        </button>
        <Link
          to={paths.home}
          className={styles.brand}
          aria-label={t('common.brandHome', { brand: brand.name })}
        >
          <img className={styles.logo} src={imageUrl(brand.logo)} alt="" width={148} height={36} />
          <img className={styles.mark} src={imageUrl(brand.mark)} alt="" width={36} height={36} />
        </Link>
        <CategoryNav variant="bar" label={t('header.primaryNav')} className={styles.nav} />
        <div className={styles.tools}>
          <PromotionsLink count={promoCount} />
          <NavLink
            to={paths.down}
            className={controls.control}
            aria-label={t('header.download')}
            title={t('header.download')}
          >
            <Icon name="download" />
          </NavLink>
          <CustomerServiceMenu />
          <LanguageMenu />
          <ThemeToggle />
        </div>
        <div className={styles.account}>{account}</div>
      </div>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} account={account} />
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * The promotions link with its badge: its own component, so the count arriving (or changing)
 * re-renders the link alone, not the whole header.
 */
function PromotionsLink({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  const available = useAvailablePromoCount();
  const promoCount = count ?? available;
  const label = promoCount ? t('header.promotionsCount', { count: promoCount }) : t('header.promotions');
  return (
    <NavLink to={paths.promotions} className={controls.control} aria-label={label} title={label}>
      <Icon name="gift" />
      {promoCount ? (
        <span className={controls.badge} aria-hidden="true">
          {promoCount > 99 ? '99+' : promoCount}
        </span>
      ) : null}
    </NavLink>
  );
}

/**
 * availablePromoCount (spec §3 public state): the badge on the promotions link, 0 while unknown.
 * Its key sits under ['promotions'], so a promotion action (lib/promotions) refreshes it.
 */
function useAvailablePromoCount(): number {
  const token = useSessionToken();
  const query = useQuery({
    queryKey: ['promotions', 'count', token],
    queryFn: ({ signal }) => apiCall('promotionAvailableCount', { signal }),
    staleTime: 60_000,
  });
  return query.data?.availablePromoCount ?? 0;
}
