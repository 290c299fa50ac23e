import { useState } from 'react';
import { useAction, useCommand } from './session';
import { fill, useTexts } from './texts';
import { ErrorBanner } from './ui';

export type FilterValues = Record<string, string | number | boolean>;

interface Saved {
  name: string;
  filter: FilterValues;
}

/**
 * A list page's saved filters (the operator's own, kept on the server by the `filter` command):
 * apply one, save the page's current filter under a name, remove one.
 */
export function SavedFilters({
  section,
  current,
  onApply,
}: {
  section: string;
  current: FilterValues;
  onApply: (filter: FilterValues) => void;
}) {
  const t = useTexts();
  const list = useCommand<{ filters: Saved[] }>({ command: 'filter', action: 'list', section });
  const action = useAction();
  const [chosen, setChosen] = useState('');
  const [saved, setSaved] = useState<Saved[] | null>(null);
  const filters = saved ?? list.data?.filters ?? [];

  const save = async () => {
    const name = window.prompt(t.filters.namePrompt)?.trim();
    if (!name) return;
    const r = await action.run<{ filters: Saved[] }>({
      command: 'filter',
      action: 'save',
      section,
      name,
      filter: current,
    });
    if (r) {
      setSaved(r.filters);
      setChosen(name);
    }
  };
  const remove = async () => {
    if (!chosen || !window.confirm(fill(t.filters.confirmRemove, { name: chosen }))) return;
    const r = await action.run<{ filters: Saved[] }>({
      command: 'filter',
      action: 'remove',
      section,
      name: chosen,
    });
    if (r) {
      setSaved(r.filters);
      setChosen('');
    }
  };
  const choose = (name: string) => {
    setChosen(name);
    const found = filters.find((f) => f.name === name);
    if (found) onApply(found.filter);
  };

  return (
    <div className="c-actions c-saved-filters">
      <span className="c-inline">
        <label htmlFor={`saved-${section}`}>{t.filters.saved}</label>
        <select id={`saved-${section}`} value={chosen} onChange={(e) => choose(e.target.value)}>
          <option value="">{filters.length ? t.filters.choose : t.filters.none}</option>
          {filters.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name}
            </option>
          ))}
        </select>
      </span>
      <button type="button" className="c-button c-button-quiet" onClick={save} disabled={action.busy}>
        {t.filters.save}
      </button>
      {chosen ? (
        <button type="button" className="c-button c-button-quiet" onClick={remove} disabled={action.busy}>
          {fill(t.filters.remove, { name: chosen })}
        </button>
      ) : null}
      <ErrorBanner error={list.error ?? action.error} />
    </div>
  );
}
