/** What each baccarat bet pays, as the table writes it ("0.95 : 1"), from the maths package. */
import { BACCARAT_PAYS, type BaccaratBet } from '@aurum/games';

export function payText(bet: BaccaratBet): string {
  const { num, den } = BACCARAT_PAYS[bet];
  const whole = num / den;
  const cents = ((num % den) * 100n) / den;
  return `${cents === 0n ? whole : `${whole}.${String(cents).padStart(2, '0')}`} : 1`;
}
