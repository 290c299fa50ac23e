import type { AffiliateChannel, RouteValue } from '@aurum/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../components/ui';
import { FormFailure, TextField } from '../../components/ui/form';
import { getMemberInfo } from '../../lib/account/member-info';
import { useAgentTexts } from '../../lib/agent/texts';
import { errorCodeOf } from '../../lib/api';
import {
  AFFILIATE_CHANNELS,
  AFFILIATE_REASON_MAX,
  AFFILIATE_REASON_MIN,
  AFFILIATE_TEAM_MAX,
} from '../../lib/contract';
import { formatDateTime } from '../../lib/format/date';
import { moneyErrorText } from '../../lib/money/errors';
import { LoadFailure, Notice } from '../../lib/money/fields';
import shared from '../../lib/money/money.module.css';
import { useFundsTexts } from '../../lib/money/texts';
import { useSession } from '../../lib/session/session-store';
import { useFeature } from '../../lib/site';
import styles from './agent-centre.module.css';
import { useAffiliateStatus, useApplyAffiliate } from './api/affiliate';

type Application = NonNullable<RouteValue<'affiliateApplication'>['application']>;

/**
 * The affiliate application (AFFMAN3) on the agent home of a member who is not an agent: its
 * latest application's status (with the operator's reason when rejected), and the form (why,
 * channels, expected team size) whenever it may apply. Hidden while the key is off.
 */
export default function AffiliateApplicationPage() {
  const on = useFeature('AFFMAN3');
  if (!on) return null;
  return <Application />;
}

function Application() {
  const { t } = useAgentTexts();
  const titleId = useId();
  const status = useAffiliateStatus();
  const { isAgent } = useSession();
  const approvedNow = status.data?.isAgent === true && !isAgent;
  // Approved since the session began: the member info call turns this session into an agent's.
  useEffect(() => {
    if (approvedNow) void getMemberInfo().catch(() => undefined);
  }, [approvedNow]);
  return (
    <section className={shared.section} aria-labelledby={titleId} data-section="affiliate">
      <h3 id={titleId}>{t('affiliate.title')}</h3>
      {status.isError ? (
        <LoadFailure error={status.error} onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        <Spinner label={t('affiliate.title')} />
      ) : (
        <>
          {status.data.application ? <Status application={status.data.application} /> : null}
          {status.data.canApply ? <ApplyForm /> : null}
        </>
      )}
    </section>
  );
}

function Status({ application: a }: { application: Application }) {
  const { t } = useAgentTexts();
  return (
    <div data-affiliate-status={a.status}>
      <Notice>
        {t(`affiliate.status.${a.status}`, { date: formatDateTime(a.createdAt) })}
        {a.status === 'rejected' && a.decisionReason
          ? ` ${t('affiliate.reason', { reason: a.decisionReason })}`
          : ''}
      </Notice>
    </div>
  );
}

function ApplyForm() {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const apply = useApplyAffiliate();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [channels, setChannels] = useState<AffiliateChannel[]>([]);
  const [teamSize, setTeamSize] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (c: AffiliateChannel) =>
    setChannels((now) => (now.includes(c) ? now.filter((x) => x !== c) : [...now, c]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const size = Number(teamSize);
    if (reason.trim().length < AFFILIATE_REASON_MIN)
      return setProblem(t('affiliate.problems.reason', { min: AFFILIATE_REASON_MIN }));
    if (channels.length === 0) return setProblem(t('affiliate.problems.channels'));
    if (!/^\d+$/.test(teamSize.trim()) || size < 1 || size > AFFILIATE_TEAM_MAX)
      return setProblem(t('affiliate.problems.teamSize', { max: AFFILIATE_TEAM_MAX }));
    setProblem(null);
    apply.mutate({ reason: reason.trim(), channels, teamSize: size });
  };
  const failure = (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'affiliate.application.pending') return t('affiliate.problems.pending');
    if (code === 'affiliate.already.agent') return t('affiliate.problems.agent');
    return moneyErrorText(tf, tc, error);
  };

  return (
    <form className={shared.form} onSubmit={submit} aria-label={t('affiliate.title')} noValidate>
      <p className={shared.lead}>{t('affiliate.lead')}</p>
      <div>
        <label htmlFor={reasonId} className={styles.fieldLabel}>
          {t('affiliate.why')}
        </label>
        <textarea
          id={reasonId}
          name="reason"
          className={styles.textarea}
          value={reason}
          maxLength={AFFILIATE_REASON_MAX}
          rows={4}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <fieldset className={styles.choices}>
        <legend>{t('affiliate.channels')}</legend>
        {AFFILIATE_CHANNELS.map((c) => (
          <label key={c} className={styles.choice}>
            <input
              type="checkbox"
              name="channels"
              value={c}
              checked={channels.includes(c)}
              onChange={() => toggle(c)}
            />
            {t(`affiliate.channel.${c}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        name="teamSize"
        label={t('affiliate.teamSize')}
        value={teamSize}
        onChange={setTeamSize}
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
      />
      {problem ? <FormFailure>{problem}</FormFailure> : null}
      {apply.isError ? <FormFailure>{failure(apply.error)}</FormFailure> : null}
      <Button type="submit" busy={apply.isPending} disabled={apply.isPending}>
        {t('affiliate.submit')}
      </Button>
    </form>
  );
}
