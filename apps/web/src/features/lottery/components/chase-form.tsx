import type { LotteryGame } from '@aurum/games';
import { useId, useMemo, useState } from 'react';
import { Button, cx } from '../../../components/ui';
import { TextField } from '../../../components/ui/form';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { usePlaceChase } from '../api/chases';
import {
  CHASE_MAX_ISSUES,
  CHASE_MAX_MULTIPLIER,
  CHASE_PRESETS,
  type ChasePlan,
  type ChaseRow,
  chaseTotal,
  comingIssues,
  issueCost,
  parseIssueCount,
  planMultipliers,
} from '../model/chase';
import { moneyText } from '../model/money';
import type { SlipItem } from '../model/slip';
import styles from './chase-form.module.css';
import { refusalOf } from './refusal';
import type { SlipFeedback } from './slip';

export interface ChaseFormProps {
  gameCode: string;
  game: Pick<LotteryGame, 'cadence' | 'utcOffset'>;
  /**
   * The issue on sale now: the chase starts with it. null while sales are closed between two
   * issues: the form keeps what was entered and starts again from the next issue.
   */
  issue: { issueNo: string; drawAt: string } | null;
  item: SlipItem;
  symbol: string;
  onPlaced: (issues: number, fromIssueNo: string) => void;
  onCancel: () => void;
}

const whole = (text: string, max: number): number | null =>
  /^\d{1,6}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null;

/**
 * Turns the slip's one ticket into a chase: how many issues (presets or typed, at most 120),
 * the multiplier plan (the same on every issue, or doubling: a start multiplied by N every K
 * issues), the table of issues with each multiplier editable and its cost, stop on a win, the
 * total paid up front; POST /lgw/lottery/chases.
 */
export function ChaseForm({ gameCode, game, issue, item, symbol, onPlaced, onCancel }: ChaseFormProps) {
  const { t } = useLotteryTexts();
  const id = useId();
  const place = usePlaceChase();
  const [countText, setCountText] = useState('10');
  const [kind, setKind] = useState<ChasePlan['kind']>('same');
  const [sameText, setSameText] = useState('1');
  const [startText, setStartText] = useState('1');
  const [factorText, setFactorText] = useState('2');
  const [everyText, setEveryText] = useState('1');
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const [stopOnWin, setStopOnWin] = useState(true);
  const [feedback, setFeedback] = useState<(SlipFeedback & { kind: 'refused' }) | null>(null);

  const count = parseIssueCount(countText);
  const plan: ChasePlan | null =
    kind === 'same'
      ? ((m) => (m === null ? null : { kind, multiplier: m }))(whole(sameText, CHASE_MAX_MULTIPLIER))
      : ((start, factor, every) =>
          start === null || factor === null || every === null ? null : { kind, start, factor, every })(
          whole(startText, CHASE_MAX_MULTIPLIER),
          whole(factorText, 100),
          whole(everyText, CHASE_MAX_ISSUES),
        );
  const issueNo = issue?.issueNo ?? null;
  const drawAt = issue?.drawAt ?? null;
  const slots = useMemo(
    () =>
      count === null || issueNo === null || drawAt === null
        ? []
        : comingIssues(game, { issueNo, drawAt: Date.parse(drawAt) }, count),
    [game, issueNo, drawAt, count],
  );
  const planned = plan ? planMultipliers(plan, slots.length) : [];
  const rows: (ChaseRow & { text: string; ok: boolean })[] = slots.map((s, i) => {
    const text = overrides[s.issueNo] ?? String(planned[i] ?? 1);
    const m = whole(text, CHASE_MAX_MULTIPLIER);
    return { issueNo: s.issueNo, multiplier: m ?? 0, text, ok: m !== null };
  });
  const valid = count !== null && plan !== null && rows.length > 0 && rows.every((r) => r.ok);
  const total = valid ? chaseTotal(item.stakeMinor, rows) : null;
  // A new plan or count sets every multiplier again.
  const replan =
    <A,>(set: (a: A) => void) =>
    (a: A) => {
      set(a);
      setOverrides({});
      setFeedback(null);
    };

  const submit = () => {
    if (!valid || place.isPending) return;
    setFeedback(null);
    place.mutate(
      {
        gameCode,
        ticket: item.ticket,
        issues: rows.map((r) => ({ issueNo: r.issueNo, multiplier: r.multiplier })),
        stopOnWin,
      },
      {
        onSuccess: () => onPlaced(rows.length, rows[0]!.issueNo),
        onError: (error) => setFeedback(refusalOf(t, error)),
      },
    );
  };

  const multiplierProblem = t('chase.multiplierProblem', { max: CHASE_MAX_MULTIPLIER });
  return (
    <section className={styles.form} aria-labelledby={`${id}-heading`} data-chase-form="true">
      <h3 id={`${id}-heading`} className={styles.heading}>
        {t('chase.heading')}
      </h3>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('chase.presets')}</legend>
        <div className={styles.segments}>
          {CHASE_PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              className={cx(styles.segment, count === n && styles.segmentOn)}
              aria-pressed={count === n}
              onClick={() => replan(setCountText)(String(n))}
            >
              {n}
            </button>
          ))}
        </div>
      </fieldset>
      <TextField
        name="chaseIssues"
        label={t('chase.count')}
        value={countText}
        inputMode="numeric"
        maxLength={3}
        onChange={replan(setCountText)}
        error={count === null ? t('chase.countProblem', { max: CHASE_MAX_ISSUES }) : undefined}
      />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('chase.plan')}</legend>
        <div className={styles.segments}>
          {(['same', 'doubling'] as const).map((k) => (
            <button
              key={k}
              type="button"
              className={cx(styles.segment, kind === k && styles.segmentOn)}
              aria-pressed={kind === k}
              onClick={() => replan(setKind)(k)}
              data-chase-plan={k}
            >
              {t(`chase.plans.${k}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {kind === 'same' ? (
        <TextField
          name="chaseMultiplier"
          label={t('chase.multiplier')}
          value={sameText}
          inputMode="numeric"
          maxLength={5}
          onChange={replan(setSameText)}
          error={whole(sameText, CHASE_MAX_MULTIPLIER) === null ? multiplierProblem : undefined}
        />
      ) : (
        <div className={styles.doubling}>
          <TextField
            name="chaseStart"
            label={t('chase.start')}
            value={startText}
            inputMode="numeric"
            maxLength={5}
            onChange={replan(setStartText)}
            error={whole(startText, CHASE_MAX_MULTIPLIER) === null ? multiplierProblem : undefined}
          />
          <TextField
            name="chaseFactor"
            label={t('chase.factor')}
            value={factorText}
            inputMode="numeric"
            maxLength={3}
            onChange={replan(setFactorText)}
            error={whole(factorText, 100) === null ? t('chase.factorProblem') : undefined}
          />
          <TextField
            name="chaseEvery"
            label={t('chase.every')}
            value={everyText}
            inputMode="numeric"
            maxLength={3}
            onChange={replan(setEveryText)}
            error={
              whole(everyText, CHASE_MAX_ISSUES) === null
                ? t('chase.countProblem', { max: CHASE_MAX_ISSUES })
                : undefined
            }
          />
        </div>
      )}
      {rows.length > 0 ? (
        <div className={styles.tableBox}>
          <table className={styles.table} data-chase-table="true">
            <caption className="visually-hidden">{t('chase.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chase.issue')}</th>
                <th scope="col">{t('chase.multiplier')}</th>
                <th scope="col" className={styles.num}>
                  {t('chase.cost')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.issueNo} data-chase-issue={r.issueNo}>
                  <th scope="row" className={styles.issueNo}>
                    {r.issueNo}
                  </th>
                  <td>
                    <input
                      className={cx(styles.input, !r.ok && styles.inputBad)}
                      value={r.text}
                      inputMode="numeric"
                      maxLength={5}
                      aria-label={t('chase.multiplierFor', { issueNo: r.issueNo })}
                      aria-invalid={!r.ok}
                      onChange={(e) => {
                        const text = e.target.value;
                        setOverrides((o) => ({ ...o, [r.issueNo]: text }));
                        setFeedback(null);
                      }}
                    />
                  </td>
                  <td className={styles.num} data-chase-cost={r.issueNo}>
                    {r.ok ? moneyText(issueCost(item.stakeMinor, r.multiplier), symbol) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {issue === null ? <p className={styles.closed}>{t('slip.closed')}</p> : null}
      {rows.some((r) => !r.ok) ? (
        <p className={styles.problem} role="alert">
          {multiplierProblem}
        </p>
      ) : null}
      <label className={styles.check}>
        <input type="checkbox" checked={stopOnWin} onChange={(e) => setStopOnWin(e.target.checked)} />
        <span>{t('chase.stopOnWin')}</span>
      </label>
      <dl className={styles.totals}>
        <div>
          <dt>{t('chase.issues')}</dt>
          <dd data-chase-total="issues">{count ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('chase.total')}</dt>
          <dd data-chase-total="stake">{total === null ? '—' : moneyText(total, symbol)}</dd>
        </div>
      </dl>
      {feedback ? (
        <div className={styles.refused} role="alert" data-chase-refusal="true">
          <p>{feedback.text}</p>
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={place.isPending}>
          {t('chase.back')}
        </Button>
        <Button
          variant="highlight"
          onClick={submit}
          disabled={!valid}
          busy={place.isPending}
          data-action="start-chase"
        >
          {t('chase.submit')}
        </Button>
      </div>
    </section>
  );
}
