import type { ReferralSummary } from '@aurum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, QrCode, Spinner } from '../../components/ui';
import { CopyButton } from '../../components/ui/copy-button';
import { FormFailure } from '../../components/ui/form';
import { errorCodeOf, errorTextKey } from '../../lib/api';
import { formatDate } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { useWalletBalance } from '../../lib/money/balance';
import { LoadFailure } from '../../lib/money/fields';
import { useReferralTexts } from '../../lib/referral/texts';
import { paths } from '../../lib/routes/paths';
import { useReferralClaim, useReferralInvitees, useReferralSummary } from './api/referral';
import styles from './loyalty.module.css';

const KINDS = ['invitation', 'achievement', 'depositRebate', 'betRebate'] as const;

/**
 * The link a friend registers with: on the site the member is using (the server serves only the
 * merchant's domains); the other promotion domains are listed beside it.
 */
export function referralLink(referralCode: string, origin = window.location.origin): string {
  return `${origin}${paths.register}?referralCode=${encodeURIComponent(referralCode)}`;
}

/**
 * The `referral` page of the member centre (spec §2, docs/loyalty.md "Referral"): the member's
 * code and link (copy, QR), the invitations, the rewards with the claim, the rules and the
 * friends with their status ("not eligible" when they share the member's device, network,
 * mobile number or payee name).
 */
export default function ReferralPage() {
  const { t } = useReferralTexts();
  const summary = useReferralSummary();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  if (summary.isError) {
    return (
      <LoadFailure error={summary.error} onRetry={() => void summary.refetch()} busy={summary.isFetching} />
    );
  }
  if (!summary.data) return <Spinner label={t('title')} />;
  const s = summary.data;
  return (
    <div className={styles.page} data-page="referral">
      <Share summary={s} />
      <Rewards summary={s} symbol={symbol} />
      <Friends />
      <Rules summary={s} symbol={symbol} />
    </div>
  );
}

function Share({ summary }: { summary: ReferralSummary }) {
  const { t } = useReferralTexts();
  const link = referralLink(summary.referralCode);
  const others = summary.promotionDomains.filter(
    (d) => d !== window.location.host && d !== window.location.hostname,
  );
  const copyTexts = (what: 'Link' | 'Code') => ({
    copy: t(`copy${what}`),
    copied: t('copied'),
    copyLabel: t(`copy${what}`),
    copiedLabel: t(what === 'Link' ? 'linkCopied' : 'codeCopied'),
    copyFailed: t('copyFailed'),
  });
  return (
    <section className={styles.card} aria-labelledby="referral-share">
      <h3 id="referral-share" className={styles.heading}>
        {t('title')}
      </h3>
      <p className={styles.muted}>{t('intro')}</p>
      <dl className={styles.terms}>
        <div>
          <dt>{t('code')}</dt>
          <dd data-referral-code={summary.referralCode}>{summary.referralCode}</dd>
        </div>
        <div>
          <dt>{t('link')}</dt>
          <dd data-referral-link={link} className={styles.breakAll}>
            {link}
          </dd>
        </div>
        {others.length ? (
          <div>
            <dt>{t('domains')}</dt>
            <dd className={styles.breakAll}>
              {others.map((d) => referralLink(summary.referralCode, `https://${d}`)).join(' · ')}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('invitations')}</dt>
          <dd data-invitations="true">{summary.totalInvitations}</dd>
        </div>
        <div>
          <dt>{t('qualified')}</dt>
          <dd>{summary.qualifiedInvitations}</dd>
        </div>
      </dl>
      <div className={styles.pager}>
        <CopyButton text={link} texts={copyTexts('Link')} />
        <CopyButton text={summary.referralCode} texts={copyTexts('Code')} />
      </div>
      <QrCode value={link} size={140} margin={8} title={t('qrTitle')} />
    </section>
  );
}

function Rewards({ summary, symbol }: { summary: ReferralSummary; symbol: string }) {
  const { t } = useReferralTexts();
  const { t: tc } = useTranslation();
  const claim = useReferralClaim();
  const [paid, setPaid] = useState<string | null>(null);
  const claimable = summary.claimable.total !== '0.00';
  const failure = claim.error
    ? errorCodeOf(claim.error) === 'loyalty.referral.nothing'
      ? t('errorNothing')
      : tc(errorTextKey(errorCodeOf(claim.error)))
    : null;
  return (
    <section className={styles.card} aria-labelledby="referral-rewards">
      <h3 id="referral-rewards" className={styles.heading}>
        {t('rewards')}
      </h3>
      <ul className={styles.rows} aria-label={t('claimable')}>
        {KINDS.map((k) => (
          <li key={k} className={styles.rowCard} data-kind={k}>
            <span className={styles.rowName}>{t(`kinds.${k}`)}</span>
            <span className={styles.rowAmount}>{formatWireMoney(summary.claimable[k], symbol)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.terms}>
        <div>
          <dt>{t('claimable')}</dt>
          <dd data-claimable="true">{formatWireMoney(summary.claimable.total, symbol)}</dd>
        </div>
        <div>
          <dt>{t('claimed')}</dt>
          <dd>{formatWireMoney(summary.claimed, symbol)}</dd>
        </div>
      </dl>
      <Button
        variant="primary"
        disabled={!claimable || claim.isPending}
        busy={claim.isPending}
        onClick={() => {
          setPaid(null);
          claim.mutate(undefined, { onSuccess: (c) => setPaid(c.amount) });
        }}
        data-action="claim-referral"
      >
        {claimable ? t('claim', { amount: formatWireMoney(summary.claimable.total, symbol) }) : t('nothing')}
      </Button>
      <div aria-live="polite">
        {paid ? (
          <p className={styles.success}>{t('paid', { amount: formatWireMoney(paid, symbol) })}</p>
        ) : null}
        {failure ? <FormFailure>{failure}</FormFailure> : null}
      </div>
    </section>
  );
}

function Friends() {
  const { t } = useReferralTexts();
  const invitees = useReferralInvitees();
  return (
    <section className={styles.card} aria-labelledby="referral-friends">
      <h3 id="referral-friends" className={styles.heading}>
        {t('invitees')}
      </h3>
      {invitees.isError ? (
        <LoadFailure
          error={invitees.error}
          onRetry={() => void invitees.refetch()}
          busy={invitees.isFetching}
        />
      ) : !invitees.data ? (
        <Spinner label={t('invitees')} />
      ) : invitees.data.list.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.rows} aria-label={t('invitees')}>
          {invitees.data.list.map((i) => (
            <li
              key={`${i.account}-${i.registeredAt}`}
              className={styles.rowCard}
              data-invitee={i.status}
              data-eligible={i.eligible}
            >
              <span className={styles.rowName}>{i.account}</span>
              <span className={styles.rowDetail}>
                {t('registeredAt', { date: formatDate(i.registeredAt) })} · {t(`status.${i.status}`)}
              </span>
              <span className={styles.rowAmount}>
                {i.eligible
                  ? t('eligible')
                  : `${t('notEligible')} (${t(`reason.${i.notEligibleReason ?? 'network'}`)})`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Rules({ summary, symbol }: { summary: ReferralSummary; symbol: string }) {
  const { t } = useReferralTexts();
  const r = summary.rules;
  const money = (v: string) => formatWireMoney(v, symbol);
  return (
    <section className={styles.card} aria-labelledby="referral-rules">
      <h3 id="referral-rules" className={styles.heading}>
        {t('rules')}
      </h3>
      <ul className={styles.rules}>
        {r.invitationReward !== '0.00' ? (
          <li>
            {t('ruleInvitation', { reward: money(r.invitationReward), deposit: money(r.qualifyingDeposit) })}
          </li>
        ) : null}
        {r.achievements.map((a) => (
          <li key={a.invitees} data-reached={a.reached}>
            {t('ruleAchievement', { reward: money(a.reward), count: a.invitees })}
            {a.reached ? ` · ${t('reached')}` : ''}
          </li>
        ))}
        {Number(r.depositRebatePercent) > 0 ? (
          <li>{t('ruleDeposit', { percent: r.depositRebatePercent })}</li>
        ) : null}
        {Number(r.betRebatePercent) > 0 ? <li>{t('ruleBet', { percent: r.betRebatePercent })}</li> : null}
        <li>{t('ruleEligible')}</li>
      </ul>
    </section>
  );
}
