import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx, MediaIcon } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import { categoryIcon, useNavCategories } from '../hooks/use-nav-categories';
import styles from './category-nav.module.css';

interface CategoryNavProps {
  /** "bar": icons over labels in the header; "list": rows in the drawer and side menu. */
  variant: 'bar' | 'list' | 'rail';
  label: string;
  onNavigate?: () => void;
  className?: string;
}

/** Spec §2 Header: Home first, then every known category that has vendors, in the server's order. */
export function CategoryNav({ variant, label, onNavigate, className }: CategoryNavProps) {
  const { t } = useTranslation();
  const categories = useNavCategories();
  const items = [
    { key: 'HOME', to: paths.home, label: t('categories.HOME'), icon: categoryIcon('home') },
    ...categories.map((c) => ({
      key: c.type,
      to: c.path,
      label: t(`categories.${c.type}`),
      icon: categoryIcon(c.type),
    })),
  ];
  return (
    <nav aria-label={label} className={cx(styles.nav, styles[variant], className)}>
      <ul className={styles.items}>
        {items.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              end={item.to === paths.home}
              className={styles.link}
              data-category={item.key}
              onClick={onNavigate}
              aria-label={variant === 'rail' ? item.label : undefined}
              title={variant === 'rail' ? item.label : undefined}
            >
              <MediaIcon src={item.icon} size={variant === 'bar' ? 22 : 20} />
              <span className={styles.label}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
