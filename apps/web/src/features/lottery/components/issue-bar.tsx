import { useEffect, useState } from 'react';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import type { LotteryIssue } from '../api/game-menu';
import { formatCountdown, msUntil } from '../model/clock';
import styles from './issue-bar.module.css';

/** Countdowns tick this often, so a second never shows late by more than a quarter. */
const TICK_MS = 250;

interface CountdownProps {
  until: string;
  offsetMs: number;
  onDone: () => void;
}

/** Time left until `until` on the server's clock; calls `onDone` once when it reaches zero. */
function Countdown({ until, offsetMs, onDone }: CountdownProps) {
  const [left, setLeft] = useState(() => msUntil(until, offsetMs));
  useEffect(() => {
    const tick = () => {
      const ms = msUntil(until, offsetMs);
      setLeft(ms);
      if (ms === 0) {
        clearInterval(timer);
        onDone();
      }
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
    return () => clearInterval(timer);
  }, [until, offsetMs, onDone]);
  return (
    <time className={styles.countdown} dateTime={`PT${Math.ceil(left / 1000)}S`} data-countdown="true">
      {formatCountdown(left)}
    </time>
  );
}

interface IssueBarProps {
  name: string;
  issue: LotteryIssue | null;
  /** Sales of `issue` are open (else the page waits for the draw and the next issue). */
  open: boolean;
  offsetMs: number;
  onClosed: () => void;
}

/**
 * The game's heading with the issue on sale: its number, the countdown to its sale close on the
 * server's clock, and the hash of its seed committed before sales opened. Between issues it says
 * the draw is under way.
 */
export function IssueBar({ name, issue, open, offsetMs, onClosed }: IssueBarProps) {
  const { t } = useLotteryTexts();
  return (
    <section className={styles.bar} aria-labelledby="lottery-game-name" data-issue={issue?.issueNo}>
      <div className={styles.title}>
        <h2 id="lottery-game-name" className={styles.name}>
          {name}
        </h2>
        {issue && open ? <p className={styles.issue}>{t('game.issue', { issueNo: issue.issueNo })}</p> : null}
      </div>
      <div className={styles.clock}>
        {issue && open ? (
          <>
            <span className={styles.label}>{t('game.closesIn')}</span>
            <Countdown until={issue.saleCloseAt} offsetMs={offsetMs} onDone={onClosed} />
          </>
        ) : (
          <span className={styles.drawing} role="status" data-drawing="true">
            <span className={styles.pulse} aria-hidden="true" />
            {t('game.drawing')}
          </span>
        )}
      </div>
      {issue && open ? (
        <p className={styles.seed}>
          <span>{t('game.seedHash')}</span> <code className={styles.hash}>{issue.seedHash}</code>
        </p>
      ) : null}
    </section>
  );
}
