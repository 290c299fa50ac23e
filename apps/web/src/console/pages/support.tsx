import { type FormEvent, useState } from 'react';
import { useAction, useCommand, usePoll, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, SelectField, TextField } from '../ui';

interface Conversation {
  account: string;
  last: string;
  from: string;
  at: string;
  waiting: boolean;
}
interface ChatLine {
  id: number;
  from: 'MEMBER' | 'OPERATOR';
  text: string;
  createdAt: number;
}
interface Feedback {
  id: number;
  type: string;
  content: string;
  status: string;
  answer: string | null;
  createdAt: number;
  memberId: number;
}

/** How often the live support list and the open conversation are read again. */
export const SUPPORT_POLL_MS = 4_000;

/**
 * Support: live support conversations (the list and the open one refresh every few seconds;
 * the operator answers there), members' feedback and its answers, a message to every member,
 * and chat moderation (mute a member, delete a message).
 */
export function SupportSection() {
  const t = useTexts();
  const session = useSession();
  const canWrite = session.can('messages.write');
  return (
    <section aria-labelledby="support-title">
      <h1 id="support-title">{t.support.title}</h1>
      <LiveSupport canWrite={canWrite} />
      <FeedbackList canWrite={canWrite} />
      {canWrite ? (
        <div className="c-tiles">
          <Broadcast />
          <Moderation />
        </div>
      ) : null}
    </section>
  );
}

function LiveSupport({ canWrite }: { canWrite: boolean }) {
  const t = useTexts();
  const list = useCommand<Conversation[]>({ command: 'support-chats', limit: 50 });
  const [open, setOpen] = useState<string | null>(null);
  usePoll(list.reload, SUPPORT_POLL_MS);
  return (
    <section aria-labelledby="support-live" className="c-part">
      <h2 id="support-live">{t.support.live}</h2>
      <p className="c-hint">{t.support.liveHint}</p>
      <ErrorBanner error={list.error} />
      <div className="c-split">
        <nav aria-label={t.support.conversations} className="c-list">
          {list.data?.length === 0 ? <p className="c-empty">{t.empty}</p> : null}
          <ul>
            {(list.data ?? []).map((c) => (
              <li key={c.account}>
                <button
                  type="button"
                  className="c-list-item"
                  aria-current={c.account === open ? 'true' : undefined}
                  onClick={() => setOpen(c.account)}
                >
                  <strong>{c.account}</strong>
                  <span className={c.waiting ? 'c-state-warn' : 'c-hint'}>
                    {c.waiting ? t.support.waiting : t.support.answered}
                  </span>
                  <span className="c-hint c-clip">{c.last}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {open ? (
          <ConversationView key={open} account={open} canWrite={canWrite} onSent={list.reload} />
        ) : (
          <p className="c-empty">{t.support.pick}</p>
        )}
      </div>
    </section>
  );
}

function ConversationView({
  account,
  canWrite,
  onSent,
}: {
  account: string;
  canWrite: boolean;
  onSent: () => void;
}) {
  const t = useTexts();
  const chat = useCommand<{ account: string; messages: ChatLine[] }>({
    command: 'support-chats',
    account,
    limit: 100,
  });
  usePoll(chat.reload, SUPPORT_POLL_MS);
  const action = useAction();
  const [text, setText] = useState('');
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    if (await action.run({ command: 'support-reply', account, text: text.trim() })) {
      setText('');
      chat.reload();
      onSent();
    }
  };
  return (
    <article className="c-chat" aria-labelledby="support-conversation">
      <h3 id="support-conversation">{fill(t.support.conversationWith, { account })}</h3>
      <ErrorBanner error={chat.error ?? action.error} />
      <ol className="c-chat-lines" aria-live="polite">
        {(chat.data?.messages ?? []).map((m) => (
          <li key={m.id} className={m.from === 'OPERATOR' ? 'c-chat-line c-chat-operator' : 'c-chat-line'}>
            <span className="c-hint">
              {m.from === 'OPERATOR' ? t.support.operator : t.support.member} ·{' '}
              {formatTime(new Date(m.createdAt).toISOString(), t.lang)}
            </span>
            <p>{m.text}</p>
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form className="c-form" onSubmit={send}>
          <TextField
            label={t.support.reply}
            value={text}
            maxLength={500}
            rows={2}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="c-button" disabled={action.busy || !text.trim()}>
            {t.support.send}
          </button>
        </form>
      ) : null}
    </article>
  );
}

function FeedbackList({ canWrite }: { canWrite: boolean }) {
  const t = useTexts();
  const [status, setStatus] = useState('OPEN');
  const list = useCommand<Feedback[]>({ command: 'feedback-list', status });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const answer = async (f: Feedback) => {
    const text = window.prompt(t.support.answerPrompt)?.trim();
    if (!text) return;
    if (await action.run({ command: 'feedback-answer', id: f.id, text })) {
      setDone(fill(t.support.answeredOk, { id: f.id }));
      list.reload();
    }
  };
  return (
    <section aria-labelledby="support-feedback" className="c-part">
      <div className="c-bar">
        <h2 id="support-feedback">{t.support.feedback}</h2>
        <SelectField
          label={t.queue.status}
          value={status}
          onChange={setStatus}
          options={['OPEN', 'ANSWERED'].map((s) => ({ value: s, label: t.statuses[s] ?? s }))}
        />
        <button type="button" className="c-button c-button-quiet" onClick={list.reload}>
          {t.refresh}
        </button>
      </div>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(f) => f.id}
        columns={[
          { label: '#', cell: (f) => f.id },
          { label: t.support.type, cell: (f) => f.type },
          { label: t.support.content, cell: (f) => <span className="c-pre">{f.content}</span> },
          { label: t.queue.created, cell: (f) => formatTime(new Date(f.createdAt).toISOString(), t.lang) },
          { label: t.support.answer, cell: (f) => f.answer ?? '—' },
          ...(canWrite && status === 'OPEN'
            ? [
                {
                  label: t.queue.actions,
                  cell: (f: Feedback) => (
                    <button
                      type="button"
                      className="c-button"
                      aria-label={`${t.support.answer}: #${f.id}`}
                      disabled={action.busy}
                      onClick={() => answer(f)}
                    >
                      {t.support.answer}
                    </button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}

function Broadcast() {
  const t = useTexts();
  const action = useAction();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!window.confirm(fill(t.support.confirmBroadcast, { title: title.trim() }))) return;
    const r = await action.run<{ id: number }>({
      command: 'message-broadcast',
      title: title.trim(),
      text: text.trim(),
    });
    if (r) {
      setDone(fill(t.support.broadcastSent, { id: r.id }));
      setTitle('');
      setText('');
    }
  };
  return (
    <form className="c-tile c-form" onSubmit={send} aria-labelledby="support-broadcast">
      <h2 id="support-broadcast">{t.support.broadcast}</h2>
      <ErrorBanner error={action.error} />
      <Notice text={done} />
      <Field
        label={t.support.messageTitle}
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        required
      />
      <TextField
        label={t.support.messageText}
        value={text}
        maxLength={5000}
        onChange={(e) => setText(e.target.value)}
        required
      />
      <button type="submit" className="c-button" disabled={action.busy}>
        {t.support.sendBroadcast}
      </button>
    </form>
  );
}

function Moderation() {
  const t = useTexts();
  const action = useAction();
  const [account, setAccount] = useState('');
  const [minutes, setMinutes] = useState('30');
  const [messageId, setMessageId] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const mute = async (e: FormEvent) => {
    e.preventDefault();
    const r = await action.run<{ account: string; mutedUntil: string | null }>({
      command: 'chat-mute',
      account: account.trim(),
      minutes: Number(minutes),
    });
    if (r)
      setDone(
        r.mutedUntil
          ? fill(t.support.muted, { account: r.account, until: formatTime(r.mutedUntil, t.lang) })
          : fill(t.support.unmuted, { account: r.account }),
      );
  };
  const remove = async (e: FormEvent) => {
    e.preventDefault();
    const id = Number(messageId);
    if (!window.confirm(fill(t.support.confirmDelete, { id }))) return;
    if (await action.run({ command: 'chat-delete', id })) {
      setDone(fill(t.support.deleted, { id }));
      setMessageId('');
    }
  };
  return (
    <article className="c-tile" aria-labelledby="support-moderation">
      <h2 id="support-moderation">{t.support.moderation}</h2>
      <ErrorBanner error={action.error} />
      <Notice text={done} />
      <form className="c-form" onSubmit={mute}>
        <Field
          label={t.support.account}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          required
        />
        <Field
          label={t.support.minutes}
          type="number"
          min={0}
          max={525600}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          required
        />
        <button type="submit" className="c-button" disabled={action.busy}>
          {t.support.mute}
        </button>
      </form>
      <form className="c-form" onSubmit={remove}>
        <Field
          label={t.support.messageId}
          type="number"
          min={1}
          value={messageId}
          onChange={(e) => setMessageId(e.target.value)}
          required
        />
        <button type="submit" className="c-button c-button-danger" disabled={action.busy}>
          {t.support.delete}
        </button>
      </form>
    </article>
  );
}
