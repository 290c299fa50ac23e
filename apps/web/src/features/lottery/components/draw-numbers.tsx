import { drawProblem, type LotteryDraw, lhcWave, lhcZodiac, tiersOf } from '@aurum/games';
import { cx } from '../../../components/ui';
import { lotteryKey, useLotteryTexts } from '../../../lib/lottery/texts';
import styles from './draw-numbers.module.css';

/** The engine's draw of a result, or null when the answer is not one (never shown half). */
export function drawOf(result: unknown): LotteryDraw | null {
  if (typeof result !== 'object' || result === null || !('family' in result)) return null;
  try {
    return drawProblem(result as LotteryDraw) === undefined ? (result as LotteryDraw) : null;
  } catch {
    return null;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** One die face with its pips (K3). */
function Die({ face }: { face: number }) {
  const pips: Record<number, [number, number][]> = {
    1: [[12, 12]],
    2: [
      [7, 7],
      [17, 17],
    ],
    3: [
      [7, 7],
      [12, 12],
      [17, 17],
    ],
    4: [
      [7, 7],
      [17, 7],
      [7, 17],
      [17, 17],
    ],
    5: [
      [7, 7],
      [17, 7],
      [12, 12],
      [7, 17],
      [17, 17],
    ],
    6: [
      [7, 6],
      [17, 6],
      [7, 12],
      [17, 12],
      [7, 18],
      [17, 18],
    ],
  };
  return (
    <svg viewBox="0 0 24 24" className={styles.die} aria-hidden="true">
      <rect x="1.5" y="1.5" width="21" height="21" rx="5" className={styles.dieFace} />
      {(pips[face] ?? []).map(([cx, cy]) => (
        <circle
          key={`${cx}-${cy}`}
          cx={cx}
          cy={cy}
          r="2.2"
          className={face === 1 || face === 4 ? styles.pipRed : styles.pip}
        />
      ))}
    </svg>
  );
}

interface DrawNumbersProps {
  result: unknown;
  /** full: every prize of a VN or 4D draw; compact: the top prizes only (the list of past issues). */
  size?: 'full' | 'compact';
}

/** A drawn issue's numbers as the family shows them: balls, dice, or prize tiers. */
export function DrawNumbers({ result, size = 'full' }: DrawNumbersProps) {
  const { t } = useLotteryTexts();
  const draw = drawOf(result);
  if (!draw) return <span className={styles.unknown}>{t('results.unreadable')}</span>;
  switch (draw.family) {
    case 'k3': {
      const sum = draw.balls.reduce((a, b) => a + b, 0);
      return (
        <span className={styles.row} data-draw="k3">
          <span className="visually-hidden">{draw.balls.join(' ')}</span>
          {draw.balls.map((face, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: dice repeat; their place is their identity.
            <Die key={i} face={face} />
          ))}
          <span className={styles.sum}>{t('results.sum', { sum })}</span>
        </span>
      );
    }
    case 'lhc':
      return (
        <ol className={styles.row} data-draw="lhc" aria-label={t('results.numbers')}>
          {draw.balls.map((n) => (
            <li key={n} className={cx(styles.ball, styles[lhcWave(n)])}>
              {pad2(n)}
              <span className={styles.zodiac}>{t(`options.${lhcZodiac(n, draw.year)}`)}</span>
            </li>
          ))}
          <li className={styles.plus} aria-hidden="true">
            +
          </li>
          <li className={cx(styles.ball, styles[lhcWave(draw.special)], styles.special)}>
            <span className="visually-hidden">{t('results.special')} </span>
            {pad2(draw.special)}
            <span className={styles.zodiac}>{t(`options.${lhcZodiac(draw.special, draw.year)}`)}</span>
          </li>
        </ol>
      );
    case 'vn':
    case '4d': {
      const tiers = tiersOf(draw.family, draw.family === 'vn' ? draw.layout : undefined);
      const shown = size === 'full' ? tiers : tiers.slice(0, draw.family === 'vn' ? 1 : 3);
      return (
        <dl className={cx(styles.tiers, size === 'compact' && styles.compactTiers)} data-draw={draw.family}>
          {shown.map((tier, i) => (
            <div key={tier.code} className={styles.tier}>
              <dt className={styles.tierName}>{t(lotteryKey(`tiers.${tier.code}`))}</dt>
              <dd className={cx(styles.tierNumbers, i === 0 && styles.top)}>
                {(draw.tiers[i] ?? []).map((n, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: prize numbers may repeat within a VN tier.
                  <span key={j}>{n}</span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      );
    }
    default:
      return (
        <ol className={styles.row} data-draw={draw.family} aria-label={t('results.numbers')}>
          {draw.balls.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: SSC digits repeat; their place is their identity.
            <li key={i} className={styles.ball}>
              {draw.family === 'ssc' ? n : pad2(n)}
            </li>
          ))}
        </ol>
      );
  }
}
