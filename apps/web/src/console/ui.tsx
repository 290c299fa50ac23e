import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { ConsoleError } from './api';
import { useTexts } from './texts';

/** A labelled input with its hint and its error, tied to it for screen readers. */
export function Field({
  label,
  hint,
  error,
  ...input
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p className="c-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="c-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled multi-line input with its hint. */
export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: string | undefined } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={hint ? `${id}-hint` : undefined} rows={4} {...input} />
      {hint ? (
        <p className="c-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled select (its label tied by id, so the label alone names it). */
export function SelectField({
  label,
  value,
  options,
  onChange,
  block = false,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Label above the select, as a form field; else beside it, as a filter. */
  block?: boolean;
}) {
  const id = useId();
  return (
    <span className={block ? 'c-field' : 'c-inline'}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The error of a failed call, in a live region. */
export function ErrorBanner({ error }: { error: unknown }) {
  const t = useTexts();
  if (!error) return null;
  const message = error instanceof ConsoleError || error instanceof Error ? error.message : String(error);
  return (
    <div className="c-banner c-banner-error" role="alert">
      <strong>{t.errorTitle}</strong> {message}
    </div>
  );
}

export function LanguageButton({ onClick }: { onClick: () => void }) {
  const t = useTexts();
  return (
    <button type="button" className="c-button c-button-quiet" onClick={onClick} aria-label={t.languageLabel}>
      {t.language}
    </button>
  );
}

/** The page of a signed-out operator: brand, language, and the card. */
export function Card({
  title,
  onLanguage,
  children,
}: {
  title: string;
  onLanguage: () => void;
  children: ReactNode;
}) {
  const t = useTexts();
  return (
    <div className="c-centre">
      <header className="c-topline">
        <span className="c-brand">{t.brand}</span>
        <LanguageButton onClick={onLanguage} />
      </header>
      <main className="c-card">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

export function CopyButton({ text }: { text: string }) {
  const t = useTexts();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="c-button c-button-quiet"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true));
      }}
    >
      {done ? t.copied : t.copy}
    </button>
  );
}

export const formatTime = (iso: string | null, lang: string) =>
  iso ? new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export interface Column<T> {
  label: string;
  cell: (item: T) => ReactNode;
  /** A column of figures: aligned to the end. */
  numeric?: boolean;
}

/** A list as a table: loading, empty, or one row per item with the columns given. */
export function DataTable<T>({
  items,
  loading,
  columns,
  rowKey,
  footer,
}: {
  items: readonly T[] | null;
  loading: boolean;
  columns: readonly Column<T>[];
  rowKey: (item: T) => string | number;
  /** A last row (totals), one cell per column. */
  footer?: readonly ReactNode[] | undefined;
}) {
  const t = useTexts();
  if (!items) return loading ? <p>{t.loading}</p> : null;
  if (items.length === 0) return <p className="c-empty">{t.empty}</p>;
  return (
    <div className="c-table-wrap">
      <table className="c-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'c-num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={rowKey(item)}>
              {columns.map((c) => (
                <td key={c.label} className={c.numeric ? 'c-num' : undefined}>
                  {c.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot>
            <tr>
              {columns.map((c, i) => (
                <td key={c.label} className={c.numeric ? 'c-num' : undefined}>
                  {footer[i]}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** What the last action did, in a polite live region. */
export function Notice({ text }: { text: string | null }) {
  return text ? (
    <div className="c-banner" role="status">
      {text}
    </div>
  ) : null;
}
