import { type FormEvent, useState } from 'react';
import { useAction } from '../session';
import { fill, useTexts } from '../texts';
import { ErrorBanner, Notice, SelectField } from '../ui';
import {
  type ContentLanguage,
  compact,
  ImageField,
  inLanguage,
  type Link,
  LinkField,
  type Localized,
  LocalizedField,
  PreviewLanguage,
} from './content-fields';

/** The join page or a sponsor page as `content export` gives it. */
export interface StoredPage {
  image?: string;
  title: Localized;
  text: Localized;
  cta?: Localized;
  link: Link;
}

interface Draft {
  image: string;
  title: Localized;
  text: Localized;
  cta: Localized;
  link: Link;
}
const draftOf = (p: StoredPage | undefined): Draft => ({
  image: p?.image ?? '',
  title: p?.title ?? {},
  text: p?.text ?? {},
  cta: p?.cta ?? {},
  link: p?.link ?? { linkageType: 'NONE' },
});

/** `join`, or `sponsor:<index>`. */
type Slot = string;

/**
 * The join page and the sponsor pages (up to three): pick one, edit its image, texts (EN and CN),
 * button and link with a preview as the page shows them, publish or remove.
 */
export function SitePagesPanel({
  join,
  sponsors,
  images,
  reload,
}: {
  join: StoredPage | undefined;
  sponsors: StoredPage[];
  images: readonly string[];
  reload: () => void;
}) {
  const t = useTexts();
  const e = t.contentEdit;
  const action = useAction();
  const [slot, setSlot] = useState<Slot>('join');
  const [draft, setDraft] = useState<Draft>(draftOf(join));
  const [done, setDone] = useState<string | null>(null);
  const [language, setLanguage] = useState<ContentLanguage>('EN');
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const index = slot === 'join' ? undefined : Number(slot.split(':')[1]);
  const stored = slot === 'join' ? join : sponsors[index ?? 0];
  const nameOf = (s: Slot) =>
    s === 'join' ? e.joinPage : fill(e.sponsorPage, { n: Number(s.split(':')[1]) + 1 });
  const slots: Slot[] = [
    'join',
    ...sponsors.map((_, i) => `sponsor:${i}`),
    ...(sponsors.length < 3 ? [`sponsor:${sponsors.length}`] : []),
  ];
  const pick = (s: Slot) => {
    setSlot(s);
    setDraft(draftOf(s === 'join' ? join : sponsors[Number(s.split(':')[1])]));
  };
  const page = slot === 'join' ? 'join' : 'sponsor';

  const publish = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await action.run({
      command: 'content',
      action: 'page',
      page,
      index,
      image: draft.image || undefined,
      title: compact(draft.title),
      text: compact(draft.text),
      cta: compact(draft.cta),
      link: draft.link,
    });
    if (r) {
      setDone(fill(t.content.saved, { id: nameOf(slot) }));
      reload();
    }
  };
  const remove = async () => {
    if (!window.confirm(fill(t.content.confirmRemove, { id: nameOf(slot) }))) return;
    if (await action.run({ command: 'content', action: 'page-remove', page, index })) {
      setDone(fill(t.content.removed, { id: nameOf(slot) }));
      setSlot('join');
      setDraft(draftOf(join));
      reload();
    }
  };
  const title = inLanguage(draft.title, language);
  const text = inLanguage(draft.text, language);
  const cta = inLanguage(draft.cta, language);

  return (
    <div>
      <div className="c-bar">
        <SelectField
          label={e.page}
          value={slot}
          onChange={pick}
          options={slots.map((s) => ({
            value: s,
            label:
              s.startsWith('sponsor') && Number(s.split(':')[1]) === sponsors.length
                ? fill(e.newSponsorPage, { n: sponsors.length + 1 })
                : nameOf(s),
          }))}
        />
      </div>
      <ErrorBanner error={action.error} />
      <Notice text={done} />
      {slot === 'join' && !join ? <p className="c-hint">{e.builtInJoin}</p> : null}
      <form className="c-form c-editor-form" onSubmit={publish} aria-labelledby="page-form-title">
        <h2 id="page-form-title">{nameOf(slot)}</h2>
        <div className="c-editor-pair">
          <div className="c-form">
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
          <section className="c-preview" aria-labelledby="page-preview">
            <h3 id="page-preview">{e.pagePreview}</h3>
            <PreviewLanguage value={language} onChange={setLanguage} />
            <article className="c-page-preview">
              {draft.image ? <img src={draft.image} alt={e.imagePreview} /> : null}
              {title ? <h4>{title}</h4> : null}
              {text ? <p>{text}</p> : null}
              {cta && draft.link.linkageType !== 'NONE' ? <span className="c-slide-cta">{cta}</span> : null}
            </article>
          </section>
        </div>
        <div className="c-actions">
          <button
            type="submit"
            className="c-button"
            disabled={action.busy || !draft.title.EN || !draft.text.EN}
          >
            {t.content.save}
          </button>
          {stored ? (
            <button
              type="button"
              className="c-button c-button-danger"
              disabled={action.busy}
              onClick={remove}
            >
              {t.content.remove}
            </button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
