import { type FormEvent, useState } from 'react';
import { SafeHtml } from '../../components/ui/safe-html';
import { useAction, useCommand } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, SelectField } from '../ui';
import { ArticlesPanel } from './content-articles';
import { BannersPanel, type StoredSlide } from './content-banners';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  compact,
  inLanguage,
  type Localized,
  LocalizedField,
  RichText,
} from './content-fields';
import { HelpPanel, type StoredCategory } from './content-help';
import { MarketingPanel, type StoredBlock } from './content-marketing';
import { SitePagesPanel, type StoredPage } from './content-pages';
import { PromotionImagesPanel } from './content-promotions';

interface Stored {
  notices: { id: string; title: string; text: string; date: string; titles?: Localized; texts?: Localized }[];
  announcements: {
    id: string;
    type: string;
    execution: string;
    title: string;
    text: string;
    startTime: string | null;
    /** Every language's texts (title and text are EN). */
    titles?: Localized;
    texts?: Localized;
  }[];
}

/** The contract's announcement groups and audiences (kept here: the console bundle carries no schemas). */
const TYPES = ['PU', 'B', 'PL', 'PR'];
const EXECUTIONS = ['B', 'A', 'F'];

interface Draft {
  kind: 'notice' | 'announce';
  id: string;
  title: Localized;
  text: Localized;
  type: string;
  execution: string;
}
const EMPTY: Draft = { kind: 'announce', id: '', title: {}, text: {}, type: 'PU', execution: 'B' };

const TABS = ['notices', 'banners', 'help', 'articles', 'pages', 'marketing', 'promotions'] as const;
type Tab = (typeof TABS)[number];

/**
 * The merchant's content, stored in the database and live on the player site at once: notices
 * and announcements, banners, the help centre, the join and sponsor pages, each a tab.
 */
export function ContentSection() {
  const t = useTexts();
  const [tab, setTab] = useState<Tab>('notices');
  return (
    <section aria-labelledby="content-title">
      <div className="c-bar">
        <h1 id="content-title">{t.content.title}</h1>
      </div>
      <p className="c-hint">{t.content.lead}</p>
      <div className="c-tabs" role="tablist" aria-label={t.contentEdit.tabsLabel}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`content-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`content-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className="c-tab"
            onClick={() => setTab(k)}
            onKeyDown={(e) => {
              const i = TABS.indexOf(k);
              const next =
                e.key === 'ArrowRight'
                  ? TABS[(i + 1) % TABS.length]
                  : e.key === 'ArrowLeft'
                    ? TABS[(i - 1 + TABS.length) % TABS.length]
                    : null;
              if (next) {
                setTab(next);
                document.getElementById(`content-tab-${next}`)?.focus();
              }
            }}
          >
            {t.contentEdit.tabs[k]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`content-panel-${tab}`} aria-labelledby={`content-tab-${tab}`}>
        {tab === 'notices' ? <NoticesPanel /> : <StoredContentPanel tab={tab} />}
      </div>
    </section>
  );
}

/** What `content export` answers (config/content.json's shape), as far as these pages read it. */
interface Exported {
  banners: Partial<Record<string, StoredSlide[]>>;
  helpCenter: StoredCategory[];
  join?: StoredPage;
  sponsors: StoredPage[];
  marketing: StoredBlock[];
}

/** The tabs that edit what `content export` reads, with the media library for their images. */
function StoredContentPanel({ tab }: { tab: Exclude<Tab, 'notices'> }) {
  const stored = useCommand<Exported>({ command: 'content', action: 'export' });
  const media = useCommand<{ images: string[] }>({ command: 'content', action: 'media' });
  const t = useTexts();
  const data = stored.data;
  const images = media.data?.images ?? [];
  if (!data) return stored.error ? <ErrorBanner error={stored.error} /> : <p>{t.loading}</p>;
  if (tab === 'banners')
    return <BannersPanel banners={data.banners} images={images} reload={stored.reload} />;
  if (tab === 'help') return <HelpPanel categories={data.helpCenter} reload={stored.reload} />;
  if (tab === 'promotions') return <PromotionImagesPanel images={images} />;
  if (tab === 'articles') return <ArticlesPanel images={images} />;
  if (tab === 'marketing')
    return <MarketingPanel blocks={data.marketing} images={images} reload={stored.reload} />;
  return <SitePagesPanel join={data.join} sponsors={data.sponsors} images={images} reload={stored.reload} />;
}

/**
 * Marquee notices and announcements: what is stored, and add, replace or remove one. An
 * announcement's HTML is written in a small rich-text editor with a live preview as the player
 * site would show it; the server sanitises what it stores, and the table shows what it kept.
 */
function NoticesPanel() {
  const t = useTexts();
  const list = useCommand<Stored>({ command: 'content', action: 'list' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [round, setRound] = useState(0);
  const [language, setLanguage] = useState<ContentLanguage>('EN');
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const edit = (next: Draft) => {
    setDraft(next);
    setRound((r) => r + 1);
  };

  const publish = async (e: FormEvent) => {
    e.preventDefault();
    const { id, type, execution } = draft;
    const title = compact(draft.title);
    const text = compact(draft.text);
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
    <div>
      <div className="c-bar">
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
        <LocalizedField
          label={t.content.titleField}
          value={draft.title}
          onChange={(title) => set({ title })}
          required
        />
        {draft.kind === 'notice' ? (
          <LocalizedField
            label={t.content.text}
            value={draft.text}
            onChange={(text) => set({ text })}
            required
            multiline
          />
        ) : (
          <>
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
                  field: t.content.editor,
                  language: t.contentEdit.languages[language],
                })}
                initial={draft.text[language] ?? ''}
                onChange={(html) => set({ text: { ...draft.text, [language]: html } })}
              />
              <section className="c-preview" aria-labelledby="content-preview">
                <h3 id="content-preview">{t.content.preview}</h3>
                <SafeHtml html={inLanguage(draft.text, language)} />
              </section>
            </div>
          </>
        )}
        <button
          type="submit"
          className="c-button"
          disabled={action.busy || !draft.text.EN?.trim() || !draft.title.EN?.trim()}
        >
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
                  title: a.titles ?? { EN: a.title },
                  text: a.texts ?? { EN: a.text },
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
                edit({
                  ...EMPTY,
                  kind: 'notice',
                  id: n.id,
                  title: n.titles ?? { EN: n.title },
                  text: n.texts ?? { EN: n.text },
                }),
              ),
          },
        ]}
      />
    </div>
  );
}
