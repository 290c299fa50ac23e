import { useId, useState } from 'react';
import { Button, Icon } from '../../../../components/ui';
import { CopyButton } from '../../../../components/ui/copy-button';
import { useAccountTexts } from '../../../../lib/account/texts';
import { useBrand } from '../../../../lib/site';
import styles from './two-factor.module.css';
import { useCopyTexts } from './use-copy-texts';

interface RecoveryCodesProps {
  codes: readonly string[];
  account: string;
  onDone: () => void;
}

/**
 * The recovery codes, shown once (the server keeps only their hashes): copy, download as a text
 * file, and "I have saved them" before the panel can be left.
 */
export function RecoveryCodes({ codes, account, onDone }: RecoveryCodesProps) {
  const { t } = useAccountTexts();
  const brand = useBrand();
  const copyTexts = useCopyTexts(t('twoFactor.codesLabel'));
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const text = [t('twoFactor.fileHeading', { account, brand: brand.name }), '', ...codes, ''].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${brand.name}-recovery-codes.txt`.replace(/[^\w.-]+/g, '-');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.panel} data-two-factor="codes">
      <h4 id={headingId} className={styles.status}>
        <Icon name="lock" size={18} />
        {t('twoFactor.codesTitle')}
      </h4>
      <p className={styles.muted}>{t('twoFactor.codesText')}</p>
      <ol className={styles.codes} aria-labelledby={headingId} data-recovery-codes="true">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <CopyButton text={codes.join('\n')} texts={copyTexts} />
        <Button variant="secondary" size="sm" onClick={download} data-action="download-codes">
          <Icon name="download" size={16} />
          {t('twoFactor.download')}
        </Button>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <span>{t('twoFactor.saved')}</span>
      </label>
      <Button onClick={onDone} disabled={!saved} block>
        {t('twoFactor.done')}
      </Button>
    </div>
  );
}
