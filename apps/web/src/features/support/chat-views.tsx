import type { ChatMessage, SupportChatMessage } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner } from '../../components/ui';
import { FormFailure } from '../../components/ui/form';
import fieldStyles from '../../components/ui/form/fields.module.css';
import { apiCall } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useStillBefore } from '../../lib/hooks/use-still-before';
import { onRealtimeEvent } from '../../lib/realtime/events';
import { applyChatEvent, supportKeys, useChatRoom, useSupportChat, withMessage } from '../../lib/support/api';
import { supportErrorText } from '../../lib/support/errors';
import { useSupportTexts } from '../../lib/support/texts';
import styles from './chat.module.css';

/** Keeps the newest message in view as messages arrive. */
function useStickToBottom(count: number) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && count >= 0) el.scrollTop = el.scrollHeight;
  }, [count]);
  return ref;
}

/** The message field with its counter and send button; plain text only. */
function Composer({
  maxLength,
  disabled,
  busy,
  onSend,
  note,
}: {
  maxLength: number;
  disabled: boolean;
  busy: boolean;
  onSend: (text: string) => Promise<unknown>;
  note?: string | null;
}) {
  const { t } = useSupportTexts();
  const id = useId();
  const [text, setText] = useState('');
  const length = [...text.trim()].length;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!length || length > maxLength || disabled) return;
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The failure shows under the log; the text stays for another try.
    }
  };
  return (
    <form className={styles.composer} onSubmit={submit} data-chat-composer="true">
      <label htmlFor={id} className="visually-hidden">
        {t('chat.composer')}
      </label>
      <input
        id={id}
        name="text"
        className={fieldStyles.input}
        value={text}
        placeholder={t('chat.composer')}
        maxLength={maxLength}
        autoComplete="off"
        disabled={disabled}
        aria-describedby={`${id}-counter`}
        onChange={(e) => setText(e.target.value)}
      />
      <span id={`${id}-counter`} className={styles.counter}>
        {t('chat.counter', { count: length, max: maxLength })}
      </span>
      <Button type="submit" busy={busy} disabled={disabled || !length} data-action="chat-send">
        {t('chat.send')}
      </Button>
      {note ? <p className={styles.note}>{note}</p> : null}
    </form>
  );
}

/** A chat room: the last messages, live new and deleted ones, own messages apart, the muted state. */
export function ChatRoomView({ room }: { room: string }) {
  const { t } = useSupportTexts();
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const query = useChatRoom(room);
  const [mutedUntil, setMutedUntil] = useState<number | null | undefined>(undefined);
  useEffect(
    () =>
      onRealtimeEvent((m) => {
        if (m.type === 'chat.message' && m.message.room === room) {
          applyChatEvent(queryClient, room, (r) => withMessage(r, m.message));
        } else if (m.type === 'chat.deleted' && m.room === room) {
          applyChatEvent(queryClient, room, (r) => ({
            ...r,
            messages: r.messages.filter((x) => x.id !== m.id),
          }));
        } else if (m.type === 'chat.muted') {
          setMutedUntil(m.until);
        }
      }),
    [queryClient, room],
  );
  const post = useMutation({
    mutationFn: (text: string) => apiCall('chatPost', { body: { room, text } }),
    onSuccess: (message: ChatMessage) => applyChatEvent(queryClient, room, (r) => withMessage(r, message)),
  });
  const data = query.data;
  const list = useStickToBottom(data?.messages.length ?? -1);
  const until = mutedUntil === undefined ? (data?.mutedUntil ?? null) : mutedUntil;
  const muted = useStillBefore(until);
  if (!data) {
    return query.isError ? (
      <FormFailure>{supportErrorText(t, tc, query.error)}</FormFailure>
    ) : (
      <Spinner label={t('chat.loading')} />
    );
  }
  return (
    <div className={styles.chat} data-chat-room={room}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (axe scrollable-region-focusable). */}
      <ol ref={list} className={styles.log} aria-label={t('chat.log')} aria-live="polite" tabIndex={0}>
        {data.messages.length === 0 ? <li className={styles.empty}>{t('chat.empty')}</li> : null}
        {data.messages.map((m) => (
          <li
            key={m.id}
            className={m.mine ? styles.mine : styles.theirs}
            data-chat-id={m.id}
            data-mine={m.mine}
          >
            <Said author={m.mine ? t('chat.you') : m.author} text={m.text} at={m.createdAt} />
          </li>
        ))}
      </ol>
      <FormFailure>{post.isError ? supportErrorText(t, tc, post.error) : null}</FormFailure>
      <Composer
        maxLength={data.maxLength}
        disabled={muted}
        busy={post.isPending}
        onSend={(text) => post.mutateAsync(text)}
        note={muted && until ? t('chat.muted', { time: formatDateTime(until) }) : null}
      />
    </div>
  );
}

/** Live support with the operator: the conversation, refreshed when the socket says it changed. */
export function SupportChatView() {
  const { t } = useSupportTexts();
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const query = useSupportChat();
  const post = useMutation({
    mutationFn: (text: string) => apiCall('supportPost', { body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.supportChat }),
  });
  const data = query.data;
  const list = useStickToBottom(data?.messages.length ?? -1);
  if (!data) {
    return query.isError ? (
      <FormFailure>{supportErrorText(t, tc, query.error)}</FormFailure>
    ) : (
      <Spinner label={t('chat.loading')} />
    );
  }
  return (
    <div className={styles.chat} data-support-chat="true">
      <p className={styles.intro}>{t('chat.liveIntro')}</p>
      {data.hours ? <p className={styles.note}>{data.hours}</p> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (axe scrollable-region-focusable). */}
      <ol ref={list} className={styles.log} aria-label={t('chat.log')} aria-live="polite" tabIndex={0}>
        {data.messages.length === 0 ? <li className={styles.empty}>{t('chat.liveEmpty')}</li> : null}
        {data.messages.map((m: SupportChatMessage) => {
          const mine = m.from === 'MEMBER';
          return (
            <li
              key={m.id}
              className={mine ? styles.mine : styles.theirs}
              data-support-id={m.id}
              data-mine={mine}
            >
              <Said author={mine ? t('chat.you') : t('chat.operator')} text={m.text} at={m.createdAt} />
            </li>
          );
        })}
      </ol>
      <FormFailure>{post.isError ? supportErrorText(t, tc, post.error) : null}</FormFailure>
      <Composer
        maxLength={data.maxLength}
        disabled={false}
        busy={post.isPending}
        onSend={(text) => post.mutateAsync(text)}
      />
    </div>
  );
}

/** What a chat needs first: a signed-in member (visitors are asked to sign in). */
export function SignInToChat({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useSupportTexts();
  return (
    <EmptyState
      icon="user"
      headingLevel={2}
      title={t('chat.signIn')}
      action={<Button onClick={onSignIn}>{t('chat.signInButton')}</Button>}
    />
  );
}

/** One message of a conversation: who said it, what, and when. */
function Said({ author, text, at }: { author: string; text: string; at: number }) {
  return (
    <>
      <span className={styles.author}>{author}</span>
      <p className={styles.bubble}>{text}</p>
      <time className={styles.time} dateTime={new Date(at).toISOString()}>
        {formatDateTime(at)}
      </time>
    </>
  );
}
