import type { RouteValue } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { FormFailure, TextField } from '../../components/ui/form';
import { useAgentTexts } from '../../lib/agent/texts';
import { formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { amountProblemText, checkAmount } from '../../lib/money/amount';
import { moneyErrorText } from '../../lib/money/errors';
import { AmountField, PaymentPasswordField, paymentPasswordProblem } from '../../lib/money/fields';
import { useIntentKey } from '../../lib/money/intent-key';
import shared from '../../lib/money/money.module.css';
import { useFundsTexts } from '../../lib/money/texts';
import { useBrand } from '../../lib/site';
import styles from './agent-centre.module.css';
import {
  useAddDownlineNote,
  useDownlineNotes,
  useMessageDownline,
  useRecallFromDownline,
  useResetDownlinePassword,
  useSetDownlineStatus,
} from './api/downline-actions';

type Row = RouteValue<'teamMembers'>['content'][number];

function useFailure() {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  return (error: unknown) => t('register.failed', { reason: moneyErrorText(tf, tc, error) });
}

/**
 * Downline management's actions on one downline: enable or disable, reset the password (the
 * one-time password shown once), the agent's notes, a message, and (direct downlines only) a
 * recall from the main wallet with the payment password.
 */
export function DownlineActionsPanel({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useAgentTexts();
  const titleId = useId();
  return (
    <section className={shared.section} aria-labelledby={titleId} data-downline-actions={row.account}>
      <h3 id={titleId}>{t('actions.heading', { account: row.account })}</h3>
      <StatusAndPassword row={row} />
      <Notes account={row.account} />
      <Message account={row.account} />
      {row.level === 1 ? <Recall account={row.account} /> : null}
      <Button type="button" variant="secondary" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </section>
  );
}

function StatusAndPassword({ row }: { row: Row }) {
  const { t } = useAgentTexts();
  const failure = useFailure();
  const status = useSetDownlineStatus();
  const reset = useResetDownlinePassword();
  const [current, setCurrent] = useState(row.status);
  const next = current === 'active' ? 'disabled' : 'active';
  return (
    <div className={styles.filters}>
      <Button
        type="button"
        variant="secondary"
        disabled={status.isPending}
        onClick={() =>
          status.mutate({ account: row.account, status: next }, { onSuccess: (v) => setCurrent(v.status) })
        }
      >
        {t(next === 'disabled' ? 'actions.disable' : 'actions.enable')}
      </Button>
      <Button
        type="button"
        variant="secondary"
        disabled={reset.isPending}
        onClick={() => reset.mutate({ account: row.account })}
      >
        {t('actions.reset')}
      </Button>
      {status.isSuccess ? (
        <output>
          {t('actions.statusDone', {
            account: row.account,
            status: t(current === 'active' ? 'actions.active' : 'actions.disabled'),
          })}
        </output>
      ) : null}
      {reset.data ? (
        <output data-one-time-password="">
          {t('actions.resetDone', { account: row.account })} <code>{reset.data.oneTimePassword}</code>
        </output>
      ) : null}
      {status.isError ? <FormFailure>{failure(status.error)}</FormFailure> : null}
      {reset.isError ? <FormFailure>{failure(reset.error)}</FormFailure> : null}
    </div>
  );
}

function Notes({ account }: { account: string }) {
  const { t } = useAgentTexts();
  const failure = useFailure();
  const notes = useDownlineNotes(account);
  const add = useAddDownlineNote();
  const [body, setBody] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    add.mutate({ account, body: body.trim() }, { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={submit} aria-label={t('actions.notes')}>
      <h4>{t('actions.notes')}</h4>
      {notes.data?.length ? (
        <ul>
          {notes.data.map((n) => (
            <li key={n.id} data-note={n.id}>
              {formatDateTime(n.createdAt)} · {n.body}
            </li>
          ))}
        </ul>
      ) : notes.data ? (
        <p>{t('actions.noNotes')}</p>
      ) : null}
      <TextField name="note" label={t('actions.noteBody')} value={body} onChange={setBody} maxLength={1000} />
      <Button type="submit" disabled={add.isPending}>
        {t('actions.addNote')}
      </Button>
      {add.isError ? <FormFailure>{failure(add.error)}</FormFailure> : null}
    </form>
  );
}

function Message({ account }: { account: string }) {
  const { t } = useAgentTexts();
  const failure = useFailure();
  const send = useMessageDownline();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !body.trim()) return;
    send.mutate(
      { account, title: title.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setBody('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('actions.message')}>
      <h4>{t('actions.message')}</h4>
      <TextField
        name="messageTitle"
        label={t('actions.messageTitle')}
        value={title}
        onChange={setTitle}
        maxLength={100}
      />
      <TextField
        name="messageBody"
        label={t('actions.messageBody')}
        value={body}
        onChange={setBody}
        maxLength={2000}
      />
      <Button type="submit" disabled={send.isPending}>
        {t('actions.message')}
      </Button>
      {send.isSuccess ? <output>{t('actions.messageSent')}</output> : null}
      {send.isError ? <FormFailure>{failure(send.error)}</FormFailure> : null}
    </form>
  );
}

function Recall({ account }: { account: string }) {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const brand = useBrand();
  const failure = useFailure();
  const recall = useRecallFromDownline();
  const intent = useIntentKey();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = checkAmount(amount);
    const pin = paymentPasswordProblem(password);
    if (bad) return setProblem(amountProblemText(tf, bad, brand.currencySymbol));
    if (pin) return setProblem(tf(`form.${pin}`));
    setProblem(null);
    const request = { account, amount: amount.trim() };
    try {
      await recall.mutateAsync({
        ...request,
        paymentPassword: password,
        idempotencyKey: intent.keyFor(request),
      });
      intent.complete();
      setPassword('');
    } catch (error) {
      intent.failed(error);
    }
  };
  return (
    <form onSubmit={submit} aria-label={t('actions.recall')} noValidate>
      <h4>{t('actions.recall')}</h4>
      <p className={shared.lead}>{t('actions.recallLead')}</p>
      <AmountField
        name="recallAmount"
        label={t('actions.amount')}
        value={amount}
        onChange={setAmount}
        symbol={brand.currencySymbol}
      />
      <PaymentPasswordField name="recallPassword" value={password} onChange={setPassword} />
      <Button type="submit" disabled={recall.isPending}>
        {t('actions.recall')}
      </Button>
      {recall.data ? (
        <output>
          {t('actions.recallDone', { amount: formatWireMoney(recall.data.amount, brand.currencySymbol) })}
        </output>
      ) : null}
      {problem ? <FormFailure>{problem}</FormFailure> : null}
      {recall.isError && !problem ? <FormFailure>{failure(recall.error)}</FormFailure> : null}
    </form>
  );
}
