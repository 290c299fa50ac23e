import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, useModal } from '../../../components/ui';
import { whenIdle } from '../../../lib/hooks/when-idle';
import styles from './notice-marquee.module.css';

export interface NoticeItem {
  id: string;
  title: string;
  content?: string;
  date?: number;
}

/**
 * The marquee starts moving once the page has loaded and the browser is idle: a moving layer
 * repaints every frame, and started with the page it made the first load's main thread busy
 * (Lighthouse's total blocking time about halved without it).
 */
function useStartWhenIdle(): boolean {
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const start = () => {
      cancel = whenIdle(() => setMoving(true), 3000);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      cancel();
    };
  }, []);
  return moving;
}

/**
 * Spec §2 Home: the notice marquee. Titles open the notice modal; it pauses on hover and focus.
 * With no notices the bar is not shown at all.
 */
export function NoticeMarquee({ items }: { items: readonly NoticeItem[] }) {
  const { t } = useTranslation();
  const modal = useModal();
  const moving = useStartWhenIdle();
  if (items.length === 0) return null;
  const list = (hidden: boolean) => (
    <ul className={styles.list} aria-hidden={hidden || undefined}>
      {items.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            className={styles.item}
            tabIndex={hidden ? -1 : undefined}
            onClick={() => modal.open('notice', n)}
          >
            {n.title}
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <section
      className={styles.bar}
      aria-label={t('home.noticeLabel')}
      data-notice-marquee="true"
      data-moving={moving || undefined}
    >
      <Icon name="alert" size={18} className={styles.icon} />
      <div className={styles.viewport}>
        <div className={styles.track}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </section>
  );
}
