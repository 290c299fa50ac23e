import { Button, Icon } from '../../../components/ui';
import { imageUrl } from '../../../lib/cdn';
import { useDownloadTexts } from '../../../lib/download/texts';
import { useBrand } from '../../../lib/site';
import { LITE_IMAGES, type Platform, STEP_IMAGES } from '../steps/steps';
import styles from './install-tutorials.module.css';

interface InstallTutorialsProps {
  /** Opens the step-by-step guide on a platform's tab. */
  onOpenGuide: (platform: Platform) => void;
}

/** /down: how to install the apps (profile and trust on iPhone), and the lite (home-screen web) app. */
export function InstallTutorials({ onOpenGuide }: InstallTutorialsProps) {
  const { t } = useDownloadTexts();
  const brand = useBrand();
  const apps = [
    {
      platform: 'ios',
      title: t('tutorials.iosTitle'),
      text: t('tutorials.iosText'),
      open: t('tutorials.iosOpen'),
    },
    {
      platform: 'android',
      title: t('tutorials.androidTitle'),
      text: t('tutorials.androidText'),
      open: t('tutorials.androidOpen'),
    },
  ] as const;
  const lite = [
    {
      platform: 'ios',
      title: t('lite.iosTitle'),
      alt: t('lite.iosAlt'),
      steps: [t('lite.iosStep1'), t('lite.iosStep2'), t('lite.iosStep3')],
    },
    {
      platform: 'android',
      title: t('lite.androidTitle'),
      alt: t('lite.androidAlt'),
      steps: [t('lite.androidStep1'), t('lite.androidStep2'), t('lite.androidStep3')],
    },
  ] as const;
  return (
    <>
      <section className={styles.section} aria-labelledby="tutorials-heading" data-tutorials="apps">
        <h2 id="tutorials-heading" className={styles.heading}>
          {t('tutorials.title')}
        </h2>
        <ul className={styles.cards}>
          {apps.map((a) => (
            <li key={a.platform} className={styles.card} data-tutorial={a.platform}>
              <img
                className={styles.thumb}
                src={imageUrl(STEP_IMAGES[a.platform][STEP_IMAGES[a.platform].length - 2] ?? '')}
                alt=""
                width={300}
                height={560}
                loading="lazy"
              />
              <div className={styles.body}>
                <h3 className={styles.title}>{a.title}</h3>
                <p className={styles.text}>{a.text}</p>
                <Button variant="secondary" onClick={() => onOpenGuide(a.platform)}>
                  <Icon name="chevron-right" size={18} />
                  {a.open}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="lite-heading" data-tutorials="lite">
        <h2 id="lite-heading" className={styles.heading}>
          {t('lite.title')}
        </h2>
        <p className={styles.text}>{t('lite.text', { brand: brand.name })}</p>
        <ul className={styles.cards}>
          {lite.map((l) => (
            <li key={l.platform} className={styles.card} data-lite={l.platform}>
              <img
                className={styles.thumb}
                src={imageUrl(LITE_IMAGES[l.platform])}
                alt={l.alt}
                width={300}
                height={560}
                loading="lazy"
              />
              <div className={styles.body}>
                <h3 className={styles.title}>{l.title}</h3>
                <ol className={styles.steps}>
                  {l.steps.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ol>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
