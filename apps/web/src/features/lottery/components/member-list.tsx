import type { ReactNode } from 'react';
import { Button } from '../../../components/ui';
import { lotteryKey, useLotteryTexts } from '../../../lib/lottery/texts';
import styles from './my-bets.module.css';

interface MemberListProps {
  /** The catalogue root of the list's texts: heading, guest, loading, emptyTitle, emptyText, pages. */
  root: 'tickets' | 'chases';
  /** `data-lottery-<mark>` on the section. */
  mark: string;
  signedIn: boolean;
  onLogin: () => void;
  /** The paged list, given the texts PagedResults shows; only rendered when signed in. */
  children: (texts: { loading: string; emptyTitle: string; emptyText: string; pages: string }) => ReactNode;
  /** What the section holds besides the list (a dialog). */
  extra?: ReactNode;
}

/** A list of the member's own (My bets, My chases): its heading, and a log-in prompt for guests. */
export function MemberList({ root, mark, signedIn, onLogin, children, extra }: MemberListProps) {
  const { t } = useLotteryTexts();
  const text = (key: string) => t(lotteryKey(`${root}.${key}`));
  const id = `lottery-member-${root}`;
  return (
    <section className={styles.section} aria-labelledby={id} {...{ [`data-lottery-${mark}`]: 'true' }}>
      <h2 id={id} className={styles.heading}>
        {text('heading')}
      </h2>
      {!signedIn ? (
        <div className={styles.guest}>
          <p>{text('guest')}</p>
          <Button variant="secondary" size="sm" onClick={onLogin}>
            {t('slip.login')}
          </Button>
        </div>
      ) : (
        children({
          loading: text('loading'),
          emptyTitle: text('emptyTitle'),
          emptyText: text('emptyText'),
          pages: text('pages'),
        })
      )}
      {extra}
    </section>
  );
}
