import { useTranslation } from 'react-i18next';
import { cx, Icon, MediaIcon, QrCode } from '../../../components/ui';
import { useBrand, useSiteData } from '../../../lib/site';
import { customerServiceOf, useOpenCustomerService } from '../../../lib/support/customer-service';
import { usePersistentToggle } from '../hooks/use-persistent-toggle';
import { socialIcon } from './customer-service-menu';
import styles from './right-bar.module.css';

/** Spec §9: side-bar QR codes are 100 px with a 10 px margin. */
const QR_SIZE = 100;
const QR_MARGIN = 10;

const LINK_TYPES = ['WHATSAPP', 'FACEBOOK', 'TELEGRAM'] as const;

/** Spec §2: the collapsible right side bar — app QR codes, customer service, WhatsApp, Facebook, Telegram. */
export function RightBar() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { resources } = useSiteData().permission.info;
  const [expanded, toggle] = usePersistentToggle('rightBar', true);
  const openCs = useOpenCustomerService();
  const apple = resources.find((r) => r.resourceType === 'MOBILECONFIG');
  const android = resources.find((r) => r.resourceType === 'Android');
  const cs = customerServiceOf(resources)[0];
  const links = LINK_TYPES.flatMap((type) => resources.filter((r) => r.resourceType === type).slice(0, 1));
  const apps = [
    apple ? { key: 'apple', url: apple.url, label: t('device_apple') } : null,
    android ? { key: 'android', url: android.url, label: t('device_android') } : null,
  ].filter((a) => a !== null);

  return (
    <aside
      className={cx(styles.bar, !expanded && styles.collapsed)}
      aria-label={t('rightBar.label')}
      data-shell="right-bar"
      data-expanded={expanded}
    >
      <div className={styles.sticky}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls="right-bar-content"
          aria-label={expanded ? t('rightBar.hide') : t('rightBar.show')}
          title={expanded ? t('rightBar.hide') : t('rightBar.show')}
          onClick={toggle}
        >
          <Icon name={expanded ? 'chevron-right' : 'chevron-left'} />
        </button>
        <div id="right-bar-content" className={styles.content} hidden={!expanded}>
          {apps.length > 0 ? (
            <section className={styles.block} aria-labelledby="right-bar-apps">
              <h2 id="right-bar-apps" className={styles.heading}>
                {t('rightBar.scanToDownload')}
              </h2>
              {apps.map((a) => (
                <figure key={a.key} className={styles.qr} data-qr={a.key}>
                  <QrCode
                    value={a.url}
                    size={QR_SIZE}
                    margin={QR_MARGIN}
                    logo={brand.mark}
                    title={t('rightBar.qrTitle', { device: a.label })}
                  />
                  <figcaption className={styles.device}>{a.label}</figcaption>
                </figure>
              ))}
            </section>
          ) : null}
          <ul className={styles.links}>
            {cs ? (
              <li>
                <button type="button" className={styles.link} onClick={() => openCs(cs)}>
                  <Icon name="headset" />
                  <span>{t('common.customerService')}</span>
                </button>
              </li>
            ) : null}
            {links.map((r) => (
              <li key={r.resourceType}>
                <a
                  className={styles.link}
                  href={r.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-social={r.resourceType}
                >
                  <MediaIcon src={socialIcon(r.resourceType)} size={20} />
                  <span>{r.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </aside>
  );
}
