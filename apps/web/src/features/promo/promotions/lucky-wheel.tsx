import type { PromotionCard } from '@aurum/contract';
import { useEffect, useState } from 'react';
import { Modal, ModalTitle, Spinner } from '../../../components/ui';
import { formatWireMoney } from '../../../lib/format';
import { usePrefersReducedMotion } from '../../../lib/hooks/use-media-query';
import { usePromotionDetail, usePromotionsTexts } from '../../../lib/promotions';
import { useBrand } from '../../../lib/site';
import styles from './lucky-wheel.module.css';

/** Full turns the wheel makes before it settles. */
const TURNS = 5;
/** How long the spin lasts (brief, per the design's motion rules). */
export const SPIN_MS = 3200;
/** Segment colours, alternating on the token palette. */
const FILLS = ['var(--accent)', 'var(--accent-2)', 'var(--surface-2)', 'var(--info)'];

/**
 * The wheel's final rotation (degrees, clockwise) that brings the middle of segment `index` of
 * `count` under the pointer at the top, after `turns` full turns.
 */
export function landingRotation(index: number, count: number, turns = TURNS): number {
  const seg = 360 / count;
  return turns * 360 + (360 - (index * seg + seg / 2));
}

/** The segment under the top pointer when the wheel has turned `rotation` degrees clockwise. */
export function segmentUnderPointer(rotation: number, count: number): number {
  const seg = 360 / count;
  const atPointer = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.floor(atPointer / seg) % count;
}

/** The SVG path of segment `i` of `count` on a circle of radius r centred at (r, r). */
function segmentPath(i: number, count: number, r: number): string {
  const a0 = ((i * 360) / count - 90) * (Math.PI / 180);
  const a1 = (((i + 1) * 360) / count - 90) * (Math.PI / 180);
  const x0 = r + r * Math.cos(a0);
  const y0 = r + r * Math.sin(a0);
  const x1 = r + r * Math.cos(a1);
  const y1 = r + r * Math.sin(a1);
  const large = 360 / count > 180 ? 1 : 0;
  return `M${r},${r} L${x0.toFixed(2)},${y0.toFixed(2)} A${r},${r} 0 ${large} 1 ${x1.toFixed(2)},${y1.toFixed(2)} Z`;
}

/**
 * The raffle's wheel: the promotion's prizes as segments, turning to the prize the server drew
 * (the server decides; the wheel only shows it). With reduced motion it stands on the result at
 * once. The result is said when the wheel stops.
 */
export function LuckyWheel({ prizes, result }: { prizes: readonly string[]; result: string }) {
  const { t } = usePromotionsTexts();
  const brand = useBrand();
  const reduced = usePrefersReducedMotion();
  const index = Math.max(0, prizes.indexOf(result));
  const target = landingRotation(index, prizes.length);
  const [rotation, setRotation] = useState(reduced ? target : 0);
  const [landed, setLanded] = useState(reduced);
  useEffect(() => {
    if (reduced) {
      setRotation(target);
      setLanded(true);
      return;
    }
    // Start from rest, then turn on the next frame so the transition runs. It lands when the
    // transition ends (or, should the browser skip that event, a little after its length).
    const frame = requestAnimationFrame(() => setRotation(target));
    const done = setTimeout(() => setLanded(true), SPIN_MS + 500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(done);
    };
  }, [reduced, target]);
  const r = 100;
  const money = (amount: string) => formatWireMoney(amount, brand.currencySymbol);
  return (
    <div className={styles.wheelBox} data-lucky-wheel="true" data-landed={landed} data-result-segment={index}>
      <div className={styles.pointer} aria-hidden="true" />
      <svg
        viewBox={`0 0 ${2 * r} ${2 * r}`}
        className={styles.wheel}
        role="img"
        aria-label={prizes.map(money).join(', ')}
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: reduced ? 'none' : `transform ${SPIN_MS}ms cubic-bezier(0.12, 0.8, 0.2, 1)`,
        }}
        data-rotation={rotation}
        onTransitionEnd={() => setLanded(true)}
      >
        {prizes.map((p, i) => {
          const mid = ((i + 0.5) * 360) / prizes.length;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: two segments may show the same prize.
            <g key={i} data-segment={i}>
              <path
                d={segmentPath(i, prizes.length, r)}
                fill={FILLS[i % FILLS.length]}
                stroke="var(--border)"
              />
              <text
                x={r}
                y={r * 0.32}
                transform={`rotate(${mid} ${r} ${r})`}
                textAnchor="middle"
                className={styles.label}
              >
                {money(p)}
              </text>
            </g>
          );
        })}
        <circle cx={r} cy={r} r={r * 0.14} fill="var(--surface-1)" stroke="var(--accent-2)" strokeWidth={3} />
      </svg>
      <p className={styles.result} aria-live="polite" data-wheel-result={landed ? result : undefined}>
        {landed ? t('result.paid', { amount: money(result) }) : '\u00a0'}
      </p>
    </div>
  );
}

/** The wheel in a dialog, opened with the server's draw; the prizes come from the promotion's detail. */
export function LuckyWheelModal({
  spin,
  onClose,
}: {
  spin: { card: PromotionCard; amount: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal open={spin !== null} onClose={onClose} size="sm" dataModal="lucky-wheel">
      {spin ? <WheelOf card={spin.card} amount={spin.amount} /> : null}
    </Modal>
  );
}

function WheelOf({ card, amount }: { card: PromotionCard; amount: string }) {
  const { t } = usePromotionsTexts();
  const brand = useBrand();
  const detail = usePromotionDetail(card.id);
  const prizes = detail.data?.prizes ?? [];
  return (
    <>
      <ModalTitle>{card.title}</ModalTitle>
      {prizes.includes(amount) ? (
        <LuckyWheel prizes={prizes} result={amount} />
      ) : detail.isPending ? (
        <Spinner label={t('loading')} />
      ) : (
        // The prize is not among the wheel's (the promotion changed meanwhile): say it plainly.
        <p data-wheel-result={amount}>
          {t('result.paid', { amount: formatWireMoney(amount, brand.currencySymbol) })}
        </p>
      )}
    </>
  );
}
