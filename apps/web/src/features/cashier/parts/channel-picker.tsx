import { useState } from 'react';
import { Icon } from '../../../components/ui';
import { imageUrl } from '../../../lib/cdn';
import { formatWireMoney } from '../../../lib/format';
import { GLYPHS } from '../../../lib/money/glyphs';
import { useCashierTexts } from '../../../lib/money/texts';
import type { DepositChannelView } from '../api/deposit-settings';
import styles from '../cashier.module.css';

/** The channel's own icon, or the glyph of its kind when it has none or it fails to load. */
function ChannelIcon({ channel }: { channel: DepositChannelView }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={styles.channelIcon} aria-hidden="true">
      {channel.icon && !failed ? (
        <img src={imageUrl(channel.icon)} alt="" width={28} height={28} onError={() => setFailed(true)} />
      ) : (
        <Icon path={GLYPHS[channel.type === 'BANK' ? 'bank' : 'card']} size={24} />
      )}
    </span>
  );
}

/** The merchant's deposit channels as cards: a radio group, one channel at a time. */
export function ChannelPicker({
  channels,
  value,
  onChange,
  symbol,
}: {
  channels: readonly DepositChannelView[];
  value: string;
  onChange: (id: string) => void;
  symbol: string;
}) {
  const { t } = useCashierTexts();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('deposit.channel')}</legend>
      <div className={styles.channelGrid}>
        {channels.map((channel) => (
          <label key={channel.id} className={styles.channel} data-channel={channel.id}>
            <input
              type="radio"
              name="deposit-channel"
              value={channel.id}
              checked={value === channel.id}
              onChange={() => onChange(channel.id)}
              className={styles.channelRadio}
            />
            <ChannelIcon channel={channel} />
            <span className={styles.channelText}>
              <span className={styles.channelName}>{channel.name}</span>
              <span className={styles.channelRange}>
                {t('deposit.range', {
                  min: formatWireMoney(channel.minAmount, symbol),
                  max: formatWireMoney(channel.maxAmount, symbol),
                })}
              </span>
              <span className={styles.channelKind}>{t(`deposit.kind.${channel.type}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The channel's tutorial: paragraphs split by blank lines, shown as numbered steps. */
export function ChannelTutorial({ channel }: { channel: DepositChannelView }) {
  const { t } = useCashierTexts();
  const steps = channel.tutorial
    .split(/\n\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (steps.length === 0) return null;
  return (
    <aside className={styles.tutorial} aria-label={t('deposit.tutorial')} data-tutorial={channel.id}>
      <h4 className={styles.tutorialTitle}>{t('deposit.tutorial')}</h4>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </aside>
  );
}
