import type { Resource } from '@aurum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Img, MediaIcon } from '../../../components/ui';
import { allVendors } from '../../../lib/games';
import { fromI18nCode } from '../../../lib/i18n';
import { paths } from '../../../lib/routes/paths';
import { useBrand, useGameMenus, useSiteData } from '../../../lib/site';
import { socialIcon } from './customer-service-menu';
import styles from './footer.module.css';

/** Spec §2: social-link resources shown in the footer when configured. */
export const SOCIAL_TYPES = [
  'FACEBOOK',
  'YOUTUBE',
  'WHATSAPP',
  'TIKTOK',
  'INSTAGRAM',
  'TWITTER',
  'TELEGRAM',
] as const;

const isSocial = (r: Resource) => (SOCIAL_TYPES as readonly string[]).includes(r.resourceType);

export function Footer() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const { menus } = useGameMenus();
  const { resources } = useSiteData().permission.info;
  const vendors = useMemo(() => allVendors(menus), [menus]);
  const social = resources.filter(isSocial);
  const links = [
    { to: paths.promotions, label: t('header.promotions') },
    { to: paths.pointMall, label: t('sideMenu.pointMall') },
    { to: paths.winners, label: t('sideMenu.winners') },
    { to: paths.leaderboard, label: t('sideMenu.leaderboard') },
    { to: paths.down, label: t('header.download') },
    { to: paths.blog, label: t('sideMenu.blog') },
    { to: paths.news, label: t('sideMenu.news') },
    { to: paths.help, label: t('sideMenu.help') },
    { to: paths.join, label: t('join.title') },
  ];
  return (
    <footer className={styles.footer} data-shell="footer">
      <div className={styles.inner}>
        {vendors.length > 0 ? (
          <div>
            <h2 id="footer-vendors" className={styles.heading}>
              {t('footer.vendors')}
            </h2>
            <ul className={styles.vendors}>
              {vendors.map((v) => (
                <li key={v.vassalage} className={styles.vendor} title={v.name}>
                  <Img src={v.icon} alt={v.name} ratio={2} fit="contain" className={styles.vendorArt} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className={styles.row}>
          <nav aria-label={t('footer.links')}>
            <ul className={styles.links}>
              {links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          {social.length > 0 ? (
            <div className={styles.socialBlock}>
              <h2 id="footer-social" className={styles.heading}>
                {t('footer.social')}
              </h2>
              <ul className={styles.social}>
                {social.map((r) => (
                  <li key={`${r.resourceType}-${r.url}`}>
                    <a
                      href={r.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={styles.socialLink}
                      aria-label={t('footer.socialLink', { name: r.name })}
                      data-social={r.resourceType}
                    >
                      <MediaIcon src={socialIcon(r.resourceType)} size={20} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <p className={styles.responsible}>{t('footer.responsible')}</p>
        <p className={styles.copyright} data-copyright="true">
          {brand.copyrightTexts?.[fromI18nCode(i18n.language)] ?? brand.copyright}
        </p>
      </div>
    </footer>
  );
}
