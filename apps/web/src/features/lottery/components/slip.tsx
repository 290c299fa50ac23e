import type { ReactNode } from 'react';
import { Button, Icon } from '../../../components/ui';
import { useLotteryTexts } from '../../../lib/lottery/texts';
import { moneyText } from '../model/money';
import { type SlipItem, slipTotals } from '../model/slip';
import { betTypeName } from './labels';
import { useSelectionText } from './selection-text';
import styles from './slip.module.css';

/** What the last "Place bets" came to. */
export type SlipFeedback =
  | { kind: 'placed'; count: number; issueNo: string }
  | { kind: 'chased'; count: number; issueNo: string }
  | { kind: 'refused'; text: string; action?: 'deposit' | 'refresh' };

export interface SlipProps {
  items: readonly SlipItem[];
  symbol: string;
  /** The issue the bets go to, or null while sales are closed. */
  issueNo: string | null;
  signedIn: boolean;
  /** A trial account: its bets are free play, with play money. */
  trial?: boolean | undefined;
  placing: boolean;
  feedback: SlipFeedback | null;
  onRemove: (id: number) => void;
  onClear: () => void;
  onPlace: () => void;
  onLogin: () => void;
  onDeposit: () => void;
  onRefresh: () => void;
  /** Opens the chase form for the slip's one ticket. */
  onChase: () => void;
  /** The chase form, while it is open: it takes the place of the slip's buttons. */
  chase: ReactNode;
  /** The heading's id (the sheet's dialog is named by its own title instead). */
  headingId?: string;
}

/** The bet slip: its tickets with remove, the totals, and "Place bets" on the issue shown. */
export function SlipContent({
  items,
  symbol,
  issueNo,
  signedIn,
  trial = false,
  placing,
  feedback,
  onRemove,
  onClear,
  onPlace,
  onLogin,
  onDeposit,
  onRefresh,
  onChase,
  chase,
}: SlipProps) {
  const { t } = useLotteryTexts();
  const selectionText = useSelectionText();
  const totals = slipTotals(items);
  return (
    <div className={styles.content} data-slip="true">
      {items.length === 0 ? (
        <p className={styles.empty}>{t('slip.empty')}</p>
      ) : (
        <ul className={styles.items}>
          {items.map((item) => {
            const name = betTypeName(t, item.betType);
            const what = selectionText(item.betType, item.selection);
            return (
              <li key={item.id} className={styles.item} data-slip-item={item.betType}>
                <div className={styles.itemText}>
                  <span className={styles.itemName}>{name}</span>
                  <span className={styles.itemWhat}>{what}</span>
                  <span className={styles.itemFigures}>
                    {t('slip.itemFigures', {
                      bets: item.bets,
                      stake: moneyText(item.stakeMinor, symbol),
                      prize: moneyText(item.topPrizeMinor, symbol),
                    })}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  iconOnly
                  onClick={() => onRemove(item.id)}
                  aria-label={t('slip.remove', { what: `${name} ${what}` })}
                >
                  <Icon name="close" size={16} />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <dl className={styles.totals}>
        <div>
          <dt>{t('slip.tickets')}</dt>
          <dd data-slip-total="tickets">{totals.tickets}</dd>
        </div>
        <div>
          <dt>{t('totals.bets')}</dt>
          <dd data-slip-total="bets">{totals.bets}</dd>
        </div>
        <div>
          <dt>{t('totals.stake')}</dt>
          <dd data-slip-total="stake">{moneyText(totals.stakeMinor, symbol)}</dd>
        </div>
      </dl>
      {feedback ? (
        feedback.kind === 'placed' || feedback.kind === 'chased' ? (
          <p className={styles.placed} role="status">
            {feedback.kind === 'placed'
              ? t('slip.placed', { count: feedback.count, issueNo: feedback.issueNo })
              : t('chase.placed', { count: feedback.count, issueNo: feedback.issueNo })}
          </p>
        ) : (
          <div className={styles.refused} role="alert" data-slip-refusal="true">
            <p>{feedback.text}</p>
            {feedback.action === 'deposit' ? (
              <Button size="sm" onClick={onDeposit} data-action="deposit">
                {t('errors.deposit')}
              </Button>
            ) : feedback.action === 'refresh' ? (
              <Button size="sm" variant="secondary" onClick={onRefresh}>
                {t('errors.refresh')}
              </Button>
            ) : null}
          </div>
        )
      ) : null}
      <p className={styles.issue}>{issueNo ? t('slip.forIssue', { issueNo }) : t('slip.closed')}</p>
      {chase ?? (
        <>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={onClear} disabled={items.length === 0 || placing}>
              {t('slip.clear')}
            </Button>
            {signedIn ? (
              <>
                <Button
                  variant="secondary"
                  onClick={onChase}
                  disabled={items.length !== 1 || issueNo === null || placing}
                  data-action="chase"
                >
                  {t('chase.open')}
                </Button>
                <Button
                  variant="highlight"
                  onClick={onPlace}
                  disabled={items.length === 0 || issueNo === null}
                  busy={placing}
                  data-action="place-bets"
                >
                  {t('slip.place')}
                </Button>
              </>
            ) : (
              <Button
                variant="highlight"
                onClick={onLogin}
                disabled={items.length === 0}
                data-action="login-to-bet"
              >
                {t('slip.login')}
              </Button>
            )}
          </div>
          {signedIn && items.length > 1 ? <p className={styles.issue}>{t('chase.oneTicket')}</p> : null}
          {signedIn && trial ? (
            <p className={styles.issue} data-play-money="true">
              {t('slip.playMoney')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
