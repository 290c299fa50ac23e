import { useTranslation } from 'react-i18next';
import { Icon, useModal } from '../../../components/ui';
import styles from './notice-marquee.module.css';

export interface NoticeItem {
  id: string;
  title: string;
  content?: string;
  date?: number;
}

/**
 * Spec §2 Home: the notice marquee. Titles open the notice modal; it pauses on hover and focus.
 * With no notices the bar is not shown at all.
 */
export function NoticeMarquee({ items }: { items: readonly NoticeItem[] }) {
  const { t } = useTranslation();
  const modal = useModal();
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
    <section className={styles.bar} aria-label={t('home.noticeLabel')} data-notice-marquee="true">
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
