import { type CSSProperties, type ReactNode, useId } from 'react';
import { Button, EmptyState, Icon } from '../../../components/ui';
import { formatWireMoney } from '../../../lib/format/money';
import { useGamesTexts } from '../../../lib/games/texts';
import { usePrefersReducedMotion } from '../../../lib/hooks/use-media-query';
import { useBrand } from '../../../lib/site';
import { useWinners, WINNERS_LIMIT } from '../api/winners';
import { LoadFailure } from './lobby';
import styles from './winners-board.module.css';

/** Rows in view at once; longer boards scroll through as a ticker. */
const VISIBLE_ROWS = 5;
/** Each row stays in view this long on its way through. */
const ROW_MS = 2500;

/**
 * The winners board on home (spec §2, §9): the 20 latest big wins, each a masked account, the
 * game and the amount with 2 decimals and separators (0 when the amount is missing). It comes
 * from the session's copy until a refresh is asked (spec §4). Longer boards roll by gently and
 * pause under the pointer or focus; with reduced motion they simply scroll.
 */
export default function WinnersBoard() {
  const { t } = useGamesTexts();
  const headingId = useId();
  const brand = useBrand();
  const reducedMotion = usePrefersReducedMotion();
  const winners = useWinners();
  const list = winners.data?.list ?? [];
  const rolling = !reducedMotion && list.length > VISIBLE_ROWS;
  const listLabel = t('winners.listLabel', { n: Math.min(list.length, WINNERS_LIMIT) });
  const rows = (hidden: boolean) =>
    list.map(({ vo }) => (
      <li
        key={`${hidden ? 'again' : 'row'}-${vo.nodeId}-${vo.winTime}-${vo.account}`}
        className={styles.row}
        data-winner={hidden ? undefined : vo.account}
      >
        <span className={styles.account}>{vo.account}</span>
        <span className={styles.game}>{vo.gameName}</span>
        <span className={styles.amount}>{formatWireMoney(vo.winAmount, brand.currencySymbol)}</span>
      </li>
    ));
  return (
    <section className={styles.board} aria-labelledby={headingId} data-winners-board="true">
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          <Icon name="star" size={22} className={styles.headIcon} />
          {t('winners.title')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void winners.refetch()}
          busy={winners.isFetching}
          disabled={winners.isFetching}
          data-action="refresh-winners"
        >
          <Icon name="refresh" size={16} />
          {t('refresh')}
        </Button>
      </div>
      {winners.isError && !winners.data ? (
        <LoadFailure error={winners.error} onRetry={() => void winners.refetch()} />
      ) : !winners.data ? (
        <ul className={styles.viewport} aria-busy="true" aria-label={t('winners.title')}>
          {Array.from({ length: VISIBLE_ROWS }, (_, i) => i).map((i) => (
            <li key={i} className={styles.skeleton} />
          ))}
        </ul>
      ) : list.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon="star"
          title={t('winners.emptyTitle')}
          text={t('winners.emptyText')}
        />
      ) : (
        <Ticker rolling={rolling} label={listLabel} rollMs={list.length * ROW_MS}>
          <ol className={styles.list} aria-label={listLabel}>
            {rows(false)}
          </ol>
          {/* The second copy closes the loop of the ticker; screen readers read the first only. */}
          {rolling ? (
            <ol className={styles.list} aria-hidden="true">
              {rows(true)}
            </ol>
          ) : null}
        </Ticker>
      )}
    </section>
  );
}

/**
 * The board's window: rolling, the list moves through it (pausing under the pointer or focus);
 * otherwise it is a box the keyboard can scroll.
 */
function Ticker({
  rolling,
  label,
  rollMs,
  children,
}: {
  rolling: boolean;
  label: string;
  rollMs: number;
  children: ReactNode;
}) {
  if (rolling) {
    return (
      <div
        className={`${styles.viewport} ${styles.rolling}`}
        style={{ '--roll-ms': `${rollMs}ms` } as CSSProperties}
      >
        <div className={styles.track}>{children}</div>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard.
    <section className={styles.viewport} tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
