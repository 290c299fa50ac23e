import type { Contract, ContractKind, RouteValue } from '@aurum/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner } from '../../../components/ui';
import { FormFailure } from '../../../components/ui/form';
import { useAgentTexts } from '../../../lib/agent/texts';
import { formatDateTime } from '../../../lib/format/date';
import { LoadFailure } from '../../../lib/money/fields';
import shared from '../../../lib/money/money.module.css';
import { useFundsTexts } from '../../../lib/money/texts';
import styles from '../agent-centre.module.css';
import { useContractAction, useContracts } from '../api/contracts';
import { contractErrorText } from './errors';
import { isOpen } from './kinds';
import { OfferForm } from './offer-form';
import { TierTable } from './tier-table';

type Action = 'accept' | 'reject' | 'terminate';
type Warning = NonNullable<RouteValue<'contractAction'>['warning']>;

/** The contract I hold (from my upline), the ones I offered, and a new offer. */
export function ContractsPanel({ kind }: { kind: ContractKind }) {
  const { t } = useAgentTexts();
  const list = useContracts(kind);
  const [modifying, setModifying] = useState<Contract | null>(null);
  if (list.isError) return <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Spinner label={t('contracts.loading')} />;
  const held = list.data.held.filter(isOpen);
  const offered = list.data.offered.filter(isOpen);
  const mine = held.find((c) => c.state !== 'pending');
  return (
    <>
      <Section title={t('contracts.held.title')} lead={t('contracts.held.lead')} name="held">
        {held.length === 0 ? (
          <EmptyState title={t('contracts.held.none')} text="" icon="user" />
        ) : (
          held.map((c) => <ContractCard key={c.id} contract={c} />)
        )}
      </Section>
      <Section title={t('contracts.offered.title')} lead={t('contracts.offered.lead')} name="offered">
        {offered.length === 0 ? (
          <EmptyState title={t('contracts.offered.none')} text="" icon="user" />
        ) : (
          offered.map((c) => <ContractCard key={c.id} contract={c} onModify={() => setModifying(c)} />)
        )}
      </Section>
      {mine ? (
        <OfferForm
          key={modifying?.id ?? 'new'}
          kind={kind}
          mine={mine}
          modifying={modifying}
          onDone={() => setModifying(null)}
        />
      ) : (
        <Section title={t('contracts.offer.title')} name="offer">
          <p className={shared.lead}>{t('contracts.offer.noneOfMine')}</p>
        </Section>
      )}
    </>
  );
}

function Section({
  title,
  lead,
  name,
  children,
}: {
  title: string;
  lead?: string;
  name: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section className={shared.section} aria-labelledby={id} data-contracts={name}>
      <h3 id={id}>{title}</h3>
      {lead ? <p className={shared.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}

/** One contract: who with, its state and tiers, and the answers its state allows me. */
function ContractCard({ contract: c, onModify }: { contract: Contract; onModify?: () => void }) {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const id = useId();
  const action = useContractAction();
  const [warning, setWarning] = useState<Warning | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const held = c.role === 'held';
  const party = held ? (c.upline ?? t('contracts.house')) : c.downline;
  const run = async (act: Action, confirm?: boolean) => {
    setDone(null);
    const value = await action
      .mutateAsync({ id: c.id, action: act, ...(confirm ? { confirm } : {}) })
      .catch(() => null);
    if (!value) return;
    if (value.warning) return setWarning(value.warning);
    setWarning(null);
    setDone(t(`contracts.done.${act}`));
  };
  // A termination the other party asked for waits for my answer.
  const side = held ? 'downline' : 'upline';
  const answering = c.state === 'termination-requested' && c.terminationBy !== side;
  const buttons: { act: Action; label: string; variant?: 'secondary' | 'ghost' }[] = [];
  if (c.state === 'pending' && held) {
    buttons.push({ act: 'accept', label: t('contracts.actions.accept') });
    buttons.push({ act: 'reject', label: t('contracts.actions.reject'), variant: 'secondary' });
  } else if (c.state === 'pending') {
    buttons.push({ act: 'reject', label: t('contracts.actions.withdraw'), variant: 'secondary' });
  } else if (c.state === 'active' && c.upline !== null) {
    buttons.push({ act: 'terminate', label: t('contracts.actions.terminate'), variant: 'ghost' });
  } else if (answering) {
    buttons.push({ act: 'accept', label: t('contracts.actions.acceptTermination') });
    buttons.push({ act: 'reject', label: t('contracts.actions.keep'), variant: 'secondary' });
  }
  return (
    <article
      className={styles.contract}
      aria-labelledby={id}
      data-contract={c.id}
      data-state={c.state}
      data-role={c.role}
    >
      <header className={styles.contractHead}>
        <h4 id={id}>
          {held
            ? t('contracts.fromUpline', { account: party })
            : t('contracts.toDownline', { account: party })}
        </h4>
        <span className={styles.state} data-contract-state={c.state}>
          {t(`contracts.states.${c.state}`)}
        </span>
      </header>
      <p className={shared.lead}>
        {c.replaces !== null && c.state === 'pending' ? `${t('contracts.modification')} · ` : ''}
        {c.acceptedAt
          ? t('contracts.since', { date: formatDateTime(c.acceptedAt) })
          : t('contracts.offeredAt', { date: formatDateTime(c.createdAt) })}
        {c.state === 'termination-requested'
          ? ` · ${t(answering ? 'contracts.terminationAsked' : 'contracts.terminationWaiting')}`
          : ''}
      </p>
      <TierTable kind={c.kind} terms={c.terms} caption={t('contracts.tiers.caption', { account: party })} />
      {warning ? (
        <div className={styles.warning} role="alert" data-contract-warning="">
          <p>{t('contracts.warning.text', { count: warning.terminates.length })}</p>
          <ul>
            {warning.terminates.map((w) => (
              <li key={w.id}>{w.downline}</li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button
              onClick={() => void run('accept', true)}
              busy={action.isPending}
              disabled={action.isPending}
            >
              {t('contracts.warning.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setWarning(null)}>
              {t('contracts.warning.cancel')}
            </Button>
          </div>
        </div>
      ) : buttons.length > 0 || onModify ? (
        <div className={styles.actions}>
          {buttons.map((b) => (
            <Button
              key={b.label}
              variant={b.variant ?? 'primary'}
              onClick={() => void run(b.act)}
              disabled={action.isPending}
            >
              {b.label}
            </Button>
          ))}
          {onModify && c.state === 'active' ? (
            <Button variant="secondary" onClick={onModify}>
              {t('contracts.actions.modify')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {done ? <output className={shared.lead}>{done}</output> : null}
      {action.isError ? (
        <FormFailure>
          {t('register.failed', { reason: contractErrorText(t, tf, tc, action.error) })}
        </FormFailure>
      ) : null}
    </article>
  );
}
