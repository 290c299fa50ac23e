import { type FormEvent, useState } from 'react';
import { BANNER_GROUPS } from '../../lib/contract';
import { useAction } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, SelectField } from '../ui';
import {
  type ContentLanguage,
  compact,
  fromLocalInput,
  ImageField,
  inLanguage,
  type Link,
  LinkField,
  type Localized,
  LocalizedField,
  moved,
  PreviewLanguage,
  RowActions,
  toLocalInput,
} from './content-fields';

/** A slide as `content export` gives it (config/content.json's shape). */
export interface StoredSlide {
  id: string;
  image: string;
  title?: Localized;
  text?: Localized;
  cta?: Localized;
  link: Link;
  startTime?: string;
  endTime?: string;
}

interface Draft {
  id: string;
  image: string;
  title: Localized;
  text: Localized;
  cta: Localized;
  link: Link;
  start: string;
  end: string;
  /** Where a new slide goes: first or last (a slide that exists keeps its place). */
  place: 'first' | 'last';
}
const EMPTY: Draft = {
  id: '',
  image: '',
  title: {},
  text: {},
  cta: {},
  link: { linkageType: 'NONE' },
  start: '',
  end: '',
  place: 'last',
};
const draftOf = (s: StoredSlide): Draft => ({
  id: s.id,
  image: s.image,
  title: s.title ?? {},
  text: s.text ?? {},
  cta: s.cta ?? {},
  link: s.link,
  start: toLocalInput(s.startTime),
  end: toLocalInput(s.endTime),
  place: 'last',
});

/**
 * The banners of one group: its slides in order (move, edit, remove), and a slide's form with its
 * image from the media library and a live preview of the slide in EN or CN.
 */
export function BannersPanel({
  banners,
  images,
  reload,
}: {
  banners: Partial<Record<string, StoredSlide[]>>;
  images: readonly string[];
  reload: () => void;
}) {
  const t = useTexts();
  const e = t.contentEdit;
  const action = useAction();
  const [group, setGroup] = useState<string>('w_home');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const [language, setLanguage] = useState<ContentLanguage>('EN');
  const slides = banners[group] ?? [];
  const exists = draft.id !== '' && slides.some((s) => s.id === draft.id);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const publish = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await action.run({
      command: 'content',
      action: 'banner',
      group,
      id: draft.id,
      image: draft.image,
      title: compact(draft.title),
      text: compact(draft.text),
      cta: compact(draft.cta),
      link: draft.link,
      startTime: fromLocalInput(draft.start),
      endTime: fromLocalInput(draft.end),
      position: draft.place === 'first' ? 0 : undefined,
    });
    if (r) {
      setDone(fill(t.content.saved, { id: draft.id }));
      reload();
    }
  };
  const remove = async (id: string) => {
    if (!window.confirm(fill(t.content.confirmRemove, { id }))) return;
    if (await action.run({ command: 'content', action: 'banner-remove', group, id })) {
      setDone(fill(t.content.removed, { id }));
      reload();
    }
  };
  const move = async (from: number, to: number) => {
    const ids = moved(
      slides.map((s) => s.id),
      from,
      to,
    );
    if (await action.run({ command: 'content', action: 'banner-order', group, ids })) {
      setDone(e.orderSaved);
      reload();
    }
  };
  const windowOf = (s: StoredSlide) =>
    s.startTime || s.endTime
      ? `${formatTime(s.startTime ?? null, t.lang)} – ${formatTime(s.endTime ?? null, t.lang)}`
      : e.always;

  return (
    <div>
      <div className="c-bar">
        <SelectField
          label={e.group}
          value={group}
          onChange={(g) => {
            setGroup(g);
            setDraft(EMPTY);
          }}
          options={BANNER_GROUPS.map((g) => ({ value: g, label: e.groups[g] ?? g }))}
        />
        <button type="button" className="c-button c-button-quiet" onClick={() => setDraft(EMPTY)}>
          {e.newSlide}
        </button>
      </div>
      <ErrorBanner error={action.error} />
      <Notice text={done} />
      <DataTable
        items={slides}
        loading={false}
        rowKey={(s) => s.id}
        columns={[
          {
            label: e.image,
            cell: (s) => <img className="c-thumb" src={s.image} alt="" />,
          },
          { label: t.content.id, cell: (s) => s.id },
          { label: t.content.titleField, cell: (s) => inLanguage(s.title, 'EN') || '—' },
          { label: e.window, cell: windowOf },
          {
            label: t.queue.actions,
            cell: (s) => (
              <RowActions
                name={s.id}
                index={slides.indexOf(s)}
                count={slides.length}
                busy={action.busy}
                onEdit={() => setDraft(draftOf(s))}
                onMove={(to) => move(slides.indexOf(s), to)}
                onRemove={() => remove(s.id)}
              />
            ),
          },
        ]}
      />
      <form className="c-form c-editor-form" onSubmit={publish} aria-labelledby="banner-form-title">
        <h2 id="banner-form-title">
          {exists
            ? fill(t.content.editing, { id: draft.id })
            : fill(e.newSlideIn, { group: e.groups[group] ?? group })}
        </h2>
        <div className="c-editor-pair">
          <div className="c-form">
            <Field
              label={t.content.id}
              hint={t.content.idHint}
              value={draft.id}
              onChange={(ev) => set({ id: ev.target.value })}
              required
              pattern="[A-Za-z0-9_\-]{1,64}"
            />
            {exists ? null : (
              <SelectField
                label={e.place}
                value={draft.place}
                block
                onChange={(place) => set({ place: place as Draft['place'] })}
                options={[
                  { value: 'last', label: e.places.last },
                  { value: 'first', label: e.places.first },
                ]}
              />
            )}
            <ImageField value={draft.image} onChange={(image) => set({ image })} images={images} required />
            <LocalizedField
              label={t.content.titleField}
              value={draft.title}
              onChange={(title) => set({ title })}
            />
            <LocalizedField label={t.content.text} value={draft.text} onChange={(text) => set({ text })} />
            <LocalizedField label={e.cta} value={draft.cta} onChange={(cta) => set({ cta })} />
            <LinkField value={draft.link} onChange={(link) => set({ link })} />
            <div className="c-row">
              <Field
                label={e.start}
                type="datetime-local"
                value={draft.start}
                onChange={(ev) => set({ start: ev.target.value })}
              />
              <Field
                label={e.end}
                type="datetime-local"
                value={draft.end}
                onChange={(ev) => set({ end: ev.target.value })}
              />
            </div>
          </div>
          <section className="c-preview" aria-labelledby="banner-preview">
            <h3 id="banner-preview">{e.slidePreview}</h3>
            <PreviewLanguage value={language} onChange={setLanguage} />
            <SlidePreview draft={draft} language={language} />
          </section>
        </div>
        <button type="submit" className="c-button" disabled={action.busy || !draft.id || !draft.image}>
          {t.content.save}
        </button>
      </form>
    </div>
  );
}

/** The slide as the player site's banner shows it: the image, with the title, text and button over it. */
function SlidePreview({ draft, language }: { draft: Draft; language: ContentLanguage }) {
  const t = useTexts();
  const title = inLanguage(draft.title, language);
  const text = inLanguage(draft.text, language);
  const cta = inLanguage(draft.cta, language);
  return (
    <figure className="c-slide" data-testid="slide-preview">
      {draft.image ? <img src={draft.image} alt={t.contentEdit.imagePreview} /> : null}
      <figcaption className="c-slide-caption">
        {title ? <strong>{title}</strong> : null}
        {text ? <span>{text}</span> : null}
        {cta && draft.link.linkageType !== 'NONE' ? <span className="c-slide-cta">{cta}</span> : null}
      </figcaption>
    </figure>
  );
}
