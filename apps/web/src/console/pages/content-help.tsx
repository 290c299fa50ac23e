import { type FormEvent, useState } from 'react';
import { SafeHtml } from '../../components/ui/safe-html';
import { useAction } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, Notice, SelectField } from '../ui';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  compact,
  inLanguage,
  type Localized,
  LocalizedField,
  moved,
  RichText,
  RowActions,
} from './content-fields';

/** A help category as `content export` gives it. */
export interface StoredCategory {
  id: string;
  title: Localized;
  articles: { id: string; title: Localized; content: Localized }[];
}

interface ArticleDraft {
  id: string;
  title: Localized;
  content: Localized;
}
const NO_ARTICLE: ArticleDraft = { id: '', title: {}, content: {} };

/**
 * The help centre: its categories (add, rename, move, remove with their articles) and a
 * category's articles, written in the rich-text editor per language with a preview sanitised as
 * the player site sanitises it.
 */
export function HelpPanel({ categories, reload }: { categories: StoredCategory[]; reload: () => void }) {
  const t = useTexts();
  const e = t.contentEdit;
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [category, setCategory] = useState<{ id: string; title: Localized }>({ id: '', title: {} });
  const [open, setOpen] = useState<string>(categories[0]?.id ?? '');
  const [article, setArticle] = useState<ArticleDraft>(NO_ARTICLE);
  const [language, setLanguage] = useState<ContentLanguage>('EN');
  const [round, setRound] = useState(0);
  const current = categories.find((c) => c.id === open) ?? categories[0];
  const articles = current?.articles ?? [];
  const editArticle = (next: ArticleDraft) => {
    setArticle(next);
    setRound((r) => r + 1);
  };

  const after = (message: string) => {
    setDone(message);
    reload();
  };
  const saveCategory = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await action.run({
      command: 'content',
      action: 'help-category',
      id: category.id,
      title: compact(category.title),
    });
    if (r) after(fill(t.content.saved, { id: category.id }));
  };
  const removeCategory = async (c: StoredCategory) => {
    if (!window.confirm(fill(e.confirmRemoveCategory, { id: c.id, count: c.articles.length }))) return;
    if (await action.run({ command: 'content', action: 'help-category-remove', id: c.id }))
      after(fill(t.content.removed, { id: c.id }));
  };
  const order = async (ids: string[], inCategory?: string) => {
    if (await action.run({ command: 'content', action: 'help-order', category: inCategory, ids }))
      after(e.orderSaved);
  };
  const saveArticle = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!current) return;
    const r = await action.run({
      command: 'content',
      action: 'help-article',
      category: current.id,
      id: article.id,
      title: compact(article.title),
      content: compact(article.content),
    });
    if (r) after(fill(t.content.saved, { id: article.id }));
  };
  const removeArticle = async (id: string) => {
    if (!current || !window.confirm(fill(t.content.confirmRemove, { id }))) return;
    if (await action.run({ command: 'content', action: 'help-article-remove', category: current.id, id }))
      after(fill(t.content.removed, { id }));
  };
  const categoryIds = categories.map((c) => c.id);

  return (
    <div>
      <ErrorBanner error={action.error} />
      <Notice text={done} />
      <h2 className="c-subtitle">{e.categories}</h2>
      <p className="c-hint">{e.emptyCategoryHint}</p>
      <DataTable
        items={categories}
        loading={false}
        rowKey={(c) => c.id}
        columns={[
          { label: t.content.id, cell: (c) => c.id },
          { label: t.content.titleField, cell: (c) => inLanguage(c.title, 'EN') },
          { label: e.articles, cell: (c) => c.articles.length, numeric: true },
          {
            label: t.queue.actions,
            cell: (c) => (
              <RowActions
                name={c.id}
                index={categoryIds.indexOf(c.id)}
                count={categoryIds.length}
                busy={action.busy}
                onEdit={() => {
                  setCategory({ id: c.id, title: c.title });
                  setOpen(c.id);
                }}
                onMove={(to) => order(moved(categoryIds, categoryIds.indexOf(c.id), to))}
                onRemove={() => removeCategory(c)}
              />
            ),
          },
        ]}
      />
      <form className="c-form c-form-inline" onSubmit={saveCategory} aria-labelledby="help-category-title">
        <h2 id="help-category-title">{e.categoryForm}</h2>
        <Field
          label={t.content.id}
          hint={t.content.idHint}
          value={category.id}
          onChange={(ev) => setCategory((c) => ({ ...c, id: ev.target.value }))}
          required
          pattern="[A-Za-z0-9_\-]{1,64}"
        />
        <LocalizedField
          label={t.content.titleField}
          value={category.title}
          required
          onChange={(title) => setCategory((c) => ({ ...c, title }))}
        />
        <button type="submit" className="c-button" disabled={action.busy || !category.id}>
          {e.saveCategory}
        </button>
      </form>

      {current ? (
        <>
          <div className="c-bar">
            <h2 className="c-subtitle">{e.articles}</h2>
            <SelectField
              label={e.category}
              value={current.id}
              onChange={(id) => {
                setOpen(id);
                editArticle(NO_ARTICLE);
              }}
              options={categories.map((c) => ({ value: c.id, label: inLanguage(c.title, 'EN') }))}
            />
            <button type="button" className="c-button c-button-quiet" onClick={() => editArticle(NO_ARTICLE)}>
              {e.newArticle}
            </button>
          </div>
          <DataTable
            items={articles}
            loading={false}
            rowKey={(a) => a.id}
            columns={[
              { label: t.content.id, cell: (a) => a.id },
              { label: t.content.titleField, cell: (a) => inLanguage(a.title, 'EN') },
              {
                label: t.queue.actions,
                cell: (a) => {
                  const ids = articles.map((x) => x.id);
                  return (
                    <RowActions
                      name={a.id}
                      index={ids.indexOf(a.id)}
                      count={ids.length}
                      busy={action.busy}
                      onEdit={() => editArticle({ id: a.id, title: a.title, content: a.content })}
                      onMove={(to) => order(moved(ids, ids.indexOf(a.id), to), current.id)}
                      onRemove={() => removeArticle(a.id)}
                    />
                  );
                },
              },
            ]}
          />
          <form className="c-form c-editor-form" onSubmit={saveArticle} aria-labelledby="help-article-title">
            <h2 id="help-article-title">
              {articles.some((a) => a.id === article.id) && article.id
                ? fill(t.content.editing, { id: article.id })
                : fill(e.newArticleIn, { category: inLanguage(current.title, 'EN') })}
            </h2>
            <Field
              label={t.content.id}
              hint={t.content.idHint}
              value={article.id}
              onChange={(ev) => setArticle((a) => ({ ...a, id: ev.target.value }))}
              required
              pattern="[A-Za-z0-9_\-]{1,64}"
            />
            <LocalizedField
              label={t.content.titleField}
              value={article.title}
              required
              onChange={(title) => setArticle((a) => ({ ...a, title }))}
            />
            <SelectField
              label={e.writingIn}
              value={language}
              onChange={(l) => setLanguage(l as ContentLanguage)}
              options={CONTENT_LANGUAGES.map((l) => ({ value: l, label: e.languages[l] }))}
            />
            <div className="c-editor-pair">
              <RichText
                key={`${round}-${language}`}
                label={fill(e.inLanguage, { field: e.articleText, language: e.languages[language] })}
                initial={article.content[language] ?? ''}
                onChange={(html) =>
                  setArticle((a) => ({ ...a, content: { ...a.content, [language]: html } }))
                }
              />
              <section className="c-preview" aria-labelledby="help-preview">
                <h3 id="help-preview">{t.content.preview}</h3>
                <SafeHtml html={inLanguage(article.content, language)} />
              </section>
            </div>
            <button
              type="submit"
              className="c-button"
              disabled={action.busy || !article.id || !article.content.EN?.trim()}
            >
              {t.content.save}
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}
