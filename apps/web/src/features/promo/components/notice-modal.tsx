import { type ModalBodyProps, ModalTitle } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import styles from './notice-modal.module.css';

/** The notice popup: title, date as YYYY-MM-DD (spec §2), content. */
export default function NoticeModal({ params }: ModalBodyProps<'notice'>) {
  return (
    <article className={styles.notice}>
      <ModalTitle>{params.title}</ModalTitle>
      {params.date ? (
        <p className={styles.date}>
          <time dateTime={new Date(params.date).toISOString()}>{formatDate(params.date)}</time>
        </p>
      ) : null}
      {params.content ? <p className={styles.content}>{params.content}</p> : null}
    </article>
  );
}
