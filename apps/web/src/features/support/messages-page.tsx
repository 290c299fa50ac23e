import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../components/ui';
import { FormFailure } from '../../components/ui/form';
import { apiCall } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { PagedResults } from '../../lib/paging/paged-results';
import { useSessionToken } from '../../lib/session/session-store';
import {
  MESSAGES_PAGE_SIZE,
  type MemberMessage,
  putUnread,
  useMessages,
  useUnreadMessages,
} from '../../lib/support/api';
import { supportErrorText } from '../../lib/support/errors';
import { useSupportTexts } from '../../lib/support/texts';
import styles from './support.module.css';

/**
 * The member centre's messageV2 page: personal messages and broadcasts, newest first; opening one
 * marks it read; "mark all read". Texts are plain text (shown as text, never as HTML).
 */
export default function MessagesPage() {
  const { t } = useSupportTexts();
  const { t: tc } = useTranslation();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useMessages(page);
  const unread = useUnreadMessages();
  const read = useMutation({
    mutationFn: (id: number | null) =>
      id === null ? apiCall('messageReadAll', { body: {} }) : apiCall('messageRead', { body: { id } }),
    onSuccess: (value) => {
      if (token) putUnread(queryClient, token, value.unread);
    },
  });
  const toggle = (m: MemberMessage) => {
    setOpenId((current) => (current === m.id ? null : m.id));
    if (!m.read) read.mutate(m.id);
  };
  const title = (m: MemberMessage) =>
    m.feedbackId ? t('messages.feedbackTitle', { id: m.feedbackId }) : m.title;
  return (
    <div className={styles.stack} data-messages="true">
      <div className={styles.toolbar}>
        <h3 className={styles.heading}>{t('messages.title')}</h3>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0 || read.isPending}
          onClick={() => read.mutate(null)}
          data-action="mark-all-read"
        >
          <Icon name="check" size={16} />
          {t('messages.markAll')}
        </Button>
      </div>
      <FormFailure>{read.isError ? supportErrorText(t, tc, read.error) : null}</FormFailure>
      <PagedResults
        query={query}
        active
        as="div"
        pageSize={MESSAGES_PAGE_SIZE}
        onPage={setPage}
        emptyIcon="mail"
        texts={{
          summary: (r) => t('messages.summary', r),
          loading: t('messages.loading'),
          emptyTitle: t('messages.emptyTitle'),
          emptyText: t('messages.emptyText'),
          pages: t('messages.pages'),
        }}
      >
        {(rows) => (
          <ul className={styles.list}>
            {rows.map((m) => {
              const open = openId === m.id;
              const panelId = `message-${m.id}`;
              return (
                <li key={m.id} className={styles.card} data-message-id={m.id} data-read={m.read}>
                  <button
                    type="button"
                    className={styles.messageHead}
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => toggle(m)}
                  >
                    {m.read ? null : <span className={styles.dot} aria-hidden="true" />}
                    <span className={styles.messageTitle}>
                      {title(m)}
                      {m.read ? null : <span className="visually-hidden"> ({t('messages.unread')})</span>}
                    </span>
                    <time className={styles.meta} dateTime={new Date(m.createdAt).toISOString()}>
                      {formatDateTime(m.createdAt)}
                    </time>
                    <Icon name={open ? 'chevron-down' : 'chevron-right'} size={16} />
                  </button>
                  <div id={panelId} hidden={!open} className={styles.messageBody}>
                    {m.kind === 'BROADCAST' ? <p className={styles.meta}>{t('messages.broadcast')}</p> : null}
                    <p className={styles.text}>{m.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}
