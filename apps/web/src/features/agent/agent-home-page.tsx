import type { ContractKind } from '@aurum/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, EmptyState, PageHeader, useModal } from '../../components/ui';
import { useAgentTexts } from '../../lib/agent/texts';
import { loadChunk } from '../../lib/chunks/chunk-load';
import { useFundsTexts } from '../../lib/money/texts';
import { paths } from '../../lib/routes/paths';
import { useSession } from '../../lib/session/session-store';
import { useFeature } from '../../lib/site';
import styles from './agent.module.css';
import { useContractInfo } from './api/contracts';
import { CONTRACT_PAGES, REQUEST_LISTS } from './contracts/kinds';

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
      {token && isAgent ? <ContractRequests /> : null}
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

/**
 * The contract requests waiting for the agent's answer (offers, changes, terminations), from the
 * consolidated contract info; each kind's button opens its page of the agent centre. The count
 * follows the socket's contract events (the listener reads the info again).
 */
function ContractRequests() {
  const { t } = useAgentTexts();
  const modal = useModal();
  const on = useFeature('SIGNCONDIV3');
  const info = useContractInfo(on).data;
  if (!on || !info) return null;
  const kinds = (Object.keys(CONTRACT_PAGES) as ContractKind[]).filter(
    (k) => info[REQUEST_LISTS[k]].length > 0,
  );
  const total = kinds.reduce((n, k) => n + info[REQUEST_LISTS[k]].length, 0);
  if (total === 0) return null;
  return (
    <section
      className={styles.requests}
      aria-label={t('contracts.notice.label', { count: total })}
      data-contract-requests={total}
    >
      <p role="status">{t('contracts.notice.label', { count: total })}</p>
      <div className={styles.requestButtons}>
        {kinds.map((k) => (
          <Button
            key={k}
            variant="secondary"
            onClick={() => modal.open('accountCenter', { page: CONTRACT_PAGES[k].page })}
            data-requests-kind={k}
          >
            {t(`tabs.${k}`)} ({info[REQUEST_LISTS[k]].length})
          </Button>
        ))}
      </div>
    </section>
  );
}
