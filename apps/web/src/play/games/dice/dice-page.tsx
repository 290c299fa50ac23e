/**
 * /play/dice — "Aurum Dice": pick a target and a direction, roll 0.00–99.99. The figures come
 * from the maths package, the roll from the server's provably-fair stream; the marker glides
 * to the roll before the balance and history change.
 */
import type { DiceDirection } from '@aurum/games';
import { useState } from 'react';
import { verifyHref } from '../../../lib/games/verify-link';
import type { PlayValue } from '../../api/play-api';
import { FairnessPanel } from '../../fair/fairness-panel';
import { useFair } from '../../fair/use-fair';
import { ActionButton, Segmented, StakeStepper } from '../../frame/controls';
import { GameFrame } from '../../frame/game-frame';
import { usePlay } from '../../frame/play-context';
import { useBet } from '../../frame/use-bet';
import { chanceText, multiplier, rollText, toWire, wireToMinor } from '../../lib/format';
import { pause } from '../../lib/motion';
import { nearestStep, stakeLadder } from '../../lib/stakes';
import { useTexts } from '../../texts';
import styles from './dice.module.css';
import { clampTarget, diceFigures, mirrorTarget, targetRange } from './dice-bet';
import { DiceTrack } from './dice-track';

/** How long the marker takes to reach the roll. */
const ROLL_MS = 650;
const DEFAULT_TARGET = 5000;

type DiceRound = PlayValue<'diceRoll'>;

export default function DicePage() {
  const texts = useTexts();
  const { session, money, settle } = usePlay();
  const fair = useFair();
  const steps = stakeLadder(wireToMinor(session.minStake), wireToMinor(session.maxStake));
  const [stake, setStake] = useState(() => nearestStep(steps, 100n));
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(() => clampTarget(DEFAULT_TARGET, 'under'));
  const [round, setRound] = useState<DiceRound | null>(null);
  const [landing, setLanding] = useState(false);
  const [rounds, setRounds] = useState<DiceRound[]>([]);
  const { place, busy } = useBet('diceRoll');
  const figures = diceFigures(target, direction, stake);
  const range = targetRange(direction);

  const roll = async () => {
    const result = await place({ stake: toWire(stake), target, direction });
    if (!result) return;
    setLanding(true);
    setRound(result);
    fair.setFair(result.fair);
    await pause(ROLL_MS);
    setLanding(false);
    setRounds((list) => [result, ...list].slice(0, 50));
    settle(
      {
        orderNo: result.orderNo,
        label: rollText(result.roll),
        stakeMinor: wireToMinor(result.stake),
        winMinor: wireToMinor(result.totalWin),
      },
      result.balance,
    );
  };

  const flip = (next: DiceDirection) => {
    if (next === direction) return;
    setTarget(mirrorTarget(target, direction));
    setDirection(next);
  };

  return (
    <GameFrame title={session.game.name}>
      <div className={styles.layout}>
        <section className={styles.board} aria-label={texts.dice.title}>
          <DiceTrack
            target={target}
            direction={direction}
            min={range.min}
            max={range.max}
            round={round}
            landing={landing}
            disabled={busy || landing}
            onTarget={setTarget}
          />
          <dl className={styles.figures}>
            <div>
              <dt>{texts.dice.target}</dt>
              <dd className="tabular">
                {direction === 'under'
                  ? texts.dice.rollUnder(rollText(target))
                  : texts.dice.rollOver(rollText(target))}
              </dd>
            </div>
            <div>
              <dt>{texts.dice.chance}</dt>
              <dd className="tabular" data-dice="chance">
                {chanceText(figures.chance)}
              </dd>
            </div>
            <div>
              <dt>{texts.dice.multiplier}</dt>
              <dd className="tabular" data-dice="multiplier">
                {multiplier(figures.multiplier)}
              </dd>
            </div>
          </dl>
          <Segmented
            label={texts.dice.direction}
            value={direction}
            disabled={busy || landing}
            options={[
              { value: 'under', label: texts.dice.under },
              { value: 'over', label: texts.dice.over },
            ]}
            onChange={flip}
          />
        </section>
        <aside className={styles.side}>
          <div className={styles.controls}>
            <StakeStepper steps={steps} value={stake} onChange={setStake} disabled={busy || landing} />
            <p className={styles.payout}>
              <span>{texts.dice.payout}</span>
              <strong className="tabular">{money(figures.payoutMinor)}</strong>
            </p>
            <ActionButton onClick={() => void roll()} disabled={busy || landing} busy={busy}>
              {busy ? texts.dice.rolling : texts.dice.roll}
            </ActionButton>
          </div>
          <FairnessPanel
            fair={fair}
            locked={busy || landing}
            verifyLink={(revealed) => {
              const last = rounds.find((r) => r.serverSeedHash === revealed.serverSeedHash);
              return verifyHref({
                game: 'dice',
                serverSeed: revealed.serverSeed,
                clientSeed: last?.clientSeed ?? revealed.clientSeed,
                nonce: last?.nonce ?? Math.max(0, revealed.nonces - 1),
                ...(last ? { target: last.target, direction: last.direction } : {}),
              });
            }}
          />
        </aside>
      </div>
    </GameFrame>
  );
}
