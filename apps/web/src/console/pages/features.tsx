import { useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Notice } from '../ui';

interface Feature {
  modId: string;
  enabled: boolean;
  effective: boolean;
  parents: string[];
}

/** The merchant's feature flags: each switch, whether members have it, and switching one live. */
export function FeaturesSection() {
  const t = useTexts();
  const session = useSession();
  const list = useCommand<Feature[]>({ command: 'feature', action: 'list' });
  const action = useAction();
  const [filter, setFilter] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const canSwitch = session.can('site.write');
  const shown = (list.data ?? []).filter((f) => f.modId.includes(filter.trim().toUpperCase()));
  const flip = async (f: Feature) => {
    const ask = f.enabled ? t.features.confirmOff : t.features.confirmOn;
    if (!window.confirm(fill(ask, { key: f.modId }))) return;
    const r = await action.run<Feature>({
      command: 'feature',
      action: 'set',
      modId: f.modId,
      on: !f.enabled,
    });
    if (r) {
      setDone(fill(r.enabled ? t.features.nowOn : t.features.nowOff, { key: r.modId }));
      list.reload();
    }
  };
  return (
    <section aria-labelledby="features-title">
      <div className="c-bar">
        <h1 id="features-title">{t.features.title}</h1>
        <label className="c-inline">
          {t.features.filter}
          <input value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
        </label>
      </div>
      <p className="c-lead">{t.features.lead}</p>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data ? shown : null}
        loading={list.loading}
        rowKey={(f) => f.modId}
        columns={[
          {
            label: t.features.key,
            cell: (f) => (
              <span style={{ paddingInlineStart: `${f.parents.length * 1.25}rem` }}>
                <code>{f.modId}</code>
              </span>
            ),
          },
          { label: t.features.own, cell: (f) => (f.enabled ? t.features.on : t.features.off) },
          {
            label: t.features.members,
            cell: (f) => (
              <span className={f.effective ? 'c-state c-state-ok' : 'c-state c-state-warn'}>
                {f.effective ? t.features.on : f.enabled ? t.features.offByParent : t.features.off}
              </span>
            ),
          },
          ...(canSwitch
            ? [
                {
                  label: t.queue.actions,
                  cell: (f: Feature) => (
                    <button
                      type="button"
                      className={f.enabled ? 'c-button c-button-danger' : 'c-button'}
                      disabled={action.busy}
                      aria-label={fill(f.enabled ? t.features.turnOff : t.features.turnOn, { key: f.modId })}
                      onClick={() => flip(f)}
                    >
                      {f.enabled ? t.features.off : t.features.on}
                    </button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
