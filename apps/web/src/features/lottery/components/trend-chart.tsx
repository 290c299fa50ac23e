import type { LotteryDraw } from '@aurum/games';
import { useId, useMemo, useState } from 'react';
import { Button, cx } from '../../../components/ui';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { useLotteryRecentDraws } from '../api/draws';
import {
  TREND_WINDOWS,
  type TrendPosition,
  type TrendWindow,
  trendNumberText,
  trendOf,
  trendPositions,
} from '../model/trend';
import { drawOf } from './draw-numbers';
import styles from './trend-chart.module.css';

interface TrendChartProps {
  gameCode: string;
  family: string;
  layout: string | null;
}

/**
 * The trend of a game: over its last 30, 50 or 100 draws, for one position of its number grid,
 * how often each number came (hot and cold marked) and how many draws since it last came. A
 * table (read by screen readers as such) with a bar layer under the figures.
 */
export function TrendChart({ gameCode, family, layout }: TrendChartProps) {
  const { t } = useLotteryTexts();
  const id = useId();
  const positions = useMemo(() => trendPositions(family, layout), [family, layout]);
  const [size, setSize] = useState<TrendWindow>(TREND_WINDOWS[0]);
  const [positionKey, setPositionKey] = useState(positions[0]?.key ?? '');
  const position = positions.find((p) => p.key === positionKey) ?? positions[0];
  const query = useLotteryRecentDraws(gameCode, size);
  const draws = useMemo(
    () => (query.data ?? []).map((r) => drawOf(r.result)).filter((d): d is LotteryDraw => d !== null),
    [query.data],
  );
  const cells = useMemo(() => (position ? trendOf(draws, position) : []), [draws, position]);
  if (!position) return null;
  const mostHits = Math.max(1, ...cells.map((c) => c.hits));
  const mostMissing = Math.max(1, draws.length);
  const positionName = (p: TrendPosition) => t(`trend.positions.${p.kind}`, { n: p.index });

  return (
    <section className={styles.trend} aria-labelledby={`${id}-heading`} data-lottery-trend={gameCode}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('trend.heading')}
      </h2>
      <div className={styles.controls}>
        <label className={styles.select}>
          <span>{t('trend.window')}</span>
          <select
            value={size}
            onChange={(e) => setSize(Number(e.target.value) as TrendWindow)}
            data-trend-window="true"
          >
            {TREND_WINDOWS.map((n) => (
              <option key={n} value={n}>
                {t('trend.windowOption', { n })}
              </option>
            ))}
          </select>
        </label>
        {positions.length > 1 ? (
          <label className={styles.select}>
            <span>{t('trend.position')}</span>
            <select
              value={position.key}
              onChange={(e) => setPositionKey(e.target.value)}
              data-trend-position="true"
            >
              {positions.map((p) => (
                <option key={p.key} value={p.key}>
                  {positionName(p)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {query.isError && !query.data ? (
        <div className={styles.note} role="alert">
          <p>{t('trend.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('trend.retry')}
          </Button>
        </div>
      ) : !query.data ? (
        <p className={styles.note} aria-busy="true">
          {t('trend.loading')}
        </p>
      ) : draws.length === 0 ? (
        <p className={styles.note}>{t('trend.empty')}</p>
      ) : (
        <table className={styles.table} data-trend-table={position.key}>
          <caption className={styles.caption}>
            {t('trend.caption', { n: draws.length, position: positionName(position) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.number')}</th>
              <th scope="col">{t('trend.hits')}</th>
              <th scope="col">{t('trend.missing')}</th>
            </tr>
          </thead>
          <tbody>
            {cells.map((c) => (
              <tr key={c.number} data-trend-number={c.number} data-heat={c.heat ?? undefined}>
                <th scope="row" className={styles.number}>
                  <span className={cx(styles.ball, c.heat && styles[c.heat])}>
                    {trendNumberText(position, c.number)}
                  </span>
                  {c.heat ? <span className={styles.heat}>{t(`trend.${c.heat}`)}</span> : null}
                </th>
                <td className={styles.figure}>
                  <span
                    className={cx(styles.bar, styles.hitsBar)}
                    style={{ inlineSize: `${(c.hits / mostHits) * 100}%` }}
                    aria-hidden="true"
                  />
                  <span className={styles.value}>{c.hits}</span>
                </td>
                <td className={styles.figure}>
                  <span
                    className={cx(styles.bar, styles.missingBar)}
                    style={{ inlineSize: `${((c.missing ?? draws.length) / mostMissing) * 100}%` }}
                    aria-hidden="true"
                  />
                  <span className={styles.value}>
                    {c.missing === null ? t('trend.never', { n: draws.length }) : c.missing}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.note}>{t('trend.legend')}</p>
    </section>
  );
}
