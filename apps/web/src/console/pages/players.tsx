import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { navigate, pathOf } from '../navigation';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice } from '../ui';
import { PlayerReferrals } from './player-referrals';
import { PlayerRewards } from './player-rewards';

interface Hit {
  id: number;
  account: string;
  kind: string;
  status: string;
  createdAt: string;
  lastSignInAt: string | null;
  mainBalance: string;
}

interface Note {
  id: number;
  kind: string;
  text: string;
  author: string;
  at: string;
}

export interface PlayerPage {
  profile: {
    id: number;
    account: string;
    userName: string;
    nickname: string | null;
    realName: string | null;
    mobile: string | null;
    email: string | null;
    kind: string;
    agentType: number | null;
    upline: string | null;
    language: string;
    affiliateCode: string | null;
    lotteryPrizeGroup: number | null;
    createdAt: string;
    firstLoginAt: string | null;
    passwordChangedAt: string | null;
    fields: Record<string, string>;
  };
  status: {
    status: string;
    locked: boolean;
    lockedBy: string | null;
    lockReason: string | null;
    twoFactor: boolean;
  };
  balances: { wallet: string; balance: string }[];
  ledger: {
    transferId: number;
    type: string;
    wallet: string;
    amount: string;
    balanceAfter: string;
    memo: string | null;
    by: string;
    at: string;
  }[];
  deposits: {
    orderNo: string;
    type: string;
    channel: string;
    amount: string;
    status: string;
    createdAt: string;
  }[];
  withdrawals: { orderNo: string; payTo: string; amount: string; status: string; createdAt: string }[];
  rounds: {
    vendor: string;
    game: string;
    roundId: string;
    mode: string;
    state: string;
    stake: string;
    payout: string;
    openedAt: string;
  }[];
  sessions: {
    id: number;
    kind: string;
    ip: string | null;
    place: string | null;
    device: string | null;
    createdAt: string;
    lastSeenAt: string;
  }[];
  signIns: {
    method: string;
    success: boolean;
    ip: string | null;
    place: string | null;
    device: string | null;
    at: string;
  }[];
  messages: { id: number; title: string; body: string; sentBy: string; read: boolean; at: string }[];
  notes: Note[];
}

interface Tree {
  teamSize: number;
  directCount: number;
  teamBalance: string;
  members: {
    account: string;
    kind: string;
    status: string;
    balance: string;
    teamSize: number;
    createdAt: string;
  }[];
}

const playerPath = (account: string) => pathOf({ kind: 'section', section: 'players', player: account });
const searchPath = () => `${pathOf({ kind: 'section', section: 'players' })}${lastSearch}`;
/** The search a player page goes back to (`?q=…`), kept while the console is open. */
let lastSearch = '';

/** A link inside the console's own router; `tab` opens the player page at that tab. */
function PlayerLink({ account, tab }: { account: string; tab?: Tab }) {
  const href = `${playerPath(account)}${tab ? `?tab=${tab}` : ''}`;
  return (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      {account}
    </a>
  );
}

/** The players section: the search, or one member's page. */
export function PlayersSection({ account }: { account?: string | undefined }) {
  return account ? <PlayerView key={account} account={account} /> : <PlayerSearch />;
}

function PlayerSearch() {
  const t = useTexts();
  const p = t.players;
  const [q, setQ] = useState(() => new URLSearchParams(window.location.search).get('q') ?? '');
  const [query, setQuery] = useState(q.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = q.trim();
    lastSearch = next ? `?q=${encodeURIComponent(next)}` : '';
    window.history.replaceState(null, '', `${window.location.pathname}${lastSearch}`);
    setQuery(next);
  };
  return (
    <section aria-labelledby="players-title">
      <div className="c-bar">
        <h1 id="players-title">{p.title}</h1>
      </div>
      <search>
        <form className="c-form c-search" onSubmit={submit}>
          <Field
            label={p.search}
            hint={p.searchHint}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            maxLength={128}
          />
          <button type="submit" className="c-button">
            {p.find}
          </button>
        </form>
      </search>
      {query ? <SearchResults q={query} /> : <PendingVerifications />}
    </section>
  );
}

/** Identity documents waiting for review, oldest first: each opens the member's Verification tab. */
function PendingVerifications() {
  const t = useTexts();
  const k = t.players.kyc;
  const list = useCommand<{ submissions: KycSubmission[] }>({
    command: 'kyc',
    action: 'list',
    status: 'pending',
  });
  const items = list.data ? [...list.data.submissions].reverse() : null;
  return (
    <section aria-labelledby="kyc-queue-title">
      <h2 className="c-h2" id="kyc-queue-title">
        {k.queue}
      </h2>
      <ErrorBanner error={list.error} />
      {items && items.length === 0 ? <p>{k.queueEmpty}</p> : null}
      <DataTable
        items={items}
        loading={list.loading}
        rowKey={(s) => String(s.id)}
        columns={[
          { label: t.players.account, cell: (s) => <PlayerLink account={s.account} tab="verification" /> },
          { label: k.type, cell: (s) => k.idTypes[s.idType] ?? s.idType },
          { label: k.sent, cell: (s) => formatTime(s.submittedAt, t.lang) },
        ]}
      />
    </section>
  );
}

function SearchResults({ q }: { q: string }) {
  const t = useTexts();
  const p = t.players;
  const hits = useCommand<Hit[]>({ command: 'player', action: 'search', q, limit: 50 });
  return (
    <section aria-label={p.results}>
      <ErrorBanner error={hits.error} />
      <DataTable
        items={hits.data}
        loading={hits.loading}
        rowKey={(h) => h.id}
        columns={[
          { label: p.account, cell: (h) => <PlayerLink account={h.account} /> },
          { label: p.kind, cell: (h) => p.kinds[h.kind] ?? h.kind },
          { label: p.status, cell: (h) => <StatusTag status={h.status} /> },
          { label: p.created, cell: (h) => formatTime(h.createdAt, t.lang) },
          { label: p.lastSignIn, cell: (h) => formatTime(h.lastSignInAt, t.lang) },
          { label: p.mainBalance, cell: (h) => <span className="c-num">{h.mainBalance}</span> },
        ]}
      />
    </section>
  );
}

function StatusTag({ status }: { status: string }) {
  const t = useTexts();
  return (
    <span className={status === 'active' ? 'c-tag' : 'c-tag c-tag-danger'}>
      {t.players.statuses[status] ?? status}
    </span>
  );
}

const TABS = [
  'profile',
  'balances',
  'ledger',
  'deposits',
  'withdrawals',
  'rounds',
  'sessions',
  'messages',
  'notes',
  'vip',
  'bonuses',
  'referrals',
  'rewards',
  'points',
  'verification',
  'downline',
] as const;
type Tab = (typeof TABS)[number];

function PlayerView({ account }: { account: string }) {
  const t = useTexts();
  const p = t.players;
  const page = useCommand<PlayerPage>({ command: 'player', action: 'show', account });
  const [tab, setTab] = useState<Tab>(() => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    return TABS.find((k) => k === asked) ?? 'profile';
  });
  const data = page.data;
  const tabs = TABS.filter((k) => k !== 'downline' || data?.profile.kind === 'agent');
  return (
    <section aria-labelledby="player-title">
      <p>
        <a
          href={searchPath()}
          onClick={(e) => {
            e.preventDefault();
            navigate(searchPath());
          }}
        >
          ← {p.back}
        </a>
      </p>
      <div className="c-bar">
        <h1 id="player-title">
          {data?.profile.account ?? account}
          {data ? (
            <span className="c-sub">
              {' '}
              · {p.kinds[data.profile.kind] ?? data.profile.kind} · #{data.profile.id}
            </span>
          ) : null}
        </h1>
        {data ? <StatusTag status={data.status.status} /> : null}
        <button type="button" className="c-button c-button-quiet" onClick={page.reload}>
          {t.refresh}
        </button>
      </div>
      <ErrorBanner error={page.error} />
      {data?.status.locked ? (
        <div className="c-banner c-banner-error">
          {fill(p.locked, { by: data.status.lockedBy ?? '—', reason: data.status.lockReason ?? '—' })}
        </div>
      ) : null}
      {!data ? (
        page.loading ? (
          <p>{t.loading}</p>
        ) : null
      ) : (
        <div className="c-player">
          <div className="c-player-records">
            <div className="c-tabs" role="tablist" aria-label={p.tabsLabel}>
              {tabs.map((k) => (
                <button
                  key={k}
                  type="button"
                  role="tab"
                  id={`tab-${k}`}
                  aria-selected={tab === k}
                  aria-controls={`panel-${k}`}
                  tabIndex={tab === k ? 0 : -1}
                  className="c-tab"
                  onClick={() => setTab(k)}
                  onKeyDown={(e) => {
                    const i = tabs.indexOf(k);
                    const next =
                      e.key === 'ArrowRight'
                        ? tabs[(i + 1) % tabs.length]
                        : e.key === 'ArrowLeft'
                          ? tabs[(i - 1 + tabs.length) % tabs.length]
                          : null;
                    if (next) {
                      setTab(next);
                      document.getElementById(`tab-${next}`)?.focus();
                    }
                  }}
                >
                  {p.tabs[k]}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="c-panel">
              <Panel tab={tab} page={data} />
            </div>
          </div>
          <PlayerActions page={data} onDone={page.reload} />
        </div>
      )}
    </section>
  );
}

function Panel({ tab, page }: { tab: Tab; page: PlayerPage }) {
  const t = useTexts();
  const p = t.players;
  const when = (iso: string | null) => formatTime(iso, t.lang);
  const num = (v: string) => <span className="c-num">{v}</span>;
  switch (tab) {
    case 'profile':
      return <Profile page={page} />;
    case 'balances':
      return (
        <DataTable
          items={page.balances}
          loading={false}
          rowKey={(b) => b.wallet}
          columns={[
            { label: p.wallet, cell: (b) => b.wallet },
            { label: p.balance, cell: (b) => num(b.balance) },
          ]}
        />
      );
    case 'ledger':
      return (
        <DataTable
          items={page.ledger}
          loading={false}
          rowKey={(e) => `${e.transferId}-${e.wallet}`}
          columns={[
            { label: p.when, cell: (e) => when(e.at) },
            { label: p.type, cell: (e) => e.type },
            { label: p.wallet, cell: (e) => e.wallet },
            { label: p.amount, cell: (e) => num(e.amount) },
            { label: p.balanceAfter, cell: (e) => num(e.balanceAfter) },
            { label: p.memo, cell: (e) => e.memo ?? '' },
            { label: p.by, cell: (e) => e.by },
          ]}
        />
      );
    case 'deposits':
      return (
        <DataTable
          items={page.deposits}
          loading={false}
          rowKey={(d) => d.orderNo}
          columns={[
            { label: p.order, cell: (d) => d.orderNo },
            { label: p.type, cell: (d) => `${d.type} · ${d.channel}` },
            { label: p.amount, cell: (d) => num(d.amount) },
            { label: p.status, cell: (d) => t.statuses[d.status] ?? d.status },
            { label: p.when, cell: (d) => when(d.createdAt) },
          ]}
        />
      );
    case 'withdrawals':
      return (
        <DataTable
          items={page.withdrawals}
          loading={false}
          rowKey={(w) => w.orderNo}
          columns={[
            { label: p.order, cell: (w) => w.orderNo },
            { label: p.payTo, cell: (w) => w.payTo },
            { label: p.amount, cell: (w) => num(w.amount) },
            { label: p.status, cell: (w) => t.statuses[w.status] ?? w.status },
            { label: p.when, cell: (w) => when(w.createdAt) },
          ]}
        />
      );
    case 'rounds':
      return (
        <DataTable
          items={page.rounds}
          loading={false}
          rowKey={(r) => `${r.vendor}-${r.roundId}`}
          columns={[
            { label: p.when, cell: (r) => when(r.openedAt) },
            { label: p.vendor, cell: (r) => r.vendor },
            { label: p.game, cell: (r) => r.game },
            { label: p.round, cell: (r) => r.roundId },
            { label: p.stake, cell: (r) => num(r.stake) },
            { label: p.payout, cell: (r) => num(r.payout) },
            { label: p.state, cell: (r) => `${r.state}${r.mode === 'play' ? ' · play' : ''}` },
          ]}
        />
      );
    case 'sessions':
      return (
        <>
          <h2 className="c-h2">{p.activeSessions}</h2>
          <DataTable
            items={page.sessions}
            loading={false}
            rowKey={(s) => s.id}
            columns={[
              { label: p.created, cell: (s) => when(s.createdAt) },
              { label: p.lastSeen, cell: (s) => when(s.lastSeenAt) },
              { label: p.ip, cell: (s) => s.ip ?? '—' },
              { label: p.place, cell: (s) => s.place ?? '—' },
              { label: p.device, cell: (s) => <span className="c-device">{s.device ?? '—'}</span> },
            ]}
          />
          <h2 className="c-h2">{p.signIns}</h2>
          <DataTable
            items={page.signIns}
            loading={false}
            rowKey={(s) => `${s.at}-${s.ip}-${s.method}`}
            columns={[
              { label: p.when, cell: (s) => when(s.at) },
              { label: p.result, cell: (s) => `${s.success ? p.ok : p.failed} · ${s.method}` },
              { label: p.ip, cell: (s) => s.ip ?? '—' },
              { label: p.place, cell: (s) => s.place ?? '—' },
              { label: p.device, cell: (s) => <span className="c-device">{s.device ?? '—'}</span> },
            ]}
          />
        </>
      );
    case 'messages':
      return (
        <DataTable
          items={page.messages}
          loading={false}
          rowKey={(m) => m.id}
          columns={[
            { label: p.when, cell: (m) => when(m.at) },
            { label: p.messageTitle, cell: (m) => m.title },
            { label: p.messageText, cell: (m) => m.body },
            { label: p.by, cell: (m) => m.sentBy },
            { label: p.read, cell: (m) => (m.read ? p.yes : p.no) },
          ]}
        />
      );
    case 'notes':
      return <Notes notes={page.notes} />;
    case 'vip':
      return <Vip account={page.profile.account} />;
    case 'bonuses':
      return <Bonuses account={page.profile.account} />;
    case 'referrals':
      return <PlayerReferrals account={page.profile.account} />;
    case 'rewards':
      return <PlayerRewards account={page.profile.account} />;
    case 'points':
      return <Points account={page.profile.account} />;
    case 'verification':
      return <Verification account={page.profile.account} />;
    case 'downline':
      return <Downline account={page.profile.account} />;
  }
}

interface VipStanding {
  level: number;
  name: string;
  rebate: { open: { category: string; validBet: string; amount: string }[]; carried: string; claims: number };
  changes: {
    from: number;
    to: number;
    reason: string;
    actor: string | null;
    note: string | null;
    at: string;
  }[];
}

/** The member's VIP level, its changes (who and why) and the rebate accrued and not yet claimed. */
function Vip({ account }: { account: string }) {
  const t = useTexts();
  const p = t.players;
  const vip = useCommand<VipStanding>({ command: 'vip', action: 'show', account });
  const v = vip.data;
  return (
    <>
      <ErrorBanner error={vip.error} />
      {v ? <p>{fill(p.vipNow, { name: v.name, level: v.level, carried: v.rebate.carried })}</p> : null}
      <h2 className="c-h2">{p.vipRebate}</h2>
      <DataTable
        items={v?.rebate.open ?? null}
        loading={vip.loading}
        rowKey={(r) => r.category}
        columns={[
          { label: p.vipCategory, cell: (r) => r.category },
          { label: p.vipValidBet, cell: (r) => <span className="c-num">{r.validBet}</span> },
          { label: p.vipAmount, cell: (r) => <span className="c-num">{r.amount}</span> },
        ]}
      />
      <h2 className="c-h2">{p.vipChanges}</h2>
      <DataTable
        items={v?.changes ?? null}
        loading={vip.loading}
        rowKey={(c) => `${c.at}-${c.to}`}
        columns={[
          { label: p.when, cell: (c) => formatTime(c.at, t.lang) },
          { label: p.vipChange, cell: (c) => `${c.from} → ${c.to}` },
          { label: p.vipWhy, cell: (c) => [c.reason, c.note].filter(Boolean).join(': ') },
          { label: p.by, cell: (c) => c.actor ?? '—' },
        ]}
      />
    </>
  );
}

interface BonusRequirement {
  id: number;
  source: string;
  name: string;
  bonus: string;
  required: string;
  done: string;
  remaining: string;
  status: 'open' | 'completed' | 'forfeited' | 'expired';
  grantedAt: number;
  expiresAt: number;
}

/**
 * The member's bonuses with their turnover requirements (`bonus show`), and forfeiting an open one
 * on the member's behalf with a reason (`bonus forfeit`, players.write, audited by the server).
 */
function Bonuses({ account }: { account: string }) {
  const t = useTexts();
  const p = t.players;
  const session = useSession();
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const bonuses = useCommand<{ bonuses: { remaining: string; open: number; list: BonusRequirement[] } }>({
    command: 'bonus',
    action: 'show',
    account,
  });
  const b = bonuses.data?.bonuses;
  return (
    <>
      <ErrorBanner error={bonuses.error ?? action.error} />
      <Notice text={done} />
      {b ? <p>{fill(p.bonusNow, { open: b.open, remaining: b.remaining })}</p> : null}
      <DataTable
        items={b?.list ?? null}
        loading={bonuses.loading}
        rowKey={(r) => String(r.id)}
        columns={[
          { label: p.bonusId, cell: (r) => r.id },
          { label: p.bonusName, cell: (r) => `${p.bonusSources[r.source] ?? r.source}: ${r.name}` },
          { label: p.bonusAmount, cell: (r) => <span className="c-num">{r.bonus}</span> },
          {
            label: p.bonusTurnover,
            cell: (r) => <span className="c-num">{`${r.done} / ${r.required}`}</span>,
          },
          { label: p.bonusStatus, cell: (r) => p.bonusStatuses[r.status] ?? r.status },
          { label: p.bonusExpires, cell: (r) => formatTime(new Date(r.expiresAt).toISOString(), t.lang) },
        ]}
      />
      {session.can('players.write') && b && b.open > 0 ? (
        <ActionForm
          title={p.bonusForfeit}
          fields={[
            { name: 'id', label: p.bonusId, hint: p.bonusForfeitHint },
            { name: 'reason', label: p.reason },
          ]}
          submit={p.bonusForfeit}
          danger
          confirm={({ id }) => fill(p.bonusForfeitConfirm, { id: id ?? '', account })}
          busy={action.busy}
          run={async ({ id, reason }) => {
            setDone(null);
            const r = await action.run({
              command: 'bonus',
              action: 'forfeit',
              account,
              id: Number(id),
              reason,
            });
            if (r === null) return false;
            setDone(fill(p.bonusForfeited, { id: id ?? '' }));
            bonuses.reload();
            return true;
          }}
        />
      ) : null}
    </>
  );
}

interface PointsStanding {
  points: string;
  details: { kind: string; change: string; balance: string; remark: string | null; at: string }[];
  redemptions: {
    ref: string;
    item: string;
    quantity: number;
    points: string;
    amount: string;
    status: string;
    at: string;
  }[];
}

/** The member's points (`points show`): the balance, the latest movements and redemptions. */
function Points({ account }: { account: string }) {
  const t = useTexts();
  const p = t.players;
  const points = useCommand<PointsStanding>({ command: 'points', action: 'show', account });
  const v = points.data;
  return (
    <>
      <ErrorBanner error={points.error} />
      {v ? <p>{fill(p.pointsNow, { points: v.points })}</p> : null}
      <h2 className="c-h2">{p.pointsDetails}</h2>
      <DataTable
        items={v?.details ?? null}
        loading={points.loading}
        rowKey={(d) => `${d.at}-${d.kind}-${d.balance}`}
        columns={[
          { label: p.when, cell: (d) => formatTime(d.at, t.lang) },
          { label: p.pointsKind, cell: (d) => d.kind },
          { label: p.pointsChange, cell: (d) => <span className="c-num">{d.change}</span> },
          { label: p.pointsBalance, cell: (d) => <span className="c-num">{d.balance}</span> },
          { label: p.pointsRemark, cell: (d) => d.remark ?? '—' },
        ]}
      />
      <h2 className="c-h2">{p.pointsRedemptions}</h2>
      <RedemptionTable rows={v?.redemptions ?? null} loading={points.loading} />
    </>
  );
}

/** Points mall redemptions: reference, item, quantity, points and money, status, time. */
export function RedemptionTable({
  rows,
  loading,
  extra = [],
}: {
  rows: PointsStanding['redemptions'] | null;
  loading: boolean;
  extra?: { label: string; cell: (r: PointsStanding['redemptions'][number]) => ReactNode }[];
}) {
  const t = useTexts();
  const p = t.players;
  return (
    <DataTable
      items={rows}
      loading={loading}
      rowKey={(r) => r.ref}
      columns={[
        { label: p.pointsRef, cell: (r) => r.ref },
        { label: p.pointsItem, cell: (r) => `${r.item} × ${r.quantity}` },
        { label: p.pointsCost, cell: (r) => <span className="c-num">{`${r.points} + ${r.amount}`}</span> },
        { label: p.bonusStatus, cell: (r) => p.pointsStatuses[r.status] ?? r.status },
        { label: p.when, cell: (r) => formatTime(r.at, t.lang) },
        ...extra,
      ]}
    />
  );
}

interface KycSubmission {
  id: number;
  account: string;
  idType: string;
  status: 'pending' | 'verified' | 'rejected';
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  submittedAt: string;
}

/**
 * The member's identity verifications (docs/kyc.md): every submission, its photos on request (each
 * look is audited), and for the one waiting, verify or reject with the reason the member reads.
 */
function Verification({ account }: { account: string }) {
  const t = useTexts();
  const k = t.players.kyc;
  const session = useSession();
  const list = useCommand<{ submissions: KycSubmission[] }>({ command: 'kyc', action: 'list', account });
  const photo = useAction();
  const decide = useAction();
  const [photos, setPhotos] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const items = list.data?.submissions ?? null;
  const pending = items?.find((s) => s.status === 'pending');
  const show = async (id: number, side: 'identity' | 'address') => {
    const r = await photo.run<{ dataUrl: string }>({ command: 'kyc', action: 'document', id, side });
    if (r) setPhotos((p) => ({ ...p, [`${id}:${side}`]: r.dataUrl }));
  };
  const run = async (args: Record<string, unknown>, message: string) => {
    setDone(null);
    if (!(await decide.run(args))) return false;
    setDone(message);
    list.reload();
    return true;
  };
  return (
    <>
      <ErrorBanner error={list.error ?? photo.error ?? decide.error} />
      <Notice text={done} />
      {items && items.length === 0 ? <p>{k.none}</p> : null}
      <DataTable
        items={items}
        loading={list.loading}
        rowKey={(s) => String(s.id)}
        columns={[
          { label: k.id, cell: (s) => `#${s.id}` },
          { label: k.type, cell: (s) => k.idTypes[s.idType] ?? s.idType },
          { label: k.status, cell: (s) => k.statuses[s.status] ?? s.status },
          { label: k.sent, cell: (s) => formatTime(s.submittedAt, t.lang) },
          {
            label: k.decided,
            cell: (s) =>
              s.reviewedAt ? `${formatTime(s.reviewedAt, t.lang)} · ${s.reviewedBy ?? '—'}` : '—',
          },
          { label: k.reason, cell: (s) => s.reason ?? '—' },
          {
            label: k.identity,
            cell: (s) => (
              <span className="c-inline-actions">
                {(['identity', 'address'] as const).map((side) => (
                  <button
                    key={side}
                    type="button"
                    className="c-button c-button-quiet"
                    disabled={photo.busy}
                    onClick={() => void show(s.id, side)}
                  >
                    {fill(k.show, { side: k[side] })}
                  </button>
                ))}
              </span>
            ),
          },
        ]}
      />
      <div className="c-photos">
        {Object.entries(photos).map(([key, url]) => {
          const [id, side] = key.split(':') as [string, 'identity' | 'address'];
          return (
            <figure key={key} className="c-photo">
              <img src={url} alt={fill(k.photoAlt, { id, side: k[side] })} />
              <figcaption>{fill(k.photoAlt, { id, side: k[side] })}</figcaption>
            </figure>
          );
        })}
      </div>
      {pending && session.can('players.write') ? (
        <div className="c-actions">
          <ActionForm
            title={k.approve}
            fields={[]}
            submit={k.approve}
            confirm={() => fill(k.approveConfirm, { account, id: pending.id })}
            busy={decide.busy}
            run={() =>
              run({ command: 'kyc', action: 'approve', id: pending.id }, fill(k.approved, { account }))
            }
          />
          <ActionForm
            title={k.reject}
            fields={[{ name: 'reason', label: k.rejectReason, long: true }]}
            submit={k.reject}
            danger
            busy={decide.busy}
            run={({ reason }) =>
              run({ command: 'kyc', action: 'reject', id: pending.id, reason }, fill(k.rejected, { account }))
            }
          />
        </div>
      ) : null}
    </>
  );
}

function Profile({ page }: { page: PlayerPage }) {
  const t = useTexts();
  const p = t.players;
  const f = p.profile;
  const pr = page.profile;
  const rows: [string, ReactNode][] = [
    [f.id, pr.id],
    [f.userName, pr.userName],
    [f.nickname, pr.nickname],
    [f.realName, pr.realName],
    [f.mobile, pr.mobile],
    [f.email, pr.email],
    [p.kind, p.kinds[pr.kind] ?? pr.kind],
    [f.agentType, pr.agentType],
    [f.upline, pr.upline ? <PlayerLink key="upline" account={pr.upline} /> : null],
    [f.language, pr.language],
    [f.affiliateCode, pr.affiliateCode],
    [f.prizeGroup, pr.lotteryPrizeGroup],
    [p.created, formatTime(pr.createdAt, t.lang)],
    [f.firstLogin, formatTime(pr.firstLoginAt, t.lang)],
    [f.passwordChanged, formatTime(pr.passwordChangedAt, t.lang)],
    [f.twoFactor, page.status.twoFactor ? f.on : f.off],
    ...Object.entries(pr.fields).map(([k, v]): [string, ReactNode] => [k, v]),
  ];
  return (
    <dl className="c-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Notes({ notes }: { notes: Note[] }) {
  const t = useTexts();
  const p = t.players;
  return (
    <DataTable
      items={notes}
      loading={false}
      rowKey={(n) => n.id}
      columns={[
        { label: p.when, cell: (n) => formatTime(n.at, t.lang) },
        { label: p.type, cell: (n) => p.noteKinds[n.kind] ?? n.kind },
        { label: p.note, cell: (n) => <span className="c-note">{n.text}</span> },
        { label: p.author, cell: (n) => n.author },
      ]}
    />
  );
}

function Downline({ account }: { account: string }) {
  const t = useTexts();
  const p = t.players;
  const tree = useCommand<Tree>({ command: 'player', action: 'tree', account });
  return (
    <>
      <ErrorBanner error={tree.error} />
      {tree.data ? (
        <p>
          {fill(p.team, {
            size: tree.data.teamSize,
            direct: tree.data.directCount,
            balance: tree.data.teamBalance,
          })}
        </p>
      ) : null}
      <DataTable
        items={tree.data?.members ?? null}
        loading={tree.loading}
        rowKey={(m) => m.account}
        columns={[
          { label: p.account, cell: (m) => <PlayerLink account={m.account} /> },
          { label: p.kind, cell: (m) => p.kinds[m.kind] ?? m.kind },
          { label: p.status, cell: (m) => <StatusTag status={m.status} /> },
          { label: p.balance, cell: (m) => <span className="c-num">{m.balance}</span> },
          { label: p.teamSize, cell: (m) => m.teamSize },
          { label: p.created, cell: (m) => formatTime(m.createdAt, t.lang) },
        ]}
      />
    </>
  );
}

/** One action's small form: its fields, a confirmation when it is destructive, the call. */
export function ActionForm({
  title,
  fields,
  submit,
  danger = false,
  confirm,
  run,
  busy,
}: {
  title: string;
  fields: { name: string; label: string; hint?: string; long?: boolean }[];
  submit: string;
  danger?: boolean;
  confirm?: (values: Record<string, string>) => string;
  run: (values: Record<string, string>) => Promise<boolean>;
  busy: boolean;
}) {
  const t = useTexts();
  const empty = Object.fromEntries(fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [missing, setMissing] = useState<string[]>([]);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const gaps = fields.filter((f) => !trimmed[f.name]).map((f) => f.name);
    setMissing(gaps);
    if (gaps.length) return;
    if (confirm && !window.confirm(confirm(trimmed))) return;
    if (await run(trimmed)) setValues(empty);
  };
  return (
    <form className="c-action" onSubmit={onSubmit} aria-label={title} noValidate>
      <h3>{title}</h3>
      {fields.map((f) =>
        f.long ? (
          <TextAreaField
            key={f.name}
            label={f.label}
            value={values[f.name] ?? ''}
            error={missing.includes(f.name) ? t.players.needed : undefined}
            onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))}
          />
        ) : (
          <Field
            key={f.name}
            label={f.label}
            hint={f.hint}
            value={values[f.name] ?? ''}
            error={missing.includes(f.name) ? t.players.needed : undefined}
            onChange={(e) => setValues((s) => ({ ...s, [f.name]: e.target.value }))}
          />
        ),
      )}
      <button type="submit" className={danger ? 'c-button c-button-danger' : 'c-button'} disabled={busy}>
        {submit}
      </button>
    </form>
  );
}

function TextAreaField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="c-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The actions the operator's role allows on this member. */
function PlayerActions({ page, onDone }: { page: PlayerPage; onDone: () => void }) {
  const t = useTexts();
  const p = t.players;
  const session = useSession();
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [view, setView] = useState<{ url: string; seconds: number; minutes: number } | null>(null);
  const account = page.profile.account;
  const can = (perm: string) => session.can(perm);
  const act = async <T,>(args: Record<string, unknown>, message: (r: T) => string) => {
    setDone(null);
    const r = await action.run<T>(args);
    if (r === null) return false;
    setDone(message(r));
    onDone();
    return true;
  };
  const forms: ReactNode[] = [];
  if (can('players.write')) {
    const locking = !page.status.locked;
    forms.push(
      <ActionForm
        key={locking ? 'lock' : 'unlock'}
        title={locking ? p.lock : p.unlock}
        fields={[{ name: 'reason', label: p.reason }]}
        submit={locking ? p.lock : p.unlock}
        danger={locking}
        confirm={() => fill(locking ? p.confirmLock : p.confirmUnlock, { account })}
        busy={action.busy}
        run={({ reason }) =>
          act({ command: 'player', action: locking ? 'lock' : 'unlock', account, reason }, () =>
            fill(locking ? p.lockedDone : p.unlockedDone, { account }),
          )
        }
      />,
      <ActionForm
        key="end"
        title={p.endSessions}
        fields={[]}
        submit={p.endSessions}
        danger
        confirm={() => fill(p.confirmEnd, { account })}
        busy={action.busy}
        run={() =>
          act<{ sessionsEnded: number }>({ command: 'player', action: 'end-sessions', account }, (r) =>
            fill(p.endedDone, { account, count: r.sessionsEnded }),
          )
        }
      />,
      <ActionForm
        key="reset"
        title={p.resetPassword}
        fields={[{ name: 'reason', label: p.reason }]}
        submit={p.resetPassword}
        danger
        confirm={() => fill(p.confirmReset, { account })}
        busy={action.busy}
        run={({ reason }) =>
          act({ command: 'reset-password', account, reason }, () => fill(p.resetDone, { account }))
        }
      />,
    );
  }
  if (can('players.write')) {
    forms.push(
      <ActionForm
        key="vip"
        title={p.vipSet}
        fields={[
          { name: 'level', label: p.vipLevel, hint: p.vipLevelHint },
          { name: 'reason', label: p.reason },
        ]}
        submit={p.vipSet}
        confirm={({ level }) => fill(p.vipConfirm, { account, level: level ?? '' })}
        busy={action.busy}
        run={({ level, reason }) =>
          act<{ name: string }>(
            { command: 'vip', action: 'set', account, level: Number(level), reason },
            (r) => fill(p.vipDone, { account, name: r.name }),
          )
        }
      />,
    );
  }
  if (can('players.view') && !page.status.locked) {
    forms.push(
      <ActionForm
        key="view-as"
        title={p.viewAs}
        fields={[{ name: 'reason', label: p.reason }]}
        submit={p.viewAs}
        busy={action.busy}
        run={async ({ reason }) => {
          setView(null);
          return act<{ url: string; expiresInSeconds: number; viewMinutes: number }>(
            { command: 'player', action: 'view-as', account, reason },
            (r) => {
              setView({ url: r.url, seconds: r.expiresInSeconds, minutes: r.viewMinutes });
              return fill(p.viewAsDone, { account });
            },
          );
        }}
      />,
    );
  }
  if (can('money.adjust')) {
    forms.push(
      <ActionForm
        key="adjust"
        title={p.adjust}
        fields={[
          { name: 'amount', label: p.adjustAmount, hint: p.adjustHint },
          { name: 'reason', label: p.reason },
        ]}
        submit={p.adjust}
        confirm={({ amount }) => fill(p.confirmAdjust, { account, amount: amount ?? '' })}
        busy={action.busy}
        run={({ amount, reason }) =>
          act<{ balanceAfter?: string; pendingApproval?: { id: number; amount: string } }>(
            { command: 'adjust', account, amount, reason },
            (r) =>
              r.pendingApproval
                ? fill(p.adjustPending, { id: r.pendingApproval.id, amount: r.pendingApproval.amount })
                : fill(p.adjustDone, { amount: amount ?? '', balance: r.balanceAfter ?? '' }),
          )
        }
      />,
    );
  }
  if (can('messages.write')) {
    forms.push(
      <ActionForm
        key="message"
        title={p.sendMessage}
        fields={[
          { name: 'title', label: p.messageTitle },
          { name: 'text', label: p.messageText, long: true },
        ]}
        submit={p.sendMessage}
        busy={action.busy}
        run={({ title, text }) =>
          act({ command: 'message-send', account, title, text }, () => fill(p.messageDone, { account }))
        }
      />,
    );
  }
  if (can('players.write')) {
    forms.push(
      <ActionForm
        key="note"
        title={p.addNote}
        fields={[{ name: 'text', label: p.note, long: true }]}
        submit={p.addNote}
        busy={action.busy}
        run={({ text }) => act({ command: 'player', action: 'note', account, text }, () => p.noteDone)}
      />,
    );
  }
  if (!forms.length) return null;
  return (
    <aside className="c-player-actions" aria-labelledby="player-actions-title">
      <h2 id="player-actions-title" className="c-h2">
        {p.actions}
      </h2>
      <ErrorBanner error={action.error} />
      <Notice text={done} />
      {view ? (
        <p className="c-banner">
          <a href={view.url} target="_blank" rel="noopener noreferrer">
            {p.viewAsOpen}
          </a>{' '}
          {fill(p.viewAsHint, { seconds: view.seconds, minutes: view.minutes })}
        </p>
      ) : null}
      {forms}
    </aside>
  );
}
