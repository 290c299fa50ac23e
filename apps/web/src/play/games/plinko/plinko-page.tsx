/**
 * /play/plinko — "Gold Drop": choose rows and risk, drop a ball. The board's multipliers are
 * the maths package's tables; the path is the server's provably-fair draw, and the balance and
 * history change when the ball lands.
 */

import { PLINKO_RISKS, PLINKO_ROWS } from 'virtual:play-contract';
import { PLINKO_TABLES, type PlinkoRisk, type PlinkoRows, plinkoRtp, toPercent } from '@aurum/games';
import { useCallback, useMemo, useRef, useState } from 'react';
import { verifyHref } from '../../../lib/games/verify-link';
import type { PlayValue } from '../../api/play-api';
import { FairnessPanel } from '../../fair/fairness-panel';
import { useFair } from '../../fair/use-fair';
import { ActionButton, Segmented, StakeStepper } from '../../frame/controls';
import { GameFrame } from '../../frame/game-frame';
import { usePlay } from '../../frame/play-context';
import { useBet } from '../../frame/use-bet';
import { shortMultiplier, toWire, wireToMinor } from '../../lib/format';
import { nearestStep, stakeLadder } from '../../lib/stakes';
import { useTexts } from '../../texts';
import styles from './plinko.module.css';
import { type Ball, PlinkoBoard } from './plinko-board';
import { boardGeometry } from './plinko-geometry';

type PlinkoRound = PlayValue<'plinkoDrop'>;

export default function PlinkoPage() {
  const texts = useTexts();
  const { session, settle } = usePlay();
  const fair = useFair();
  const steps = stakeLadder(wireToMinor(session.minStake), wireToMinor(session.maxStake));
  const [stake, setStake] = useState(() => nearestStep(steps, 100n));
  const [rows, setRows] = useState<PlinkoRows>(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [balls, setBalls] = useState<Ball[]>([]);
  const [lit, setLit] = useState<{ bucket: number; key: number } | null>(null);
  const [rounds, setRounds] = useState<PlinkoRound[]>([]);
  const inFlight = useRef(new Map<string, PlinkoRound>());
  const { place, busy } = useBet('plinkoDrop');
  const g = useMemo(() => boardGeometry(rows), [rows]);
  const table = PLINKO_TABLES[rows][risk];
  const rtp = useMemo(() => toPercent(plinkoRtp(rows, risk), 2), [rows, risk]);

  const drop = async () => {
    const round = await place({ stake: toWire(stake), rows, risk });
    if (!round) return;
    fair.setFair(round.fair);
    inFlight.current.set(round.orderNo, round);
    setBalls((list) => [...list, { id: round.orderNo, path: round.path }]);
  };

  const land = useCallback(
    (id: string) => {
      const round = inFlight.current.get(id);
      if (!round) return;
      inFlight.current.delete(id);
      setBalls((list) => list.filter((b) => b.id !== id));
      setLit({ bucket: round.bucket, key: Date.now() });
      setRounds((list) => [round, ...list].slice(0, 50));
      settle(
        {
          orderNo: round.orderNo,
          label: shortMultiplier(round.multiplier),
          stakeMinor: wireToMinor(round.stake),
          winMinor: wireToMinor(round.totalWin),
        },
        round.balance,
      );
    },
    [settle],
  );

  const dropping = balls.length > 0;
  return (
    <GameFrame title={session.game.name}>
      <div className={styles.layout}>
        <section className={styles.stage} aria-label={texts.plinko.title}>
          <PlinkoBoard g={g} table={table} balls={balls} lit={lit} onLand={land} />
          <p className={styles.rtp}>{texts.plinko.rtp(rtp)}</p>
        </section>
        <aside className={styles.side}>
          <div className={styles.controls}>
            <StakeStepper steps={steps} value={stake} onChange={setStake} disabled={busy} />
            <Segmented<PlinkoRows>
              label={texts.plinko.rows}
              value={rows}
              disabled={busy || dropping}
              options={PLINKO_ROWS.map((n) => ({ value: n, label: String(n) }))}
              onChange={setRows}
            />
            <Segmented<PlinkoRisk>
              label={texts.plinko.risk}
              value={risk}
              disabled={busy || dropping}
              options={PLINKO_RISKS.map((r) => ({ value: r, label: texts.plinko.risks[r] }))}
              onChange={setRisk}
            />
            <ActionButton onClick={() => void drop()} disabled={busy} busy={busy}>
              {texts.plinko.drop}
            </ActionButton>
          </div>
          <FairnessPanel
            fair={fair}
            locked={busy || dropping}
            verifyLink={(revealed) => {
              const last = rounds.find((r) => r.serverSeedHash === revealed.serverSeedHash);
              return verifyHref({
                game: 'plinko',
                serverSeed: revealed.serverSeed,
                clientSeed: last?.clientSeed ?? revealed.clientSeed,
                nonce: last?.nonce ?? Math.max(0, revealed.nonces - 1),
                ...(last ? { rows: last.rows as PlinkoRows, risk: last.risk } : {}),
              });
            }}
          />
        </aside>
      </div>
    </GameFrame>
  );
}
