import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { ErrorBanner } from '../ui';
import { DashboardFigures } from './dashboard';

interface Settings {
  maintenance: { on: boolean; end: string | null };
  region: { on: boolean; countries: string[]; ranges: string[] };
}

export function OverviewSection() {
  const t = useTexts();
  const session = useSession();
  const status = useCommand<Settings>({ command: 'status' });
  const action = useAction();
  const s = status.data;
  const toggle = async () => {
    if (!s || !window.confirm(s.maintenance.on ? t.overview.confirmOff : t.overview.confirmOn)) return;
    if (await action.run({ command: 'maintenance', on: !s.maintenance.on })) status.reload();
  };
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">{t.overview.title}</h1>
      {session.can('reports.read') ? <DashboardFigures /> : null}
      <ErrorBanner error={status.error ?? action.error} />
      {s ? (
        <div className="c-tiles">
          <article className="c-tile">
            <h2>{t.overview.maintenance}</h2>
            <p className={s.maintenance.on ? 'c-state c-state-warn' : 'c-state c-state-ok'}>
              {s.maintenance.on ? t.overview.maintenanceOn : t.overview.maintenanceOff}
            </p>
            {session.can('site.write') ? (
              <button type="button" className="c-button" onClick={toggle} disabled={action.busy}>
                {s.maintenance.on ? t.overview.turnOff : t.overview.turnOn}
              </button>
            ) : null}
          </article>
          <article className="c-tile">
            <h2>{t.overview.region}</h2>
            <p className="c-state">
              {s.region.on
                ? fill(t.overview.regionOn, {
                    countries: s.region.countries.length,
                    ranges: s.region.ranges.length,
                  })
                : t.overview.regionOff}
            </p>
          </article>
        </div>
      ) : status.loading ? (
        <p>{t.loading}</p>
      ) : null}
    </section>
  );
}
