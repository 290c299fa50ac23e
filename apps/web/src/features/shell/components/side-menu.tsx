import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx, Icon } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import { usePersistentToggle } from '../hooks/use-persistent-toggle';
import { CategoryNav } from './category-nav';
import styles from './side-menu.module.css';

/**
 * Spec §2: the side menu can be toggled. Wide screens: a column beside the content, expanded or
 * an icon rail. Narrow screens: not shown at all (the header's drawer carries the same links),
 * so it never covers content.
 */
export function SideMenu() {
  const { t } = useTranslation();
  const [expanded, toggle] = usePersistentToggle('sideMenu', true);
  const links = [
    { to: paths.promotions, icon: 'gift' as const, label: t('header.promotions') },
    { to: paths.pointMall, icon: 'star' as const, label: t('sideMenu.pointMall') },
    { to: paths.down, icon: 'download' as const, label: t('header.download') },
    { to: paths.blog, icon: 'menu' as const, label: t('sideMenu.blog') },
    { to: paths.news, icon: 'mail' as const, label: t('sideMenu.news') },
    { to: paths.help, icon: 'help' as const, label: t('sideMenu.help') },
  ];
  return (
    <aside
      className={cx(styles.side, !expanded && styles.collapsed)}
      aria-label={t('sideMenu.label')}
      data-shell="side-menu"
      data-expanded={expanded}
    >
      <div className={styles.sticky}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls="side-menu-content"
          aria-label={expanded ? t('sideMenu.collapse') : t('sideMenu.expand')}
          title={expanded ? t('sideMenu.collapse') : t('sideMenu.expand')}
          onClick={toggle}
        >
          <Icon name="sidebar" />
          {expanded ? <span aria-hidden="true">{t('sideMenu.games')}</span> : null}
        </button>
        <div id="side-menu-content" className={styles.content}>
          <CategoryNav variant={expanded ? 'list' : 'rail'} label={t('sideMenu.games')} />
          <nav aria-label={t('sideMenu.more')} className={styles.more}>
            <ul className={styles.links}>
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    className={styles.link}
                    aria-label={expanded ? undefined : l.label}
                    title={expanded ? undefined : l.label}
                  >
                    <Icon name={l.icon} />
                    <span className={styles.label}>{l.label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </aside>
  );
}
