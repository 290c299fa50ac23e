import { type FormEvent, useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice, SelectField } from '../ui';

interface Issue {
  gameCode: string;
  issueNo: string;
  drawAt: string;
  status: string;
  tickets: number;
  result?: unknown;
}
interface Exposure {
  gameCode: string;
  issueNo: string;
  status: string;
  totalStake: string;
  selections: {
    betType: string;
    selection: string;
    tickets: number;
    stake: string;
    worstCasePayout: string;
  }[];
}

const STATUSES = ['open', 'closed', 'drawn', 'settled', 'cancelled'];
const CANCELLABLE = new Set(['open', 'closed']);
const resultText = (r: unknown) =>
  r === undefined || r === null ? '—' : Array.isArray(r) ? r.join(' ') : String(r);

/** Lottery issues (filter by game and status), an issue's exposure, cancelling one, a member's prize group. */
export function LotterySection() {
  const t = useTexts();
  const session = useSession();
  const canWrite = session.can('lottery.write');
  const [game, setGame] = useState('');
  const [gameFilter, setGameFilter] = useState('');
  const [status, setStatus] = useState('');
  const list = useCommand<Issue[]>({
    command: 'lottery',
    action: 'issues',
    limit: 50,
    ...(gameFilter ? { game: gameFilter } : {}),
    ...(status ? { status } : {}),
  });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [exposure, setExposure] = useState<Exposure | null>(null);
  const [account, setAccount] = useState('');
  const [group, setGroup] = useState('');
  const [ticket, setTicket] = useState('');
  const [voidReason, setVoidReason] = useState('');

  const showExposure = async (i: Issue) =>
    setExposure(
      await action.run<Exposure>({
        command: 'lottery',
        action: 'exposure',
        game: i.gameCode,
        issueNo: i.issueNo,
      }),
    );
  const cancel = async (i: Issue) => {
    if (!window.confirm(fill(t.lottery.confirmCancel, { game: i.gameCode, issue: i.issueNo }))) return;
    const r = await action.run<{ refunded: number }>({
      command: 'lottery',
      action: 'cancel',
      game: i.gameCode,
      issueNo: i.issueNo,
    });
    if (r) {
      setDone(fill(t.lottery.cancelled, { game: i.gameCode, issue: i.issueNo, refunded: r.refunded }));
      list.reload();
    }
  };
  const setPrizeGroup = async (e: FormEvent) => {
    e.preventDefault();
    const value = group.trim().toLowerCase();
    const r = await action.run<{ account: string; before: number | null; prizeGroup: number | null }>({
      command: 'lottery',
      action: 'prize-group',
      account: account.trim(),
      group: value === 'default' || value === '' ? 'default' : value,
    });
    if (r)
      setDone(
        fill(t.lottery.groupSet, {
          account: r.account,
          group: r.prizeGroup ?? t.lottery.defaultGroup,
          before: r.before ?? t.lottery.defaultGroup,
        }),
      );
  };

  const voidTicket = async (e: FormEvent) => {
    e.preventDefault();
    const id = ticket.trim();
    if (!window.confirm(fill(t.lottery.confirmVoid, { ticket: id }))) return;
    const r = await action.run<{ ticketId: string; stake: string; game: string; issueNo: string }>({
      command: 'lottery',
      action: 'void',
      ticketId: id,
      reason: voidReason.trim(),
    });
    if (r) {
      setDone(fill(t.lottery.voided, { ticket: r.ticketId, stake: r.stake, game: r.game, issue: r.issueNo }));
      setTicket('');
      setVoidReason('');
      list.reload();
    }
  };

  return (
    <section aria-labelledby="lottery-title">
      <div className="c-bar">
        <h1 id="lottery-title">{t.lottery.title}</h1>
        <form
          className="c-actions"
          onSubmit={(e) => {
            e.preventDefault();
            setGameFilter(game.trim());
          }}
        >
          <Field label={t.lottery.anyGame} value={game} onChange={(e) => setGame(e.target.value)} />
          <button type="submit" className="c-button c-button-quiet">
            {t.site.filter}
          </button>
        </form>
        <SelectField
          label={t.lottery.status}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: t.queue.all },
            ...STATUSES.map((s) => ({ value: s, label: t.lottery.statuses[s] ?? s })),
          ]}
        />
        <button type="button" className="c-button c-button-quiet" onClick={list.reload}>
          {t.refresh}
        </button>
      </div>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      {exposure ? (
        <section aria-labelledby="lottery-exposure" className="c-part">
          <h2 id="lottery-exposure">
            {fill(t.lottery.exposureOf, {
              game: exposure.gameCode,
              issue: exposure.issueNo,
              stake: exposure.totalStake,
            })}
          </h2>
          <DataTable
            items={exposure.selections}
            loading={false}
            rowKey={(s) => `${s.betType}:${s.selection}`}
            columns={[
              { label: t.lottery.betType, cell: (s) => s.betType },
              { label: t.lottery.selection, cell: (s) => s.selection },
              { label: t.lottery.tickets, cell: (s) => s.tickets },
              { label: t.lottery.stake, cell: (s) => s.stake },
              { label: t.lottery.worst, cell: (s) => s.worstCasePayout },
            ]}
          />
        </section>
      ) : null}
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(i) => `${i.gameCode}:${i.issueNo}`}
        columns={[
          { label: t.lottery.game, cell: (i) => i.gameCode },
          { label: t.lottery.issue, cell: (i) => i.issueNo },
          { label: t.lottery.status, cell: (i) => t.lottery.statuses[i.status] ?? i.status },
          { label: t.lottery.drawAt, cell: (i) => formatTime(i.drawAt, t.lang) },
          { label: t.lottery.tickets, cell: (i) => i.tickets },
          { label: t.lottery.result, cell: (i) => resultText(i.result) },
          {
            label: t.queue.actions,
            cell: (i) => (
              <div className="c-actions">
                <button
                  type="button"
                  className="c-button c-button-quiet"
                  aria-label={`${t.lottery.exposure}: ${i.gameCode} ${i.issueNo}`}
                  disabled={action.busy}
                  onClick={() => showExposure(i)}
                >
                  {t.lottery.exposure}
                </button>
                {canWrite && CANCELLABLE.has(i.status) ? (
                  <button
                    type="button"
                    className="c-button c-button-danger"
                    aria-label={`${t.lottery.cancel}: ${i.gameCode} ${i.issueNo}`}
                    disabled={action.busy}
                    onClick={() => cancel(i)}
                  >
                    {t.lottery.cancel}
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      {canWrite ? (
        <form className="c-form c-form-inline" onSubmit={setPrizeGroup} aria-labelledby="lottery-group">
          <h2 id="lottery-group">{t.lottery.prizeGroup}</h2>
          <Field
            label={t.lottery.account}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            required
          />
          <Field
            label={t.lottery.group}
            hint={t.lottery.groupHint}
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            required
          />
          <button type="submit" className="c-button" disabled={action.busy}>
            {t.lottery.setGroup}
          </button>
        </form>
      ) : null}
      {canWrite ? (
        <form className="c-form c-form-inline" onSubmit={voidTicket} aria-labelledby="lottery-void">
          <h2 id="lottery-void">{t.lottery.voidTitle}</h2>
          <Field
            label={t.lottery.ticket}
            inputMode="numeric"
            value={ticket}
            onChange={(e) => setTicket(e.target.value)}
            required
          />
          <Field
            label={t.lottery.voidReason}
            value={voidReason}
            onChange={(e) => setVoidReason(e.target.value)}
            required
          />
          <button type="submit" className="c-button c-button-danger" disabled={action.busy}>
            {t.lottery.voidTicket}
          </button>
        </form>
      ) : null}
    </section>
  );
}
