import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModalBodyProps, ModalTitle, Spinner } from '../../components/ui';
import { TrialBlock } from '../../lib/account/trial-block';
import { loadChunk } from '../../lib/chunks/chunk-load';
import { useSession } from '../../lib/session/session-store';

// Its own chunk: the funds texts and forms load only when an agent opens the centre.
const DownlineTransferPage = lazy(() => loadChunk(() => import('./downline-transfer-page')));

/**
 * The account (agent) centre panel. Trial accounts are refused (spec §4). It holds the downline
 * transfer for now; its other pages (team overview, reports, contracts) arrive with the agent
 * issue.
 */
export default function AccountCentreModal({ close }: ModalBodyProps<'accountCenter'>) {
  const { t } = useTranslation();
  const { isTrial } = useSession();
  return (
    <>
      <ModalTitle>{t('agent.title')}</ModalTitle>
      {isTrial ? (
        <TrialBlock close={close} />
      ) : (
        <Suspense fallback={<Spinner label={t('agent.title')} />}>
          <DownlineTransferPage />
        </Suspense>
      )}
    </>
  );
}
