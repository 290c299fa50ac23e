import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/chunks/chunk-load';
import { useReleasePrerender } from '../../lib/prerender';
import { Button } from './button';
import styles from './chunk-error-panel.module.css';
import { Icon } from './icon';

/**
 * What a screen, modal or section shows when it failed: for a chunk that did not load, the cause
 * and the chunk URL (spec §8 ChunkLoadError) and a Retry button.
 */
export function ChunkErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  useReleasePrerender();
  const chunk = isChunkLoadError(error);
  const cause = chunk ? error.cause : error;
  const causeText = cause instanceof Error ? cause.message : String(cause ?? '');
  const retry = onRetry ?? (() => window.location.reload());
  return (
    <div role="alert" className={styles.panel} data-error={chunk ? 'chunk' : 'render'}>
      <Icon name="alert" size={32} className={styles.icon} />
      <h2 className={styles.title}>{chunk ? t('errors.chunkTitle') : t('errors.renderTitle')}</h2>
      <p className={styles.text}>{chunk ? t('errors.chunkText') : t('errors.renderText')}</p>
      <dl className={styles.facts}>
        <dt>{t('errors.cause')}</dt>
        <dd>{causeText === 'timeout' ? t('errors.chunkTimeout') : causeText || t('errors.unknown')}</dd>
        {chunk ? (
          <>
            <dt>{t('errors.chunkUrl')}</dt>
            <dd className={styles.url}>{error.url ?? t('errors.unknownUrl')}</dd>
          </>
        ) : null}
      </dl>
      <Button onClick={retry}>
        <Icon name="refresh" size={18} />
        {t('common.retry')}
      </Button>
    </div>
  );
}
