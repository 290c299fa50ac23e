import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { StatusLayout } from './status-layout';

/** Spec §8: network abnormal / page too slow — retry, check network. Kept in the first chunk. */
export function NetworkErrorPage({
  brandName,
  logo,
  onRetry,
  retrying,
}: {
  brandName: string;
  logo: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <StatusLayout brandName={brandName} logo={logo} kind="network">
      <Icon name="alert" size={48} style={{ color: 'var(--warning)' }} />
      <h1>{t('system.networkTitle')}</h1>
      <p>{t('system.networkText')}</p>
      <Button size="lg" onClick={onRetry} busy={retrying} disabled={retrying}>
        <Icon name="refresh" />
        {t('common.retry')}
      </Button>
    </StatusLayout>
  );
}
