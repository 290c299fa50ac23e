import type { PromotionCard } from '@aurum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { countdownClock, formatWireMoney, useTickingNow } from '../../../lib/format';
import { promotionsRootKey, usePromotionsTexts } from '../../../lib/promotions';
import { useBrand } from '../../../lib/site';
import styles from './promotions.module.css';

/**
 * A red-envelope rain's line on its card and detail: while a window is open, the time left in
 * it (or the envelope the member caught); between windows, the countdown to the next one. When
 * a window opens or closes the promotions are read again, so the status and button follow.
 */
export function RainLine({ card }: { card: PromotionCard }) {
  const { t } = usePromotionsTexts();
  const brand = useBrand();
  const now = useTickingNow();
  const queryClient = useQueryClient();
  const rain = card.rain;
  const turn = rain ? (rain.open ? rain.windowEnd : rain.windowStart) : 0;
  const passed = rain !== undefined && now >= turn;
  useEffect(() => {
    if (passed) void queryClient.invalidateQueries({ queryKey: promotionsRootKey });
  }, [passed, queryClient]);
  if (!rain) return null;
  const time = countdownClock(turn - now, (days, clock) => t('rain.days', { days, clock }));
  return (
    <p className={styles.rain} data-rain={rain.open ? 'open' : 'next'} aria-live="off">
      {rain.won !== null
        ? t('rain.won', { amount: formatWireMoney(rain.won, brand.currencySymbol) })
        : rain.open
          ? t('rain.falling', { time })
          : t('rain.next', { time })}
    </p>
  );
}
