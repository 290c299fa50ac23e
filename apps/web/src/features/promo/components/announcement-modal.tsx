import { useState } from 'react';
import { Button, Icon, type ModalBodyProps, ModalTitle, SafeHtml, Spinner } from '../../../components/ui';
import { useAnnouncements, useContentTexts } from '../../../lib/content';
import { usePopupAudience } from './announcement-audience';
import styles from './announcement-modal.module.css';

/** The announcement popup: the audience's popup announcements, one at a time with a pager. */
export default function AnnouncementModal({ close }: ModalBodyProps<'announcement'>) {
  const { t } = useContentTexts();
  const audience = usePopupAudience();
  const { data, isPending } = useAnnouncements(audience.execution, audience.token);
  const [index, setIndex] = useState(0);
  const items = data?.popup.content ?? [];
  const item = items[Math.min(index, items.length - 1)];
  return (
    <div className={styles.announcement} data-announcement-popup={audience.execution}>
      <ModalTitle>{t('announcements.title')}</ModalTitle>
      {isPending ? (
        <Spinner label={t('loading')} />
      ) : item ? (
        <article className={styles.item} aria-live="polite" data-announcement={item.id}>
          <h3 className={styles.heading}>{item.title}</h3>
          <p className={styles.date}>
            <time dateTime={`${item.startDateStr.replace(' ', 'T')}Z`}>{item.startDateStr.slice(0, 10)}</time>
          </p>
          <SafeHtml html={item.content} className={styles.content} />
        </article>
      ) : (
        <p>{t('announcements.empty')}</p>
      )}
      <div className={styles.footer}>
        {items.length > 1 ? (
          <nav className={styles.pager} aria-label={t('announcements.pager')}>
            <button
              type="button"
              className={styles.step}
              aria-label={t('announcements.previous')}
              disabled={index === 0}
              onClick={() => setIndex((i) => i - 1)}
            >
              <Icon name="chevron-left" size={18} />
            </button>
            <span className={styles.position}>
              {t('announcements.position', { current: index + 1, total: items.length })}
            </span>
            <button
              type="button"
              className={styles.step}
              aria-label={t('announcements.next')}
              disabled={index >= items.length - 1}
              onClick={() => setIndex((i) => i + 1)}
            >
              <Icon name="chevron-right" size={18} />
            </button>
          </nav>
        ) : (
          <span />
        )}
        <Button onClick={close}>{t('announcements.close')}</Button>
      </div>
    </div>
  );
}
