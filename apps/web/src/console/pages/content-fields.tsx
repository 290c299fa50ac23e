import { useEffect, useId, useRef } from 'react';
import { fill, useTexts } from '../texts';
import { Field, SelectField, TextField } from '../ui';

/**
 * The content editors' shared fields: a text in the site's two languages, an image of the media
 * library (or an https URL) with its preview, a link, a publication window, and the small
 * rich-text editor. The server checks every value again (the content schema); these only shape
 * what is sent.
 */

/** The site's languages the console edits (EN is required: the player site falls back to it). */
export const CONTENT_LANGUAGES = ['EN', 'CN'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export type Localized = Partial<Record<ContentLanguage, string>>;

/** The texts that are not blank, or undefined when none is (an optional text left out). */
export function compact(text: Localized): Localized | undefined {
  const kept = Object.fromEntries(
    Object.entries(text)
      .map(([k, v]) => [k, v?.trim() ?? ''])
      .filter(([, v]) => v),
  ) as Localized;
  return Object.keys(kept).length ? kept : undefined;
}

/** The text in the language asked for, else EN. */
export const inLanguage = (text: Localized | undefined, language: ContentLanguage) =>
  text?.[language] || text?.EN || '';

/** One input per language: "Title (English)", "Title (Chinese)". */
export function LocalizedField({
  label,
  value,
  onChange,
  required = false,
  multiline = false,
}: {
  label: string;
  value: Localized;
  onChange: (value: Localized) => void;
  /** EN required (the other languages fall back to it). */
  required?: boolean;
  multiline?: boolean;
}) {
  const t = useTexts();
  return (
    <div className="c-row">
      {CONTENT_LANGUAGES.map((language) => {
        const props = {
          label: fill(t.contentEdit.inLanguage, {
            field: label,
            language: t.contentEdit.languages[language],
          }),
          value: value[language] ?? '',
          required: required && language === 'EN',
        };
        return multiline ? (
          <TextField
            key={language}
            {...props}
            onChange={(e) => onChange({ ...value, [language]: e.target.value })}
          />
        ) : (
          <Field
            key={language}
            {...props}
            onChange={(e) => onChange({ ...value, [language]: e.target.value })}
          />
        );
      })}
    </div>
  );
}

/** An image: picked from the media library or given as an https URL, with its preview. */
export function ImageField({
  value,
  onChange,
  images,
  required = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The media library (`content media`). */
  images: readonly string[];
  required?: boolean;
}) {
  const t = useTexts();
  const e = t.contentEdit;
  const inLibrary = images.includes(value);
  return (
    <div className="c-image-field">
      <div className="c-row">
        <SelectField
          label={e.library}
          value={inLibrary ? value : ''}
          block
          onChange={onChange}
          options={[{ value: '', label: e.fromAddress }, ...images.map((i) => ({ value: i, label: i }))]}
        />
        <Field
          label={e.image}
          hint={e.imageHint}
          value={value}
          required={required}
          onChange={(ev) => onChange(ev.target.value.trim())}
        />
      </div>
      <figure className="c-image-preview">
        {value ? <img src={value} alt={e.imagePreview} /> : <span className="c-hint">{e.noImage}</span>}
      </figure>
    </div>
  );
}

export type Link =
  | { linkageType: 'NONE' }
  | { linkageType: 'INTERNAL' | 'EXTERNAL' | 'PROMOTION'; target: string }
  | { linkageType: 'GAME'; vassalage: string; gameCode: string };
const LINK_TYPES = ['NONE', 'INTERNAL', 'EXTERNAL', 'GAME', 'PROMOTION'] as const;

/** Where a slide or a page leads: the kind, then its target. */
export function LinkField({ value, onChange }: { value: Link; onChange: (value: Link) => void }) {
  const t = useTexts();
  const e = t.contentEdit;
  const kind = (type: string): Link =>
    type === 'NONE'
      ? { linkageType: 'NONE' }
      : type === 'GAME'
        ? { linkageType: 'GAME', vassalage: '', gameCode: '' }
        : { linkageType: type as 'INTERNAL', target: type === 'EXTERNAL' ? 'https://' : '' };
  return (
    <div className="c-row">
      <SelectField
        label={e.linkType}
        value={value.linkageType}
        block
        onChange={(type) => onChange(kind(type))}
        options={LINK_TYPES.map((v) => ({ value: v, label: e.linkTypes[v] }))}
      />
      {value.linkageType === 'GAME' ? (
        <>
          <Field
            label={e.vendor}
            value={value.vassalage}
            required
            onChange={(ev) => onChange({ ...value, vassalage: ev.target.value.toUpperCase() })}
          />
          <Field
            label={e.gameCode}
            value={value.gameCode}
            required
            onChange={(ev) => onChange({ ...value, gameCode: ev.target.value })}
          />
        </>
      ) : value.linkageType !== 'NONE' ? (
        <Field
          label={e.targets[value.linkageType]}
          value={value.target}
          required
          onChange={(ev) => onChange({ ...value, target: ev.target.value.trim() })}
        />
      ) : null}
    </div>
  );
}

/** An ISO instant as a datetime-local value (the operator's own time), and back. */
export const toLocalInput = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** A language switch for a preview (the texts are shown as the player site shows that language). */
export function PreviewLanguage({
  value,
  onChange,
}: {
  value: ContentLanguage;
  onChange: (value: ContentLanguage) => void;
}) {
  const t = useTexts();
  return (
    <SelectField
      label={t.contentEdit.previewLanguage}
      value={value}
      onChange={(v) => onChange(v as ContentLanguage)}
      options={CONTENT_LANGUAGES.map((l) => ({ value: l, label: t.contentEdit.languages[l] }))}
    />
  );
}

/**
 * A small rich-text editor: an editable region with bold, italic, link and list. It edits HTML
 * in the browser; the server keeps only what its sanitiser allows.
 */
export function RichText({
  label,
  initial,
  onChange,
}: {
  label: string;
  initial: string;
  onChange: (html: string) => void;
}) {
  const t = useTexts();
  const id = useId();
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
      <span className="c-label" id={`${id}-label`}>
        {label}
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
        aria-labelledby={`${id}-label`}
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
      />
    </div>
  );
}

/** Up, down and remove buttons of a row in an ordered list, named after the row. */
export function RowActions({
  name,
  index,
  count,
  busy,
  onEdit,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  busy: boolean;
  onEdit: () => void;
  onMove?: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useTexts();
  const e = t.contentEdit;
  return (
    <div className="c-actions">
      <button
        type="button"
        className="c-button c-button-quiet"
        aria-label={`${t.content.edit}: ${name}`}
        onClick={onEdit}
      >
        {t.content.edit}
      </button>
      {onMove ? (
        <>
          <button
            type="button"
            className="c-button c-button-quiet"
            aria-label={`${e.moveUp}: ${name}`}
            disabled={busy || index === 0}
            onClick={() => onMove(index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="c-button c-button-quiet"
            aria-label={`${e.moveDown}: ${name}`}
            disabled={busy || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            ↓
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="c-button c-button-danger"
        aria-label={`${t.content.remove}: ${name}`}
        disabled={busy}
        onClick={onRemove}
      >
        {t.content.remove}
      </button>
    </div>
  );
}

/** The ids of a list with the one at `from` moved to `to`. */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
