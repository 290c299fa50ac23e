import { useTranslation } from 'react-i18next';
import { EmptyState, type ModalBodyProps, ModalTitle } from '../../components/ui';
import { TrialBlock } from '../../lib/account/trial-block';
import { useSession } from '../../lib/session/session-store';

/**
 * The account (agent) centre panel. Trial accounts are refused (spec §4); its pages (team
 * overview, reports, contracts) arrive with the agent issue.
 */
export default function AccountCentreModal({ close }: ModalBodyProps<'accountCenter'>) {
  const { t } = useTranslation();
  const { isTrial, account } = useSession();
  return (
    <>
      <ModalTitle>{t('agent.title')}</ModalTitle>
      {isTrial ? (
        <TrialBlock close={close} />
      ) : (
        <EmptyState
          icon="user"
          title={t('agent.readyTitle')}
          text={t('agent.readyText', { account: account ?? '' })}
        />
      )}
    </>
  );
}
