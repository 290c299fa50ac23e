import type { MissionMetricKey, MissionSummary, MissionView } from '@aurum/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, TabPanel, Tabs } from '../../components/ui';
import { FormFailure } from '../../components/ui/form';
import { errorCodeOf, errorTextKey } from '../../lib/api';
import { countdownClock, useTickingNow } from '../../lib/format/countdown';
import { formatWireMoney } from '../../lib/format/money';
import { useMissionClaim, useMissionLeaderboard, useMissionSummary } from '../../lib/missions/api';
import { useMissionsTexts } from '../../lib/missions/texts';
import { useWalletBalance } from '../../lib/money/balance';
import { LoadFailure } from '../../lib/money/fields';
import { shareOf } from './format';
import styles from './loyalty.module.css';
import own from './missions.module.css';

type Tab = 'missions' | 'leaderboard';

/**
 * `missionLeaderboard`, the member centre's missions page (issue 16): missions and daily tasks
 * with a progress bar per milestone, claim and claim all, the countdown to each period's end, and
 * the leaderboard tab (each mission's own metric and period, others' names masked).
 */
export default function MissionsPage() {
  const { t } = useMissionsTexts();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('missions');
  return (
    <div className={styles.page} data-page="missionLeaderboard">
      <Tabs
        label={t('title')}
        idBase={idBase}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'missions', label: t('tabs.missions') },
          { value: 'leaderboard', label: t('tabs.leaderboard') },
        ]}
      />
      <TabPanel idBase={idBase} value={tab} className={styles.page}>
        {tab === 'missions' ? <Missions /> : <MissionBoards />}
      </TabPanel>
    </div>
  );
}

/** The member's clock against the server's: countdowns count from the server's time. */
function useServerNow(serverTime: number | undefined): number {
  const [skew, setSkew] = useState(0);
  const now = useTickingNow();
  useEffect(() => {
    if (serverTime !== undefined) setSkew(serverTime - Date.now());
  }, [serverTime]);
  return now + skew;
}

function Countdown({ endsAt, now, daily }: { endsAt: number; now: number; daily: boolean }) {
  const { t } = useMissionsTexts();
  if (endsAt <= now) return <span className={own.countdown}>{t('ended')}</span>;
  const time = countdownClock(endsAt - now, (days, clock) => t('countdown', { days, clock }));
  return (
    <span className={own.countdown} data-countdown={endsAt}>
      {t(daily ? 'resetsIn' : 'endsIn', { time })}
    </span>
  );
}

/** A figure of a metric as shown: money with the symbol, a count, a multiple. */
function useFigure() {
  const { t } = useMissionsTexts();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  return (metric: MissionMetricKey, value: string) =>
    metric === 'betCount'
      ? value
      : metric === 'profitMultiple'
        ? t('multiple', { value })
        : formatWireMoney(value, symbol);
}

function useClaimFailure(error: unknown): string | null {
  const { t } = useMissionsTexts();
  const { t: tc } = useTranslation();
  if (!error) return null;
  const code = errorCodeOf(error);
  if (code === 'loyalty.mission.nothing') return t('errorNothing');
  if (code === 'loyalty.mission.notClaimable') return t('errorNotClaimable');
  return tc(errorTextKey(code));
}

function Missions() {
  const { t } = useMissionsTexts();
  const summary = useMissionSummary();
  const claim = useMissionClaim();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const [paid, setPaid] = useState<string | null>(null);
  const failure = useClaimFailure(claim.error);
  const now = useServerNow(summary.data?.serverTime);
  if (summary.isError) {
    return (
      <LoadFailure error={summary.error} onRetry={() => void summary.refetch()} busy={summary.isFetching} />
    );
  }
  if (!summary.data) return <Spinner label={t('title')} />;
  const data: MissionSummary = summary.data;
  const run = (which: { missionId: string; milestone: number } | 'all') => {
    setPaid(null);
    claim.mutate(which, { onSuccess: (r) => setPaid(r.total) });
  };
  return (
    <>
      <section className={styles.card} aria-labelledby="missions-claim-all">
        <h3 id="missions-claim-all" className={styles.heading}>
          {t('title')}
        </h3>
        <Button
          variant="primary"
          disabled={data.unread === 0 || claim.isPending}
          busy={claim.isPending}
          onClick={() => run('all')}
          data-action="claim-all-missions"
        >
          {data.unread > 0
            ? t('claimAll', { amount: formatWireMoney(data.claimable, symbol) })
            : t('nothing')}
        </Button>
        <div aria-live="polite">
          {paid ? (
            <p className={styles.success}>{t('claimed', { amount: formatWireMoney(paid, symbol) })}</p>
          ) : null}
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </div>
      </section>
      {data.missions.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        data.missions.map((m) => (
          <MissionCard
            key={m.id}
            mission={m}
            now={now}
            busy={claim.isPending}
            onClaim={(milestone) => run({ missionId: m.id, milestone })}
          />
        ))
      )}
      <section className={styles.card} aria-labelledby="missions-rules">
        <h3 id="missions-rules" className={styles.heading}>
          {t('rulesTitle')}
        </h3>
        <p className={styles.muted}>{t('rules')}</p>
      </section>
    </>
  );
}

function MissionCard({
  mission,
  now,
  busy,
  onClaim,
}: {
  mission: MissionView;
  now: number;
  busy: boolean;
  onClaim: (milestone: number) => void;
}) {
  const { t } = useMissionsTexts();
  const figure = useFigure();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const headingId = useId();
  return (
    <section
      className={styles.card}
      aria-labelledby={headingId}
      data-mission={mission.id}
      data-status={mission.status}
    >
      <div className={own.head}>
        <h3 id={headingId} className={styles.heading}>
          {mission.title}
        </h3>
        <span className={own.status} data-status={mission.status}>
          {t(`status.${mission.status}`)}
        </span>
      </div>
      <p className={styles.muted}>
        {t(`kind.${mission.kind}`)} · {t(`metric.${mission.metric}`)}: {figure(mission.metric, mission.value)}
        {' · '}
        <Countdown endsAt={mission.endsAt} now={now} daily={mission.kind === 'daily'} />
      </p>
      {mission.description ? <p className={styles.muted}>{mission.description}</p> : null}
      <ol className={styles.bars}>
        {mission.milestones.map((ms) => {
          const labelId = `${headingId}-${ms.index}`;
          return (
            <li key={ms.index} className={own.milestone} data-milestone={ms.index} data-status={ms.status}>
              <div className={styles.barText}>
                <span id={labelId}>
                  {t('milestone', { n: ms.index + 1 })} ·{' '}
                  {t('reward', { amount: formatWireMoney(ms.reward, symbol) })}
                </span>
                <span className={styles.figures}>
                  {t('progress', {
                    actual: figure(mission.metric, ms.progress),
                    target: figure(mission.metric, ms.target),
                  })}
                </span>
              </div>
              <progress
                className={styles.meter}
                aria-labelledby={labelId}
                max={1}
                value={shareOf(ms.progress, ms.target)}
              />
              {ms.status === 'claimable' ? (
                <Button
                  size="sm"
                  variant="primary"
                  disabled={busy}
                  onClick={() => onClaim(ms.index)}
                  data-action="claim-milestone"
                >
                  {t('claim')}
                </Button>
              ) : (
                <span className={own.status} data-status={ms.status}>
                  {t(`status.${ms.status}`)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The leaderboard tab: a mission chooser and its board (its heading an h3, or an h2 on a screen of its own). */
export function MissionBoards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useMissionsTexts();
  const summary = useMissionSummary();
  const selectId = useId();
  const boards = summary.data?.missions.filter((m) => m.leaderboard) ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const missionId = chosen ?? boards[0]?.id ?? null;
  if (summary.isError) {
    return (
      <LoadFailure error={summary.error} onRetry={() => void summary.refetch()} busy={summary.isFetching} />
    );
  }
  if (!summary.data) return <Spinner label={t('tabs.leaderboard')} />;
  if (!boards.length || !missionId) return <p className={styles.muted}>{t('board.none')}</p>;
  return (
    <section className={styles.card} aria-labelledby={`${selectId}-h`}>
      <Heading id={`${selectId}-h`} className={styles.heading}>
        {t('tabs.leaderboard')}
      </Heading>
      <label className={own.field} htmlFor={selectId}>
        <span>{t('board.mission')}</span>
        <select
          id={selectId}
          className={own.select}
          value={missionId}
          onChange={(e) => setChosen(e.target.value)}
          data-field="leaderboard-mission"
        >
          {boards.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}
            </option>
          ))}
        </select>
      </label>
      <Board missionId={missionId} />
    </section>
  );
}

function Board({ missionId }: { missionId: string }) {
  const { t } = useMissionsTexts();
  const board = useMissionLeaderboard(missionId);
  const figure = useFigure();
  const now = useServerNow(board.data?.serverTime);
  if (board.isError) {
    return <LoadFailure error={board.error} onRetry={() => void board.refetch()} busy={board.isFetching} />;
  }
  const data = board.data;
  if (!data) return <Spinner label={t('tabs.leaderboard')} />;
  return (
    <div className={styles.page} data-leaderboard={data.missionId}>
      <p className={styles.muted}>
        {t(`metric.${data.metric}`)} · <Countdown endsAt={data.endsAt} now={now} daily={false} />
      </p>
      <p className={own.yours} data-own-rank={data.own.rank ?? ''}>
        {data.own.rank === null
          ? t('board.unranked')
          : t('board.yourRank', { rank: data.own.rank, value: figure(data.metric, data.own.value) })}
      </p>
      {data.list.length === 0 ? (
        <p className={styles.muted}>{t('board.empty')}</p>
      ) : (
        <table className={own.table}>
          <thead>
            <tr>
              <th scope="col">{t('board.rank')}</th>
              <th scope="col">{t('board.member')}</th>
              <th scope="col" className={own.num}>
                {t('board.value')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((r) => (
              <tr key={`${r.rank}-${r.account}`} data-self={r.self} data-rank={r.rank}>
                <td>{r.rank}</td>
                <td>
                  {r.account}
                  {r.self ? ` (${t('board.you')})` : ''}
                </td>
                <td className={own.num}>{figure(data.metric, r.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
