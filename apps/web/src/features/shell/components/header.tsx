import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Icon } from '../../../components/ui';
import { imageUrl } from '../../../lib/cdn';
import { paths } from '../../../lib/routes/paths';
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
  const promoLabel = promoCount ? t('header.promotionsCount', { count: promoCount }) : t('header.promotions');
  return (
    <header className={styles.header} data-shell="header">
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
          <NavLink
            to={paths.promotions}
            className={controls.control}
            aria-label={promoLabel}
            title={promoLabel}
          >
            <Icon name="gift" />
            {promoCount ? (
              <span className={controls.badge} aria-hidden="true">
                {promoCount > 99 ? '99+' : promoCount}
              </span>
            ) : null}
          </NavLink>
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
