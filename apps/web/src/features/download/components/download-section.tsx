import { useTranslation } from 'react-i18next';
import { ButtonLink, Icon, Img, QrCode } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import { useBrand } from '../../../lib/site';
import { useAppDownloads } from './app-downloads';
import styles from './download.module.css';

/** Home: the download section — phone mockup, QR codes for iOS and Android, link to /down. */
export function DownloadSection() {
  const { t } = useTranslation();
  const brand = useBrand();
  const apps = useAppDownloads();
  return (
    <section className={styles.section} aria-labelledby="download-heading" data-download-section="true">
      <div className={styles.phone}>
        <Img
          src="/media/app/phone-mockup.svg"
          alt=""
          ratio={280 / 560}
          fit="contain"
          fallback={null}
          className={styles.mockup}
        />
      </div>
      <div className={styles.copy}>
        <h2 id="download-heading" className={styles.title}>
          {t('home.downloadTitle', { brand: brand.name })}
        </h2>
        <p className={styles.text}>{t('home.downloadText')}</p>
        {apps.length > 0 ? (
          <ul className={styles.codes}>
            {apps.map((a) => (
              <li key={a.key} className={styles.code} data-qr={a.key}>
                <QrCode
                  value={a.url}
                  size={120}
                  margin={8}
                  logo={brand.mark}
                  title={t('rightBar.qrTitle', { device: t(a.labelKey) })}
                />
                <span className={styles.device}>{t(a.labelKey)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <ButtonLink to={paths.down} variant="secondary">
          <Icon name="download" size={18} />
          {t('home.downloadLink')}
        </ButtonLink>
      </div>
    </section>
  );
}
