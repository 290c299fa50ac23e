/**
 * A betting area of the felt: its name and pay, the chips on it, and after the hand what it
 * returned. Pressing it places the selected chip.
 */
import type { BaccaratBet } from '@aurum/games';
import { usePlay } from '../../frame/play-context';
import { wireToMinor } from '../../lib/format';
import { useTexts } from '../../texts';
import styles from './baccarat.module.css';

export function BetSpot(props: {
  bet: BaccaratBet;
  pays: string;
  stakeMinor: bigint;
  result: { stake: string; payout: string } | undefined;
  winner: boolean;
  pairHit: boolean;
  disabled: boolean;
  onPlace(): void;
}) {
  const texts = useTexts();
  const { money } = usePlay();
  const name = texts.baccarat.bets[props.bet];
  const payout = props.result ? wireToMinor(props.result.payout) : null;
  const stake = props.result ? wireToMinor(props.result.stake) : props.stakeMinor;
  const state = payout === null ? undefined : payout > stake ? 'won' : payout === stake ? 'push' : 'lost';
  return (
    <button
      type="button"
      className={styles.spot}
      data-bet={props.bet}
      data-state={state}
      data-hit={props.winner || props.pairHit || undefined}
      disabled={props.disabled}
      aria-label={texts.baccarat.betOn(name, money(props.stakeMinor))}
      onClick={props.onPlace}
    >
      <span className={styles.spotName}>{name}</span>
      <span className={styles.spotPays}>{props.pays}</span>
      {props.stakeMinor > 0n ? (
        <span className={`${styles.spotChip} tabular`} data-baccarat={`stake-${props.bet}`}>
          {money(props.stakeMinor)}
        </span>
      ) : null}
      {state === 'won' && payout !== null ? (
        <span className={`${styles.spotResult} tabular`}>+{money(payout - stake)}</span>
      ) : null}
      {state === 'push' ? (
        <span className={styles.spotResult}>{texts.results.push(money(stake))}</span>
      ) : null}
    </button>
  );
}
