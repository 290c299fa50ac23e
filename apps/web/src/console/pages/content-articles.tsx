import { type FormEvent, useState } from 'react';
import { SafeHtml } from '../../components/ui/safe-html';
import { useAction, useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, SelectField } from '../ui';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  compact,
  fromLocalInput,
  ImageField,
  inLanguage,
  type Localized,
  LocalizedField,
  RichText,
} from './content-fields';

type ArticleStatus = 'draft' | 'scheduled' | 'published';
const KINDS = ['blog', 'news'] as const;
type Kind = (typeof KINDS)[number];

/** A row of `articles list`. */
interface ListedArticle {
  id: string;
  kind: Kind;
  title: string;
  tags: string[];
  publishAt: string | null;
  status: ArticleStatus;
}

/** `articles show`: the article as stored, every language. */
interface StoredArticle {
  id: string;
  kind: Kind;
  title: Localized;
  summary: Localized;
  body: Localized;
  image?: string;
  tags: string[];
  publishAt?: string;
}

interface Draft {
  id: string;
  kind: Kind;
  title: Localized;
  summary: Localized;
  body: Localized;
  image: string;
  tags: string;
  /** Kept as stored by a save (a put replaces the whole article, its publish time included). */
  publishAt?: string;
}
const NEW: Draft = { id: '', kind: 'blog', title: {}, summary: {}, body: {}, image: '', tags: '' };

/** The tags field's text as the article's tags: comma-separated, trimmed, no empties or repeats. */
export const tagsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/**
 * The blog posts and news (`npm run ops -- articles`): every article with its status (draft,
 * scheduled, published), written per language in the rich-text editor with a preview sanitised as
 * the player site sanitises it; published now or from a time, back to a draft, or removed. Each
 * change is live at once and audited with the article before and after.
 */
export function ArticlesPanel({ images }: { images: readonly string[] }) {
  const t = useTexts();
  const a = t.articles;
  const list = useCommand<ListedArticle[]>({ command: 'articles', action: 'list' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(NEW);
  const [editing, setEditing] = useState(false);
  const [language, setLanguage] = useState<ContentLanguage>('EN');
  const [round, setRound] = useState(0);
  const [schedule, setSchedule] = useState<Record<string, string>>({});

  const after = (message: string) => {
    setDone(message);
    list.reload();
  };
  const startNew = () => {
    setDraft(NEW);
    setEditing(false);
    setRound((r) => r + 1);
  };
  const edit = async (id: string) => {
    setDone(null);
    const stored = await action.run<StoredArticle>({ command: 'articles', action: 'show', id });
    if (!stored) return;
    setDraft({
      id: stored.id,
      kind: stored.kind,
      title: stored.title,
      summary: stored.summary,
      body: stored.body,
      image: stored.image ?? '',
      tags: stored.tags.join(', '),
      ...(stored.publishAt ? { publishAt: stored.publishAt } : {}),
    });
    setEditing(true);
    setRound((r) => r + 1);
  };
  const save = async (ev: FormEvent) => {
    ev.preventDefault();
    const article = {
      id: draft.id,
      kind: draft.kind,
      title: compact(draft.title),
      summary: compact(draft.summary),
      body: compact(draft.body),
      ...(draft.image ? { image: draft.image } : {}),
      tags: tagsOf(draft.tags),
      ...(editing && draft.publishAt ? { publishAt: draft.publishAt } : {}),
    };
    if (await action.run({ command: 'articles', action: 'put', article })) {
      setEditing(true);
      after(fill(editing && draft.publishAt ? t.content.saved : a.savedDraft, { id: draft.id }));
    }
  };
  const publish = async (row: ListedArticle) => {
    const at = fromLocalInput(schedule[row.id] ?? '');
    const question = at
      ? fill(a.confirmSchedule, { id: row.id, time: formatTime(at, t.lang) })
      : fill(a.confirmPublish, { id: row.id });
    if (!window.confirm(question)) return;
    if (await action.run({ command: 'articles', action: 'publish', id: row.id, ...(at ? { at } : {}) }))
      after(fill(at ? a.scheduled : a.published, { id: row.id }));
  };
  const unpublish = async (row: ListedArticle) => {
    if (!window.confirm(fill(a.confirmUnpublish, { id: row.id }))) return;
    if (await action.run({ command: 'articles', action: 'unpublish', id: row.id }))
      after(fill(a.unpublished, { id: row.id }));
  };
  const remove = async (row: ListedArticle) => {
    if (!window.confirm(fill(t.content.confirmRemove, { id: row.id }))) return;
    if (await action.run({ command: 'articles', action: 'remove', id: row.id }))
      after(fill(t.content.removed, { id: row.id }));
  };

  return (
    <div>
      <ErrorBanner error={action.error ?? list.error} />
      <Notice text={done} />
      <div className="c-bar">
        <h2 className="c-subtitle">{a.title}</h2>
        <button type="button" className="c-button c-button-quiet" onClick={startNew}>
          {a.newArticle}
        </button>
      </div>
      <p className="c-hint">{a.lead}</p>
      <DataTable
        items={list.data ?? []}
        loading={list.loading && !list.data}
        rowKey={(r) => r.id}
        columns={[
          { label: t.content.id, cell: (r) => r.id },
          { label: a.kind, cell: (r) => a.kinds[r.kind] },
          { label: t.content.titleField, cell: (r) => r.title },
          { label: a.tags, cell: (r) => r.tags.join(', ') },
          {
            label: a.status,
            cell: (r) => (
              <span className="c-tag">
                {a.statuses[r.status]}
                {r.publishAt && r.status !== 'draft' ? ` · ${formatTime(r.publishAt, t.lang)}` : ''}
              </span>
            ),
          },
          {
            label: t.queue.actions,
            cell: (r) => (
              <div className="c-actions">
                <button
                  type="button"
                  className="c-button c-button-quiet"
                  aria-label={`${t.content.edit}: ${r.id}`}
                  disabled={action.busy}
                  onClick={() => void edit(r.id)}
                >
                  {t.content.edit}
                </button>
                {r.status === 'draft' ? (
                  <>
                    <Field
                      label={fill(a.publishFrom, { id: r.id })}
                      type="datetime-local"
                      value={schedule[r.id] ?? ''}
                      onChange={(ev) => setSchedule((s) => ({ ...s, [r.id]: ev.target.value }))}
                    />
                    <button
                      type="button"
                      className="c-button"
                      aria-label={`${a.publish}: ${r.id}`}
                      disabled={action.busy}
                      onClick={() => void publish(r)}
                    >
                      {a.publish}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="c-button c-button-quiet"
                    aria-label={`${a.unpublish}: ${r.id}`}
                    disabled={action.busy}
                    onClick={() => void unpublish(r)}
                  >
                    {a.unpublish}
                  </button>
                )}
                <button
                  type="button"
                  className="c-button c-button-danger"
                  aria-label={`${t.content.remove}: ${r.id}`}
                  disabled={action.busy}
                  onClick={() => void remove(r)}
                >
                  {t.content.remove}
                </button>
              </div>
            ),
          },
        ]}
      />
      <form className="c-form c-editor-form" onSubmit={save} aria-labelledby="article-form-title">
        <h2 id="article-form-title">{editing ? fill(t.content.editing, { id: draft.id }) : a.newArticle}</h2>
        <p className="c-hint">{editing && draft.publishAt ? a.savePublishedHint : a.saveDraftHint}</p>
        <Field
          label={t.content.id}
          hint={a.idHint}
          value={draft.id}
          readOnly={editing}
          onChange={(ev) => setDraft((d) => ({ ...d, id: ev.target.value.trim().toLowerCase() }))}
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
        />
        <SelectField
          label={a.kind}
          value={draft.kind}
          onChange={(kind) => setDraft((d) => ({ ...d, kind: kind as Kind }))}
          options={KINDS.map((k) => ({ value: k, label: a.kinds[k] }))}
        />
        <LocalizedField
          label={t.content.titleField}
          value={draft.title}
          required
          onChange={(title) => setDraft((d) => ({ ...d, title }))}
        />
        <LocalizedField
          label={a.summary}
          value={draft.summary}
          required
          onChange={(summary) => setDraft((d) => ({ ...d, summary }))}
        />
        <ImageField
          value={draft.image}
          onChange={(image) => setDraft((d) => ({ ...d, image }))}
          images={images}
        />
        <Field
          label={a.tags}
          hint={a.tagsHint}
          value={draft.tags}
          onChange={(ev) => setDraft((d) => ({ ...d, tags: ev.target.value }))}
        />
        <SelectField
          label={t.contentEdit.writingIn}
          value={language}
          onChange={(l) => setLanguage(l as ContentLanguage)}
          options={CONTENT_LANGUAGES.map((l) => ({ value: l, label: t.contentEdit.languages[l] }))}
        />
        <div className="c-editor-pair">
          <RichText
            key={`${round}-${language}`}
            label={fill(t.contentEdit.inLanguage, {
              field: a.body,
              language: t.contentEdit.languages[language],
            })}
            initial={draft.body[language] ?? ''}
            onChange={(html) => setDraft((d) => ({ ...d, body: { ...d.body, [language]: html } }))}
          />
          <section className="c-preview" aria-labelledby="article-preview">
            <h3 id="article-preview">{t.content.preview}</h3>
            <SafeHtml html={inLanguage(draft.body, language)} />
          </section>
        </div>
        <button
          type="submit"
          className="c-button"
          disabled={action.busy || !draft.id || !draft.title.EN?.trim() || !draft.body.EN?.trim()}
        >
          {a.save}
        </button>
      </form>
    </div>
  );
}
