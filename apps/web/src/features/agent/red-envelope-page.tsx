import type { RouteValue } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useModal } from '../../components/ui';
import { FormFailure } from '../../components/ui/form';
import { useMemberInfo } from '../../lib/account/member-info';
import { useAgentTexts } from '../../lib/agent/texts';
import { formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { amountProblemText, checkAmount } from '../../lib/money/amount';
import { moneyErrorText } from '../../lib/money/errors';
import {
  AmountField,
  Notice,
  PaymentPasswordField,
  PaymentPasswordPrompt,
  paymentPasswordProblem,
} from '../../lib/money/fields';
import { useIntentKey } from '../../lib/money/intent-key';
import shared from '../../lib/money/money.module.css';
import { useFundsTexts } from '../../lib/money/texts';
import { PagedResults } from '../../lib/paging/paged-results';
import { useBrand, useFeature } from '../../lib/site';
import styles from './agent-centre.module.css';
import { DOWNLINES_PAGE_SIZE, useDownlines } from './api/downlines';
import { REPORT_PAGE_SIZE, useRedEnvelopes, useSendRedEnvelope } from './api/reports';

type Split = 'equal' | 'random';
type Envelope = RouteValue<'redEnvelopes'>['content'][number];

/**
 * Red envelopes (AGENTRANSMULTDOWN3): pick direct downlines, a total and an equal or random split,
 * confirm with the payment password; then the list of envelopes sent. The server splits and pays.
 */
export default function RedEnvelopePage() {
  const { t } = useAgentTexts();
  if (!useFeature('AGENTRANSMULTDOWN3')) return <Notice>{t('tabs.off')}</Notice>;
  return (
    <div className={shared.page} data-agent-page="redEnvelope">
      <Sender />
      <History />
    </div>
  );
}

/** The form, or first the way to set up the payment password that every envelope needs. */
function Sender() {
  const modal = useModal();
  const info = useMemberInfo();
  if (info.data?.pwdEnabled === false) {
    return (
      <PaymentPasswordPrompt
        onSetUp={() =>
          modal.open('memberCenter', { page: 'securityCenter' }, { onClose: () => void info.refetch() })
        }
      />
    );
  }
  return <SendForm />;
}

function SendForm() {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const brand = useBrand();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const downlines = useDownlines(page, '');
  const send = useSendRedEnvelope();
  const intent = useIntentKey();
  const [picked, setPicked] = useState<string[]>([]);
  const [total, setTotal] = useState('');
  const [split, setSplit] = useState<Split>('equal');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<RouteValue<'sendRedEnvelope'> | null>(null);
  const toggle = (account: string) =>
    setPicked((p) => (p.includes(account) ? p.filter((a) => a !== account) : [...p, account]));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amount = checkAmount(total);
    const pin = paymentPasswordProblem(password);
    if (!picked.length) return setProblem(t('envelopes.pickSome'));
    if (amount) return setProblem(amountProblemText(tf, amount, brand.currencySymbol));
    if (pin) return setProblem(tf(`form.${pin}`));
    setProblem(null);
    const request = { recipients: picked, total: total.trim(), split };
    try {
      const value = await send.mutateAsync({
        ...request,
        paymentPassword: password,
        idempotencyKey: intent.keyFor(request),
      });
      intent.complete();
      setSent(value);
      setPicked([]);
      setTotal('');
      setPassword('');
    } catch (error) {
      intent.failed(error);
    }
  };
  return (
    <section className={shared.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('envelopes.title')}</h3>
      <p className={shared.lead}>{t('envelopes.lead')}</p>
      {sent ? (
        <output className={shared.lead} data-envelope-sent={sent.id}>
          {t('envelopes.sent', {
            total: formatWireMoney(sent.total, brand.currencySymbol),
            count: sent.parts.length,
          })}
        </output>
      ) : null}
      <form onSubmit={submit} aria-labelledby={titleId} noValidate>
        <PagedResults
          as="div"
          query={downlines}
          active
          pageSize={DOWNLINES_PAGE_SIZE}
          onPage={setPage}
          emptyIcon="user"
          texts={{
            loading: t('envelopes.recipients'),
            emptyTitle: t('envelopes.noDownlines'),
            emptyText: '',
            pages: t('envelopes.recipients'),
          }}
        >
          {(rows) => (
            <fieldset className={styles.filters}>
              <legend>{t('envelopes.recipients')}</legend>
              {rows.map((d) => (
                <label key={d.account} data-recipient={d.account}>
                  <input
                    type="checkbox"
                    name="recipient"
                    value={d.account}
                    checked={picked.includes(d.account)}
                    onChange={() => toggle(d.account)}
                  />{' '}
                  {d.account}
                </label>
              ))}
            </fieldset>
          )}
        </PagedResults>
        <AmountField
          name="total"
          label={t('envelopes.total')}
          value={total}
          onChange={setTotal}
          symbol={brand.currencySymbol}
        />
        <fieldset className={styles.filters}>
          <legend>{t('envelopes.split')}</legend>
          {(['equal', 'random'] as const).map((s) => (
            <label key={s}>
              <input type="radio" name="split" value={s} checked={split === s} onChange={() => setSplit(s)} />{' '}
              {t(`envelopes.${s}`)}
            </label>
          ))}
        </fieldset>
        <PaymentPasswordField value={password} onChange={setPassword} />
        {problem ? <FormFailure>{problem}</FormFailure> : null}
        {send.isError && !problem ? (
          <FormFailure>{t('register.failed', { reason: moneyErrorText(tf, tc, send.error) })}</FormFailure>
        ) : null}
        <Button type="submit" disabled={send.isPending}>
          {t('envelopes.send')}
        </Button>
      </form>
    </section>
  );
}

function History() {
  const { t } = useAgentTexts();
  const brand = useBrand();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const list = useRedEnvelopes(page);
  const money = (v: string) => formatWireMoney(v, brand.currencySymbol);
  return (
    <section className={shared.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('envelopes.historyTitle')}</h3>
      <PagedResults
        as="div"
        query={list}
        active
        pageSize={REPORT_PAGE_SIZE}
        onPage={setPage}
        texts={{
          summary: ({ total }) => t('envelopes.historyTotal', { count: total }),
          loading: t('envelopes.historyLoading'),
          emptyTitle: t('envelopes.historyNone'),
          emptyText: '',
          pages: t('envelopes.historyTitle'),
        }}
      >
        {(rows: Envelope[]) => (
          <ul className={styles.chart}>
            {rows.map((e) => (
              <li key={e.id} data-envelope={e.id}>
                <strong>
                  {formatDateTime(e.createdAt)} · {t(`envelopes.${e.split}`)} · {money(e.total)}
                </strong>
                <span>
                  {' '}
                  {e.parts
                    .map((p) => t('envelopes.part', { account: p.account, amount: money(p.amount) }))
                    .join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </section>
  );
}
