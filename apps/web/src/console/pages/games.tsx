import { type FormEvent, useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { CopyButton, DataTable, ErrorBanner, Field, formatTime, Notice } from '../ui';

interface Vendor {
  vendor: string;
  name: string;
  provider: string;
  maintenance: { start: string; end: string } | null;
}

/** A `datetime-local` value (the operator's own time) as an ISO instant, or null when empty or invalid. */
const instant = (local: string) => {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/**
 * Per game vendor: its maintenance window (set or clear; launches inside it are refused) and
 * its seamless-wallet secret (a new one replaces the old at once, and is shown only once).
 */
export function GamesSection() {
  const t = useTexts();
  const session = useSession();
  const status = useCommand<{ vendors: Vendor[] }>({ command: 'status' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [secret, setSecret] = useState<{ vendor: string; secret: string } | null>(null);

  const saveWindow = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const r = await action.run<{ maintenance: { start: string; end: string } | null }>({
      command: 'vendor-maintenance',
      vendor: editing,
      start: instant(start) ?? start,
      end: instant(end) ?? end,
    });
    if (r?.maintenance) {
      setDone(
        fill(t.games.windowSaved, {
          vendor: editing,
          start: formatTime(r.maintenance.start, t.lang),
          end: formatTime(r.maintenance.end, t.lang),
        }),
      );
      setEditing(null);
      status.reload();
    }
  };
  const clear = async (v: Vendor) => {
    if (!window.confirm(fill(t.games.confirmClear, { vendor: v.vendor }))) return;
    if (await action.run({ command: 'vendor-maintenance', vendor: v.vendor, clear: true })) {
      setDone(fill(t.games.windowCleared, { vendor: v.vendor }));
      status.reload();
    }
  };
  const rotate = async (v: Vendor) => {
    if (!window.confirm(fill(t.games.confirmRotate, { vendor: v.vendor }))) return;
    const r = await action.run<{ vendor: string; secret: string }>({
      command: 'vendor-secret',
      vendor: v.vendor,
      rotate: true,
    });
    if (r) setSecret({ vendor: r.vendor, secret: r.secret });
  };

  return (
    <section aria-labelledby="games-title">
      <div className="c-bar">
        <h1 id="games-title">{t.games.title}</h1>
        <button type="button" className="c-button c-button-quiet" onClick={status.reload}>
          {t.refresh}
        </button>
      </div>
      <ErrorBanner error={status.error ?? action.error} />
      <Notice text={done} />
      {secret ? (
        <div className="c-banner c-banner-warn" role="alert">
          <h2>{fill(t.games.secretTitle, { vendor: secret.vendor })}</h2>
          <p>{t.games.secretWarning}</p>
          <p className="c-link">
            <code>{secret.secret}</code> <CopyButton text={secret.secret} />
          </p>
          <button type="button" className="c-button c-button-quiet" onClick={() => setSecret(null)}>
            {t.games.secretDone}
          </button>
        </div>
      ) : null}
      {editing ? (
        <form
          className="c-form c-form-inline"
          onSubmit={saveWindow}
          aria-label={fill(t.games.windowFor, { vendor: editing })}
        >
          <h2>{fill(t.games.windowFor, { vendor: editing })}</h2>
          <Field
            label={t.games.start}
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            required
          />
          <Field
            label={t.games.end}
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            required
          />
          <button type="submit" className="c-button" disabled={action.busy}>
            {t.games.saveWindow}
          </button>
          <button type="button" className="c-button c-button-quiet" onClick={() => setEditing(null)}>
            {t.cancel}
          </button>
        </form>
      ) : null}
      <DataTable
        items={status.data?.vendors ?? null}
        loading={status.loading}
        rowKey={(v) => v.vendor}
        columns={[
          { label: t.games.vendor, cell: (v) => v.vendor },
          { label: t.games.name, cell: (v) => v.name },
          { label: t.games.provider, cell: (v) => v.provider },
          {
            label: t.games.maintenance,
            cell: (v) =>
              v.maintenance
                ? `${formatTime(v.maintenance.start, t.lang)} – ${formatTime(v.maintenance.end, t.lang)}`
                : t.games.none,
          },
          {
            label: t.queue.actions,
            cell: (v) => (
              <div className="c-actions">
                <button
                  type="button"
                  className="c-button"
                  aria-label={`${t.games.setWindow}: ${v.vendor}`}
                  disabled={action.busy}
                  onClick={() => {
                    setEditing(v.vendor);
                    setStart('');
                    setEnd('');
                  }}
                >
                  {t.games.setWindow}
                </button>
                {v.maintenance ? (
                  <button
                    type="button"
                    className="c-button c-button-quiet"
                    aria-label={`${t.games.clear}: ${v.vendor}`}
                    disabled={action.busy}
                    onClick={() => clear(v)}
                  >
                    {t.games.clear}
                  </button>
                ) : null}
                {session.can('secrets.rotate') ? (
                  <button
                    type="button"
                    className="c-button c-button-danger"
                    aria-label={`${t.games.rotate}: ${v.vendor}`}
                    disabled={action.busy}
                    onClick={() => rotate(v)}
                  >
                    {t.games.rotate}
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <GameCatalogue />
    </section>
  );
}

interface GameSwitch {
  nodeId: string;
  vendor: string;
  gameCode: string;
  name: string;
  engine: string | null;
  on: boolean;
}

/** The games catalogue: each game's switch (off: never listed, favourited or launched on the site). */
function GameCatalogue() {
  const t = useTexts();
  const list = useCommand<{ games: GameSwitch[] }>({ command: 'game', action: 'list' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const flip = async (g: GameSwitch) => {
    const ask = g.on ? t.games.confirmOff : t.games.confirmOn;
    if (!window.confirm(fill(ask, { game: g.name }))) return;
    const r = await action.run<GameSwitch>({ command: 'game', action: 'set', nodeId: g.nodeId, on: !g.on });
    if (r) {
      setDone(fill(r.on ? t.games.switchedOn : t.games.switchedOff, { game: r.name }));
      list.reload();
    }
  };
  return (
    <section aria-labelledby="catalogue-title" className="c-subsection">
      <h2 id="catalogue-title">{t.games.catalogue}</h2>
      <p className="c-lead">{t.games.catalogueLead}</p>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data?.games ?? null}
        loading={list.loading}
        rowKey={(g) => g.nodeId}
        columns={[
          { label: t.games.game, cell: (g) => g.name },
          { label: t.games.vendor, cell: (g) => g.vendor },
          { label: t.games.code, cell: (g) => g.gameCode },
          { label: t.games.state, cell: (g) => (g.on ? t.games.on : t.games.off) },
          {
            label: t.queue.actions,
            cell: (g) => (
              <button
                type="button"
                className={g.on ? 'c-button c-button-danger' : 'c-button'}
                aria-label={`${g.on ? t.games.switchOff : t.games.switchOn}: ${g.name}`}
                disabled={action.busy}
                onClick={() => flip(g)}
              >
                {g.on ? t.games.switchOff : t.games.switchOn}
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
