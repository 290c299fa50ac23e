import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, Modal, ModalTitle } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import { CategoryNav } from './category-nav';
import { CustomerServiceList } from './customer-service-menu';
import { LanguageList } from './language-menu';
import styles from './nav-drawer.module.css';
import { ThemeToggle } from './theme-toggle';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  account: ReactNode;
}

/** The narrow-screen menu: the header's navigation and tools in one drawer. */
export function NavDrawer({ open, onClose, account }: NavDrawerProps) {
  const { t } = useTranslation();
  const links = [
    { to: paths.promotions, icon: 'gift' as const, label: t('header.promotions') },
    { to: paths.pointMall, icon: 'star' as const, label: t('sideMenu.pointMall') },
    { to: paths.down, icon: 'download' as const, label: t('header.download') },
    { to: paths.blog, icon: 'menu' as const, label: t('sideMenu.blog') },
    { to: paths.news, icon: 'mail' as const, label: t('sideMenu.news') },
    { to: paths.help, icon: 'help' as const, label: t('sideMenu.help') },
  ];
  return (
    <Modal open={open} onClose={onClose} size="drawer" dataModal="nav-drawer">
      <div className={styles.drawer}>
        <ModalTitle className={styles.title}>{t('header.menuTitle')}</ModalTitle>
        <div className={styles.account}>{account}</div>
        <CategoryNav variant="list" label={t('header.primaryNav')} onNavigate={onClose} />
        <nav aria-label={t('sideMenu.more')}>
          <ul className={styles.links}>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={styles.link} onClick={onClose}>
                  <Icon name={l.icon} />
                  <span>{l.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label={t('common.customerService')}>
          <h3 className={styles.heading}>{t('common.customerService')}</h3>
          <CustomerServiceList />
        </section>
        <LanguageList />
        <ThemeToggle withLabel />
      </div>
    </Modal>
  );
}
