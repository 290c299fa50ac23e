import type { ClaimableReward, RewardSummary } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, ModalTitle, Spinner } from '../../components/ui';
import { FormFailure, TextField } from '../../components/ui/form';
import { errorCodeOf, errorTextKey } from '../../lib/api';
import { formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { useWalletBalance } from '../../lib/money/balance';
import { LoadFailure } from '../../lib/money/fields';
import { useRewardClaim, useRewardHistory, useRewardSummary } from '../../lib/rewards/api';
import { useRewardsTexts } from '../../lib/rewards/texts';
import { useFeature } from '../../lib/site';
import styles from './loyalty.module.css';
import own from './reward-center.module.css';

type Terms = RewardSummary['calendar']['terms'];

const ERRORS: Record<string, string> = {
  'loyalty.reward.notClaimable': 'errors.notClaimable',
  'loyalty.reward.requirement': 'errors.requirement',
  'loyalty.promo.unknown': 'errors.promoUnknown',
  'loyalty.promo.expired': 'errors.promoExpired',
  'loyalty.promo.used': 'errors.promoUsed',
  'loyalty.promo.exhausted': 'errors.promoExhausted',
};

function useFailure(error: unknown): string | null {
  const { t } = useRewardsTexts();
  const { t: tc } = useTranslation();
  if (!error) return null;
  const code = errorCodeOf(error);
  const known = code ? ERRORS[code] : undefined;
  return known ? t(known as 'errors.notClaimable') : tc(errorTextKey(code));
}

function useMoney() {
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  return (value: string) => formatWireMoney(value, symbol);
}

/** The turnover a reward will ask, as a sentence. */
function TermsText({ terms }: { terms: Terms }) {
  const { t } = useRewardsTexts();
  if (!terms) return <>{t('terms.none')}</>;
  return (
    <>
      {t(terms.base === 'bonusAndDeposit' ? 'terms.wageringDeposit' : 'terms.wagering', {
        multiple: terms.multiple,
        days: terms.expiryDays,
      })}
    </>
  );
}

/**
 * `rewardCenter`, the member centre's reward centre (issue 16, REWCEN3): the sign-in calendar with
 * today's claim, the rewards to claim (rescue fund and today's sign-in) with their expiry, the
 * promo code entry and the claim history of 90 days. The terms of each reward are shown before it
 * is claimed (a confirmation that states them).
 */
export default function RewardCenterPage() {
  const { t } = useRewardsTexts();
  const on = useFeature('REWCEN3');
  const summary = useRewardSummary();
  const claim = useRewardClaim();
  const money = useMoney();
  const [asking, setAsking] = useState<ClaimableReward | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const failure = useFailure(claim.error);
  if (!on) return <p className={styles.muted}>{t('off')}</p>;
  if (summary.isError) {
    return (
      <LoadFailure error={summary.error} onRetry={() => void summary.refetch()} busy={summary.isFetching} />
    );
  }
  if (!summary.data) return <Spinner label={t('title')} />;
  const data = summary.data;
  const run = (which: { id: string } | { code: string }, done?: () => void) => {
    setPaid(null);
    claim.reset();
    claim.mutate(which, {
      onSuccess: (r) => {
        setPaid(r.total);
        done?.();
      },
      onError: () => done?.(),
    });
  };
  const signIn = data.claimable.find((c) => c.kind === 'signIn');
  return (
    <div className={styles.page} data-page="rewardCenter">
      <div aria-live="polite">
        {paid ? <p className={styles.success}>{t('claimed', { amount: money(paid) })}</p> : null}
        {failure && !asking ? <FormFailure>{failure}</FormFailure> : null}
      </div>
      <Calendar data={data} signIn={signIn} busy={claim.isPending} onSignIn={setAsking} />
      <Claimable items={data.claimable} busy={claim.isPending} onClaim={setAsking} />
      <Rescue data={data} />
      <Promo terms={data.promoTerms} busy={claim.isPending} onRedeem={(code) => run({ code })} />
      <History />
      {asking ? (
        <Modal open onClose={() => setAsking(null)} size="sm" dataModal="reward-terms">
          <ModalTitle>{t('terms.title')}</ModalTitle>
          <p className={styles.muted}>
            {t(`kind.${asking.kind}`)} · {money(asking.amount)}
          </p>
          <p className={styles.muted} data-terms="true">
            <TermsText terms={asking.terms} />
          </p>
          <div className={own.actions}>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {t('terms.cancel')}
            </Button>
            <Button
              busy={claim.isPending}
              disabled={claim.isPending}
              onClick={() => run({ id: asking.id }, () => setAsking(null))}
              data-action="confirm-reward"
            >
              {t('terms.confirm')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

function Calendar({
  data,
  signIn,
  busy,
  onSignIn,
}: {
  data: RewardSummary;
  signIn: ClaimableReward | undefined;
  busy: boolean;
  onSignIn: (reward: ClaimableReward) => void;
}) {
  const { t } = useRewardsTexts();
  const money = useMoney();
  const headingId = useId();
  const { calendar } = data;
  if (!calendar.enabled) return null;
  const length = calendar.days.length;
  const position = ((calendar.runDay - 1) % length) + 1; // today's place in the cycle
  const signedUpTo = calendar.signedToday ? position : position - 1;
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="calendar">
      <h3 id={headingId} className={styles.heading}>
        {t('calendar.title')}
      </h3>
      <ol className={own.days}>
        {calendar.days.map((amount, i) => {
          const n = i + 1;
          const state = n <= signedUpTo ? 'signed' : n === position ? 'today' : 'later';
          return (
            <li key={n} className={own.day} data-day={n} data-state={state}>
              <span className={own.dayName}>{t('calendar.runDay', { n })}</span>
              <span className={own.dayAmount}>{money(amount)}</span>
              <span className={own.dayState}>
                {state === 'signed' ? t('calendar.signed') : state === 'today' ? t('calendar.today') : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.muted}>
        {t('calendar.run', { n: calendar.signedToday ? calendar.runDay : calendar.runDay - 1 })} ·{' '}
        {t('calendar.monthDays', { count: calendar.monthDays.length })}
      </p>
      {calendar.weekly ? (
        <p className={styles.muted} data-period="weekly">
          {t('calendar.weekly', {
            reward: money(calendar.weekly.reward),
            count: Math.min(calendar.weekly.count, calendar.weekly.days),
            days: calendar.weekly.days,
          })}
          {calendar.weekly.paid ? ` · ${t('calendar.bonusPaid')}` : ''}
        </p>
      ) : null}
      {calendar.monthly ? (
        <p className={styles.muted} data-period="monthly">
          {t('calendar.monthly', {
            reward: money(calendar.monthly.reward),
            count: Math.min(calendar.monthly.count, calendar.monthly.days),
            days: calendar.monthly.days,
          })}
          {calendar.monthly.paid ? ` · ${t('calendar.bonusPaid')}` : ''}
        </p>
      ) : null}
      {signIn ? (
        <>
          {signIn.requirement && !signIn.requirement.met ? <Requirement reward={signIn} /> : null}
          <Button
            variant="primary"
            disabled={busy || !signIn.claimable}
            onClick={() => onSignIn(signIn)}
            data-action="sign-in-today"
          >
            {t('calendar.signIn', { amount: money(signIn.amount) })}
          </Button>
        </>
      ) : calendar.signedToday ? (
        <p className={styles.success}>{t('calendar.signedToday')}</p>
      ) : null}
      <p className={styles.muted}>
        <TermsText terms={calendar.terms} /> {t('calendar.rules')}
      </p>
    </section>
  );
}

function Requirement({ reward }: { reward: ClaimableReward }) {
  const { t } = useRewardsTexts();
  const money = useMoney();
  const r = reward.requirement;
  if (!r) return null;
  return (
    <p className={styles.muted} data-requirement={r.met ? 'met' : 'short'}>
      {t(`requirement.${r.kind}`, { min: money(r.min), value: money(r.value) })}
    </p>
  );
}

function Claimable({
  items,
  busy,
  onClaim,
}: {
  items: ClaimableReward[];
  busy: boolean;
  onClaim: (reward: ClaimableReward) => void;
}) {
  const { t } = useRewardsTexts();
  const money = useMoney();
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="claimable">
      <h3 id={headingId} className={styles.heading}>
        {t('claimable.title')}
      </h3>
      {items.length === 0 ? (
        <p className={styles.muted}>{t('claimable.none')}</p>
      ) : (
        <ul className={own.list}>
          {items.map((r) => (
            <li key={r.id} className={own.item} data-reward={r.id} data-claimable={r.claimable}>
              <div className={own.itemText}>
                <strong>
                  {r.kind === 'rescue' && r.category && r.netLoss
                    ? t('rescue.item', { category: r.category, day: r.day, loss: money(r.netLoss) })
                    : `${t(`kind.${r.kind}`)} · ${t('calendar.runDay', { n: r.runDay ?? 1 })}`}
                </strong>
                <span className={styles.muted}>
                  {t('claimable.expires', { time: formatDateTime(r.expiresAt) })}
                </span>
                <span className={styles.muted}>
                  <TermsText terms={r.terms} />
                </span>
                <Requirement reward={r} />
              </div>
              <Button
                size="sm"
                variant="primary"
                disabled={busy || !r.claimable}
                onClick={() => onClaim(r)}
                data-action="claim-reward"
              >
                {r.claimable ? t('claimable.claim', { amount: money(r.amount) }) : t('claimable.notYet')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Rescue({ data }: { data: RewardSummary }) {
  const { t } = useRewardsTexts();
  const headingId = useId();
  const due = data.claimable.filter((c) => c.kind === 'rescue').length;
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="rescue">
      <h3 id={headingId} className={styles.heading}>
        {t('rescue.title')}
      </h3>
      <p className={styles.muted}>{data.rescueEnabled ? (due ? '' : t('rescue.none')) : t('rescue.off')}</p>
    </section>
  );
}

const CODE = /^[A-Za-z0-9]{4,24}$/;

function Promo({ terms, busy, onRedeem }: { terms: Terms; busy: boolean; onRedeem: (code: string) => void }) {
  const { t } = useRewardsTexts();
  const headingId = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!CODE.test(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onRedeem(value);
  };
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="promo">
      <h3 id={headingId} className={styles.heading}>
        {t('promo.title')}
      </h3>
      <form className={own.promo} onSubmit={submit} noValidate>
        <TextField
          label={t('promo.label')}
          value={code}
          onChange={setCode}
          name="promoCode"
          maxLength={24}
          error={invalid ? t('promo.invalid') : undefined}
        />
        <Button type="submit" variant="primary" disabled={busy} data-action="redeem-promo">
          {t('promo.redeem')}
        </Button>
      </form>
      <p className={styles.muted}>
        <TermsText terms={terms} />
      </p>
    </section>
  );
}

function History() {
  const { t } = useRewardsTexts();
  const money = useMoney();
  const history = useRewardHistory();
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="history">
      <h3 id={headingId} className={styles.heading}>
        {t('history.title')}
      </h3>
      {history.isError ? (
        <LoadFailure error={history.error} onRetry={() => void history.refetch()} busy={history.isFetching} />
      ) : !history.data ? (
        <Spinner label={t('history.title')} />
      ) : history.data.list.length === 0 ? (
        <p className={styles.muted}>{t('history.none')}</p>
      ) : (
        <table className={own.table}>
          <thead>
            <tr>
              <th scope="col">{t('history.when')}</th>
              <th scope="col">{t('history.what')}</th>
              <th scope="col" className={own.num}>
                {t('history.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.data.list.map((h) => (
              <tr key={h.id} data-history={h.kind}>
                <td>{formatDateTime(h.claimedAt)}</td>
                <td>
                  {t(`kind.${h.kind}`)} · {h.detail}
                </td>
                <td className={own.num}>{money(h.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
