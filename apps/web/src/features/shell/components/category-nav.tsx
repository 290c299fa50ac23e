import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { cx, Icon, MediaIcon, Menu } from '../../../components/ui';
import { behindPrerender } from '../../../lib/prerender';
import { paths } from '../../../lib/routes/paths';
import { categoryIcon, useNavCategories } from '../hooks/use-nav-categories';
import { fitCount } from './category-fit';
import styles from './category-nav.module.css';

interface NavItem {
  key: string;
  to: string;
  label: string;
  icon: string;
}

/** The gap between the bar's items (category-nav.module.css, `.bar .items`). */
const BAR_GAP = 2;

interface CategoryNavProps {
  /** "bar": icons over labels in the header; "list": rows in the drawer and side menu. */
  variant: 'bar' | 'list' | 'rail';
  label: string;
  onNavigate?: () => void;
  className?: string;
}

/**
 * Spec §2 Header: Home first, then every known category that has vendors, in the server's order.
 * Memoised: the header and side menu re-render for their own state, the categories rarely change.
 */
export const CategoryNav = memo(function CategoryNav({
  variant,
  label,
  onNavigate,
  className,
}: CategoryNavProps) {
  const { t } = useTranslation();
  const categories = useNavCategories();
  const items: NavItem[] = [
    { key: 'HOME', to: paths.home, label: t('categories.HOME'), icon: categoryIcon('home') },
    ...categories.map((c) => ({
      key: c.type,
      to: c.path,
      label: t(`categories.${c.type}`),
      icon: categoryIcon(c.type),
    })),
  ];
  if (variant === 'bar') return <CategoryBar items={items} label={label} className={className} />;
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
              <MediaIcon src={item.icon} size={20} />
              <span className={styles.label}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/**
 * The header bar: the categories that fit in the room the header leaves, the rest under a More
 * menu button (none dropped, none scrolled out of sight). An invisible copy of the row measures
 * every item, so the split follows the room and the labels' language.
 */
function CategoryBar({ items, label, className }: { items: NavItem[]; label: string; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(items.length);
  useLayoutEffect(() => {
    const root = nav.current;
    const row = measure.current;
    if (!root || !row || typeof ResizeObserver === 'undefined') return;
    const split = (bar: Element, copy: Element) => {
      const widths = [...copy.children].map((li) => li.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      setShown(fitCount(widths, more, bar.clientWidth, BAR_GAP));
    };
    const update = () => split(root, row);
    const observer = new ResizeObserver(update);
    observer.observe(root);
    observer.observe(row);
    if (!behindPrerender()) update();
    else {
      // Behind the prerendered page this bar is not laid out, but the page's own copy of it is, with
      // the same categories and labels: it is split by that copy's room, so it takes the copy's place
      // already split (the observer measures it again once shown). Without a matching copy it shows
      // every category, as the copy does, until then.
      const copy = document.querySelector('#prerender [data-category-measure]');
      const bar = copy?.closest('nav');
      if (copy && bar && copy.children.length === row.children.length) split(bar, copy);
    }
    return () => observer.disconnect();
  }, []);
  const visible = items.slice(0, shown);
  const rest = items.slice(shown);
  const moreLabel = t('header.more');
  return (
    <nav
      ref={nav}
      aria-label={label}
      className={cx(styles.nav, styles.bar, className)}
      data-hidden-categories={rest.length}
    >
      <ul className={styles.items}>
        {visible.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              end={item.to === paths.home}
              className={styles.link}
              data-category={item.key}
            >
              <MediaIcon src={item.icon} size={22} />
              <span className={styles.label}>{item.label}</span>
            </NavLink>
          </li>
        ))}
        {rest.length > 0 ? (
          <li>
            <Menu
              label={t('header.moreCategories')}
              menuLabel={t('header.moreCategories')}
              testId="category-more"
              align="start"
              buttonClassName={cx(styles.link, styles.more)}
              trigger={
                <>
                  <Icon name="chevron-down" size={22} />
                  <span className={styles.label}>{moreLabel}</span>
                </>
              }
              items={rest.map((item) => ({
                key: item.key,
                label: item.label,
                icon: <MediaIcon src={item.icon} size={20} />,
                onSelect: () => navigate(item.to),
              }))}
            />
          </li>
        ) : null}
      </ul>
      <div className={styles.measureBox} aria-hidden="true">
        <ul ref={measure} className={cx(styles.items, styles.measure)} data-category-measure>
          {items.map((item) => (
            <li key={item.key}>
              <span className={styles.link}>
                <MediaIcon src={item.icon} size={22} />
                <span className={styles.label}>{item.label}</span>
              </span>
            </li>
          ))}
          <li>
            <span className={cx(styles.link, styles.more)}>
              <Icon name="chevron-down" size={22} />
              <span className={styles.label}>{moreLabel}</span>
            </span>
          </li>
        </ul>
      </div>
    </nav>
  );
}
