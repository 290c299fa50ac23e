import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SafeHtml } from '../../components/ui/safe-html';
import { useAction, useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, SelectField, TextField } from '../ui';

interface Stored {
  notices: { id: string; title: string; text: string; date: string }[];
  announcements: {
    id: string;
    type: string;
    execution: string;
    title: string;
    text: string;
    startTime: string | null;
  }[];
}

/** The contract's announcement groups and audiences (kept here: the console bundle carries no schemas). */
const TYPES = ['PU', 'B', 'PL', 'PR'];
const EXECUTIONS = ['B', 'A', 'F'];

interface Draft {
  kind: 'notice' | 'announce';
  id: string;
  title: string;
  text: string;
  type: string;
  execution: string;
}
const EMPTY: Draft = { kind: 'announce', id: '', title: '', text: '', type: 'PU', execution: 'B' };

/**
 * Marquee notices and announcements: what is stored, and add, replace or remove one. An
 * announcement's HTML is written in a small rich-text editor with a live preview as the player
 * site would show it; the server sanitises what it stores, and the table shows what it kept.
 */
export function ContentSection() {
  const t = useTexts();
  const list = useCommand<Stored>({ command: 'content', action: 'list' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [round, setRound] = useState(0);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const edit = (next: Draft) => {
    setDraft(next);
    setRound((r) => r + 1);
  };

  const publish = async (e: FormEvent) => {
    e.preventDefault();
    const { id, title, text, type, execution } = draft;
    const r = await action.run(
      draft.kind === 'notice'
        ? { command: 'content', action: 'notice', id, title, text }
        : { command: 'content', action: 'announce', id, title, text, type, execution },
    );
    if (r) {
      setDone(fill(t.content.saved, { id: draft.id }));
      list.reload();
    }
  };
  const remove = async (id: string) => {
    if (!window.confirm(fill(t.content.confirmRemove, { id }))) return;
    if (await action.run({ command: 'content', action: 'remove', id })) {
      setDone(fill(t.content.removed, { id }));
      list.reload();
    }
  };
  const editButtons = (id: string, open: () => void) => (
    <div className="c-actions">
      <button
        type="button"
        className="c-button c-button-quiet"
        aria-label={`${t.content.edit}: ${id}`}
        onClick={open}
      >
        {t.content.edit}
      </button>
      <button
        type="button"
        className="c-button c-button-danger"
        aria-label={`${t.content.remove}: ${id}`}
        disabled={action.busy}
        onClick={() => remove(id)}
      >
        {t.content.remove}
      </button>
    </div>
  );

  return (
    <section aria-labelledby="content-title">
      <div className="c-bar">
        <h1 id="content-title">{t.content.title}</h1>
        <button type="button" className="c-button c-button-quiet" onClick={() => edit(EMPTY)}>
          {t.content.newAnnouncement}
        </button>
        <button
          type="button"
          className="c-button c-button-quiet"
          onClick={() => edit({ ...EMPTY, kind: 'notice' })}
        >
          {t.content.newNotice}
        </button>
      </div>
      <p className="c-hint">{t.content.lead}</p>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <form className="c-form c-editor-form" onSubmit={publish} aria-labelledby="content-form-title">
        <h2 id="content-form-title">
          {draft.id
            ? fill(t.content.editing, { id: draft.id })
            : draft.kind === 'notice'
              ? t.content.newNotice
              : t.content.newAnnouncement}
        </h2>
        <div className="c-row">
          <SelectField
            label={t.content.kind}
            value={draft.kind}
            block
            onChange={(kind) => set({ kind: kind as Draft['kind'] })}
            options={[
              { value: 'announce', label: t.content.announcement },
              { value: 'notice', label: t.content.notice },
            ]}
          />
          <Field
            label={t.content.id}
            hint={t.content.idHint}
            value={draft.id}
            onChange={(e) => set({ id: e.target.value })}
            required
            pattern="[A-Za-z0-9_\-]{1,64}"
          />
          {draft.kind === 'announce' ? (
            <>
              <SelectField
                label={t.content.type}
                value={draft.type}
                block
                onChange={(type) => set({ type })}
                options={TYPES.map((v) => ({ value: v, label: t.content.types[v] ?? v }))}
              />
              <SelectField
                label={t.content.execution}
                value={draft.execution}
                block
                onChange={(execution) => set({ execution })}
                options={EXECUTIONS.map((v) => ({ value: v, label: t.content.executions[v] ?? v }))}
              />
            </>
          ) : null}
        </div>
        <Field
          label={t.content.titleField}
          value={draft.title}
          onChange={(e) => set({ title: e.target.value })}
          required
        />
        {draft.kind === 'notice' ? (
          <TextField
            label={t.content.text}
            value={draft.text}
            onChange={(e) => set({ text: e.target.value })}
            required
          />
        ) : (
          <div className="c-editor-pair">
            <RichText key={round} initial={draft.text} onChange={(text) => set({ text })} />
            <section className="c-preview" aria-labelledby="content-preview">
              <h3 id="content-preview">{t.content.preview}</h3>
              <SafeHtml html={draft.text} />
            </section>
          </div>
        )}
        <button type="submit" className="c-button" disabled={action.busy || !draft.text.trim()}>
          {t.content.save}
        </button>
      </form>

      <h2 className="c-subtitle">{t.content.announcements}</h2>
      <DataTable
        items={list.data?.announcements ?? null}
        loading={list.loading}
        rowKey={(a) => a.id}
        columns={[
          { label: t.content.id, cell: (a) => a.id },
          { label: t.content.type, cell: (a) => t.content.types[a.type] ?? a.type },
          { label: t.content.execution, cell: (a) => t.content.executions[a.execution] ?? a.execution },
          { label: t.content.titleField, cell: (a) => a.title },
          {
            label: t.content.stored,
            cell: (a) => <code className="c-json">{a.text}</code>,
          },
          {
            label: t.queue.actions,
            cell: (a) =>
              editButtons(a.id, () =>
                edit({
                  kind: 'announce',
                  id: a.id,
                  title: a.title,
                  text: a.text,
                  type: a.type,
                  execution: a.execution,
                }),
              ),
          },
        ]}
      />
      <h2 className="c-subtitle">{t.content.notices}</h2>
      <DataTable
        items={list.data?.notices ?? null}
        loading={list.loading}
        rowKey={(n) => n.id}
        columns={[
          { label: t.content.id, cell: (n) => n.id },
          { label: t.content.titleField, cell: (n) => n.title },
          { label: t.content.text, cell: (n) => n.text },
          { label: t.content.date, cell: (n) => formatTime(n.date, t.lang) },
          {
            label: t.queue.actions,
            cell: (n) =>
              editButtons(n.id, () =>
                edit({ ...EMPTY, kind: 'notice', id: n.id, title: n.title, text: n.text }),
              ),
          },
        ]}
      />
    </section>
  );
}

/**
 * A small rich-text editor: an editable region with bold, italic, link and list. It edits HTML
 * in the browser; the server keeps only what its sanitiser allows.
 */
function RichText({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const t = useTexts();
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: set once per editor (the key remounts it)
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = initial;
  }, []);
  const run = (command: string, value?: string) => {
    ref.current?.focus();
    // execCommand is what contentEditable offers for this; where it is missing nothing happens.
    document.execCommand?.(command, false, value);
    if (ref.current) onChange(ref.current.innerHTML);
  };
  const tools: { label: string; text: string; act: () => void }[] = [
    { label: t.content.bold, text: 'B', act: () => run('bold') },
    { label: t.content.italic, text: 'I', act: () => run('italic') },
    {
      label: t.content.link,
      text: t.content.link,
      act: () => {
        const href = window.prompt(t.content.linkPrompt, 'https://')?.trim();
        if (href && /^(https?:|mailto:|\/)/i.test(href)) run('createLink', href);
      },
    },
    { label: t.content.list, text: `• ${t.content.list}`, act: () => run('insertUnorderedList') },
  ];
  return (
    <div className="c-editor">
      <span className="c-label" id="content-editor-label">
        {t.content.editor}
      </span>
      <div className="c-toolbar" role="toolbar" aria-label={t.content.toolbar}>
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="c-button c-button-quiet"
            aria-label={tool.label}
            title={tool.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={tool.act}
          >
            {tool.text}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text region has no native element */}
      <div
        ref={ref}
        className="c-editable"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-labelledby="content-editor-label"
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
      />
    </div>
  );
}
