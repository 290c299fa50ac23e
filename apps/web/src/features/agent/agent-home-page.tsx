import { useTranslation } from 'react-i18next';
import { Button, EmptyState, PageHeader, useModal } from '../../components/ui';
import { useFundsTexts } from '../../lib/funds/texts';
import { useSession } from '../../lib/session/session-store';
import styles from './agent.module.css';

/** /agentHome: where an agent lands after logging in on the agent site. */
export default function AgentHomePage() {
  const { t } = useTranslation();
  const { t: tf } = useFundsTexts();
  const { token, account } = useSession();
  const modal = useModal();
  return (
    <div className={styles.page} data-page="agentHome">
      <PageHeader title={t('agent.title')} subtitle={t('agent.subtitle')} compact />
      {token ? (
        <EmptyState
          title={t('agent.readyTitle')}
          text={t('agent.readyText', { account: account ?? '' })}
          icon="user"
          action={
            <>
              <Button onClick={() => modal.open('accountCenter')} data-action="open-account-centre">
                {tf('downline.openCentre')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => modal.open('memberCenter', { page: 'securityCenter' })}
              >
                {t('agent.myAccount')}
              </Button>
            </>
          }
        />
      ) : (
        <EmptyState
          title={t('agent.signInTitle')}
          text={t('agent.signInText')}
          icon="lock"
          action={<Button onClick={() => modal.open('login')}>{t('common.logIn')}</Button>}
        />
      )}
    </div>
  );
}
