import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon, Img, QrCode } from '../../components/ui';
import { PageBanner } from '../../lib/content/page-banner';
import { useDownloadTexts } from '../../lib/download/texts';
import { useBrand } from '../../lib/site';
import { useAppDownloads } from './components/app-downloads';
import styles from './components/download.module.css';
import { InstallTutorials } from './components/install-tutorials';
import { InstallGuide } from './steps/install-guide';
import type { Platform } from './steps/steps';

/** Spec §2: QR codes are 130 px, no margin, with the site logo at the centre. */
const QR_SIZE = 130;

/** /down: title in the current language and English, phone mockup, description, scan-to-download. */
export default function DownloadPage() {
  const { t, i18n } = useTranslation();
  const texts = useDownloadTexts();
  const [guide, setGuide] = useState<Platform | null>(null);
  const brand = useBrand();
  const apps = useAppDownloads();
  const english = i18n.getFixedT('en')('download.titleEnglish');
  const title = t('download.title');
  return (
    <div className={styles.page} data-page="download">
      <PageBanner group="download" />
      <div className={styles.hero}>
        <div className={styles.copy}>
          <h1 className={styles.pageTitle}>
            {title}
            {english !== title ? (
              <span className={styles.english} lang="en">
                {english}
              </span>
            ) : null}
          </h1>
          <p className={styles.text}>{t('download.subtitle', { brand: brand.name })}</p>
          <p className={styles.text}>{t('home.downloadText')}</p>
          <h2 className={styles.scan}>{t('download.scanTitle')}</h2>
          {apps.length > 0 ? (
            <ul className={styles.codes}>
              {apps.map((a) => (
                <li key={a.key} className={styles.code} data-qr={a.key} data-device={a.labelKey}>
                  <QrCode
                    value={a.url}
                    size={QR_SIZE}
                    margin={0}
                    logo={brand.mark}
                    title={t('rightBar.qrTitle', { device: t(a.labelKey) })}
                  />
                  <span className={styles.device}>{t(a.labelKey)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t('download.noApps')} icon="phone" headingLevel={3} />
          )}
          <Button variant="secondary" onClick={() => setGuide('ios')} data-open-guide="true">
            <Icon name="download" size={18} />
            {texts.t('guide.open')}
          </Button>
        </div>
        <div className={styles.phone}>
          <Img
            src="/media/app/phone-mockup.svg"
            alt={t('download.phoneAlt', { brand: brand.name })}
            ratio={280 / 560}
            fit="contain"
            fallback={null}
            lazy={false}
            className={styles.mockup}
          />
        </div>
      </div>
      <InstallTutorials onOpenGuide={setGuide} />
      <InstallGuide platform={guide} onPlatform={setGuide} onClose={() => setGuide(null)} />
    </div>
  );
}
