import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, EmptyState, PageHeader, useModal } from '../../components/ui';
import { loadChunk } from '../../lib/chunks/chunk-load';
import { useFundsTexts } from '../../lib/money/texts';
import { paths } from '../../lib/routes/paths';
import { useSession } from '../../lib/session/session-store';
import styles from './agent.module.css';

// The affiliate application loads with its texts only for a signed-in member who is not an agent.
const AffiliateApplicationPage = lazy(() => loadChunk(() => import('./affiliate-application-page')));

/**
 * /agentHome: where an agent lands after logging in on the agent site. The agent centre is offered
 * only to agent accounts (the brand's agentType); a member is told so, pointed to Join us and, while
 * AFFMAN3 is on, offered the affiliate application (apply to become an agent, and its status).
 */
export default function AgentHomePage() {
  const { t } = useTranslation();
  const { t: tf } = useFundsTexts();
  const { token, account, isAgent } = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  const myAccount = (
    <Button variant="secondary" onClick={() => modal.open('memberCenter', { page: 'securityCenter' })}>
      {t('agent.myAccount')}
    </Button>
  );
  return (
    <div className={styles.page} data-page="agentHome">
      <PageHeader title={t('agent.title')} subtitle={t('agent.subtitle')} compact />
      {token && isAgent ? (
        <EmptyState
          title={t('agent.readyTitle')}
          text={t('agent.readyText', { account: account ?? '' })}
          icon="user"
          action={
            <>
              <Button onClick={() => modal.open('accountCenter')} data-action="open-account-centre">
                {tf('downline.openCentre')}
              </Button>
              {myAccount}
            </>
          }
        />
      ) : token ? (
        <>
          <EmptyState
            title={t('agent.notAgentTitle')}
            text={t('agent.notAgentText', { account: account ?? '' })}
            icon="user"
            action={
              <>
                <Button onClick={() => navigate(paths.join)} data-action="join">
                  {t('join.title')}
                </Button>
                {myAccount}
              </>
            }
          />
          <Suspense fallback={null}>
            <AffiliateApplicationPage />
          </Suspense>
        </>
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
