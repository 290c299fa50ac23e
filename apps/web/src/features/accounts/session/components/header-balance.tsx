import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../../components/ui';
import { balanceMinor, balanceText, useBalanceHidden } from '../../../../lib/account/balance';
import { useAccountTexts } from '../../../../lib/account/texts';
import { useWalletBalance } from '../../../../lib/money/balance';
import styles from './member-area.module.css';

/** Design: balance changes count up briefly. */
export const COUNT_UP_MS = 450;
/** How long a changed balance keeps its up/down tint. */
const TREND_MS = 1_200;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The amount on screen: a new balance counts from the old one over COUNT_UP_MS (at once with
 * reduced motion, and for the first value). Exact bigint steps, so no float ever shows.
 */
export function useCountUp(target: bigint | null): bigint | null {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = from.current;
    from.current = target;
    if (target === null || start === null || start === target || reducedMotion()) {
      setShown(target);
      return;
    }
    let frame = 0;
    const began = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - began) / COUNT_UP_MS);
      const eased = 1 - (1 - p) ** 3;
      setShown(p >= 1 ? target : start + ((target - start) * BigInt(Math.round(eased * 1000))) / 1000n);
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

/** Which way the balance last moved, for a moment after it did. */
function useTrend(target: bigint | null): 'up' | 'down' | null {
  const [trend, setTrend] = useState<'up' | 'down' | null>(null);
  const last = useRef(target);
  useEffect(() => {
    const before = last.current;
    last.current = target;
    if (before === null || target === null || before === target) return;
    setTrend(target > before ? 'up' : 'down');
    const timer = setTimeout(() => setTrend(null), TREND_MS);
    return () => clearTimeout(timer);
  }, [target]);
  return trend;
}

/**
 * Spec §2 Header, signed in: the balance (main wallet plus game wallets) with the currency symbol,
 * 2 decimals and separators; the eye hides it behind asterisks (shown at first, the choice kept
 * for the session); a refresh button; play money labelled for trial accounts. Real-time events
 * update it through the balance query.
 */
export function HeaderBalance() {
  const { t } = useAccountTexts();
  const query = useWalletBalance();
  const [hidden, setHidden] = useBalanceHidden();
  const balance = query.data;
  const target = balanceMinor(balance);
  const shown = useCountUp(target);
  const trend = useTrend(target);
  const text = balanceText(shown, balance?.currencySymbol, hidden);
  const final = balanceText(target, balance?.currencySymbol, false);
  const refreshing = query.isFetching;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a figure and its two buttons.
    <div
      className={styles.balance}
      role="group"
      aria-label={t('balance.label')}
      data-balance={hidden ? 'hidden' : 'shown'}
      data-trend={trend ?? undefined}
    >
      {balance?.playMoney ? (
        <span className={styles.playMoney} data-play-money="true">
          {t('balance.playMoney')}
        </span>
      ) : null}
      <span className={styles.amount} data-balance-amount="true">
        {text === null ? (
          <span className={query.isError ? styles.amountMissing : styles.amountPending}>
            {query.isError ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">{t('balance.unavailable')}</span>
              </>
            ) : (
              <span className="visually-hidden">{t('balance.loading')}</span>
            )}
          </span>
        ) : hidden ? (
          <>
            <span aria-hidden="true">{text}</span>
            <span className="visually-hidden">{t('balance.hiddenText')}</span>
          </>
        ) : (
          <>
            {/* Screen readers read the final amount, not each step of the count. */}
            <span aria-hidden="true">{text}</span>
            <span className="visually-hidden">{final}</span>
          </>
        )}
      </span>
      <button
        type="button"
        className={styles.balanceButton}
        aria-pressed={hidden}
        aria-label={t('balance.hide')}
        onClick={() => setHidden(!hidden)}
        data-action="toggle-balance"
      >
        <Icon name={hidden ? 'eye-off' : 'eye'} size={18} />
      </button>
      <button
        type="button"
        className={`${styles.balanceButton} ${styles.refresh}`}
        aria-label={t('balance.refresh')}
        aria-busy={refreshing}
        onClick={() => {
          if (!refreshing) void query.refetch();
        }}
        data-action="refresh-balance"
      >
        <Icon name="refresh" size={16} className={refreshing ? styles.spinning : undefined} />
      </button>
    </div>
  );
}
