import { useState } from 'react';
import { Button, Modal, ModalTitle, TabPanel, Tabs } from '../../../components/ui';
import { useDownloadTexts } from '../../../lib/download/texts';
import styles from './install-guide.module.css';
import { StepSlider } from './step-slider';
import { PLATFORMS, type Platform, STEP_IMAGES } from './steps';

const ID_BASE = 'install-guide';

interface InstallGuideProps {
  /** The tab shown, or null when the guide is closed. */
  platform: Platform | null;
  onPlatform: (platform: Platform) => void;
  onClose: () => void;
}

/** The step modal: tabs iOS (default) and Android, each a one-step-per-view slider of screenshots. */
export function InstallGuide({ platform, onPlatform, onClose }: InstallGuideProps) {
  const { t } = useDownloadTexts();
  // Kept while the dialog fades out, so its content does not vanish mid-fade.
  const [shown, setShown] = useState<Platform>(platform ?? 'ios');
  if (platform && platform !== shown) setShown(platform);
  const device = t(`guide.${shown}`);
  const steps = STEP_IMAGES[shown].map((image, i) => ({
    image,
    caption: t(`steps.${shown}.${i + 1}` as 'steps.ios.1'),
  }));
  return (
    <Modal open={platform !== null} onClose={onClose} size="md" dataModal="installGuide">
      <div className={styles.guide}>
        <ModalTitle>{t('guide.title')}</ModalTitle>
        <Tabs
          label={t('guide.tabs')}
          idBase={ID_BASE}
          value={shown}
          onChange={onPlatform}
          items={PLATFORMS.map((p) => ({ value: p, label: t(`guide.${p}`) }))}
        />
        <TabPanel idBase={ID_BASE} value={shown}>
          {/* A new slider per tab: switching tabs starts again at the first step. */}
          <StepSlider key={shown} name={shown} steps={steps} label={t('guide.steps', { device })} />
        </TabPanel>
        <Button variant="secondary" onClick={onClose} className={styles.done}>
          {t('guide.close')}
        </Button>
      </div>
    </Modal>
  );
}
