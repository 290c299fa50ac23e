import { type FormEvent, useState } from 'react';
import { useAction } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, Notice, SelectField } from '../ui';
import {
  type ContentLanguage,
  compact,
  ImageField,
  inLanguage,
  type Link,
  LinkField,
  type Localized,
  LocalizedField,
  moved,
  PreviewLanguage,
  RowActions,
} from './content-fields';

/** A home page marketing block as `content export` gives it. */
export interface StoredBlock {
  id: string;
  image?: string;
  title: Localized;
  text: Localized;
  cta?: Localized;
  link: Link;
}

interface Draft {
  id: string;
  image: string;
  title: Localized;
  text: Localized;
  cta: Localized;
  link: Link;
  place: 'first' | 'last';
}
const EMPTY: Draft = {
  id: '',
  image: '',
  title: {},
  text: {},
  cta: {},
  link: { linkageType: 'NONE' },
  place: 'last',
};
const draftOf = (b: StoredBlock): Draft => ({
  id: b.id,
  image: b.image ?? '',
  title: b.title,
  text: b.text,
  cta: b.cta ?? {},
  link: b.link,
  place: 'last',
});

/**
 * The home page's marketing blocks: in order (move, edit, remove), and a block's form with its
 * image, texts in EN and CN ({games} and {providers} become the catalogue's figures), button and
 * link, with a preview.
 */
export function MarketingPanel({
  blocks,
  images,
  reload,
}: {
  blocks: StoredBlock[];
  images: readonly string[];
  reload: () => void;
}) {
  const t = useTexts();
  const e = t.contentEdit;
  const action = useAction();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const [language, setLanguage] = useState<ContentLanguage>('EN');
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const exists = draft.id !== '' && blocks.some((b) => b.id === draft.id);
  const ids = blocks.map((b) => b.id);

  const publish = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await action.run({
      command: 'content',
      action: 'marketing',
      id: draft.id,
      image: draft.image || undefined,
      title: compact(draft.title),
      text: compact(draft.text),
      cta: compact(draft.cta),
      link: draft.link,
      position: draft.place === 'first' ? 0 : undefined,
    });
    if (r) {
      setDone(fill(t.content.saved, { id: draft.id }));
      reload();
    }
  };
  const remove = async (id: string) => {
    if (!window.confirm(fill(t.content.confirmRemove, { id }))) return;
    if (await action.run({ command: 'content', action: 'marketing-remove', id })) {
      setDone(fill(t.content.removed, { id }));
      reload();
    }
  };
  const move = async (from: number, to: number) => {
    if (await action.run({ command: 'content', action: 'marketing-order', ids: moved(ids, from, to) })) {
      setDone(e.orderSaved);
      reload();
    }
  };
  const title = inLanguage(draft.title, language);
  const text = inLanguage(draft.text, language);
  const cta = inLanguage(draft.cta, language);

  return (
    <div>
      <div className="c-bar">
        <button type="button" className="c-button c-button-quiet" onClick={() => setDraft(EMPTY)}>
          {e.newBlock}
        </button>
      </div>
      <p className="c-hint">{e.marketingHint}</p>
      <ErrorBanner error={action.error} />
      <Notice text={done} />
      <DataTable
        items={blocks}
        loading={false}
        rowKey={(b) => b.id}
        columns={[
          {
            label: e.image,
            cell: (b) => (b.image ? <img className="c-thumb" src={b.image} alt="" /> : '—'),
          },
          { label: t.content.id, cell: (b) => b.id },
          { label: t.content.titleField, cell: (b) => inLanguage(b.title, 'EN') },
          {
            label: t.queue.actions,
            cell: (b) => (
              <RowActions
                name={b.id}
                index={ids.indexOf(b.id)}
                count={ids.length}
                busy={action.busy}
                onEdit={() => setDraft(draftOf(b))}
                onMove={(to) => move(ids.indexOf(b.id), to)}
                onRemove={() => remove(b.id)}
              />
            ),
          },
        ]}
      />
      <form className="c-form c-editor-form" onSubmit={publish} aria-labelledby="marketing-form-title">
        <h2 id="marketing-form-title">{exists ? fill(t.content.editing, { id: draft.id }) : e.newBlock}</h2>
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
                label={e.placeOnHome}
                value={draft.place}
                block
                onChange={(place) => set({ place: place as Draft['place'] })}
                options={[
                  { value: 'last', label: e.places.last },
                  { value: 'first', label: e.places.first },
                ]}
              />
            )}
            <ImageField value={draft.image} onChange={(image) => set({ image })} images={images} />
            <LocalizedField
              label={t.content.titleField}
              value={draft.title}
              required
              onChange={(v) => set({ title: v })}
            />
            <LocalizedField
              label={t.content.text}
              value={draft.text}
              required
              multiline
              onChange={(v) => set({ text: v })}
            />
            <LocalizedField label={e.cta} value={draft.cta} onChange={(v) => set({ cta: v })} />
            <LinkField value={draft.link} onChange={(link) => set({ link })} />
          </div>
          <section className="c-preview" aria-labelledby="marketing-preview">
            <h3 id="marketing-preview">{e.blockPreview}</h3>
            <PreviewLanguage value={language} onChange={setLanguage} />
            <article className="c-page-preview">
              {draft.image ? <img src={draft.image} alt={e.imagePreview} /> : null}
              {title ? <h4>{title}</h4> : null}
              {text ? <p>{text}</p> : null}
              {cta && draft.link.linkageType !== 'NONE' ? <span className="c-slide-cta">{cta}</span> : null}
            </article>
          </section>
        </div>
        <button
          type="submit"
          className="c-button"
          disabled={action.busy || !draft.id || !draft.title.EN || !draft.text.EN}
        >
          {t.content.save}
        </button>
      </form>
    </div>
  );
}
