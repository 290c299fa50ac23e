import type { RouteValue } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui';
import { TextField } from '../../components/ui/form';
import { useAgentTexts } from '../../lib/agent/texts';
import { formatDate, formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { Notice, SelectField } from '../../lib/money/fields';
import shared from '../../lib/money/money.module.css';
import { PagedResults } from '../../lib/paging/paged-results';
import { useBrand, useFeature } from '../../lib/site';
import styles from './agent-centre.module.css';
import { TEAM_PAGE_SIZE, type TeamFilters, useTeamMembers } from './api/team';
import { DownlineActionsPanel } from './downline-actions-panel';

type Row = RouteValue<'teamMembers'>['content'][number];
type Draft = {
  account: string;
  level: string;
  type: '' | 'agent' | 'player';
  balanceMin: string;
  balanceMax: string;
  lastLoginFrom: string;
  lastLoginTo: string;
  registeredFrom: string;
  registeredTo: string;
};
const EMPTY: Draft = {
  account: '',
  level: '',
  type: '',
  balanceMin: '',
  balanceMax: '',
  lastLoginFrom: '',
  lastLoginTo: '',
  registeredFrom: '',
  registeredTo: '',
};
const LEVELS = ['1', '2', '3', '4', '5'] as const;
const DAY_MS = 86_400_000;

/** A date field's day (local) as epoch ms: its start, or its last millisecond for an "until". */
const dayMs = (date: string, end: boolean) => {
  if (!date) return undefined;
  const start = new Date(`${date}T00:00:00`).getTime();
  return Number.isNaN(start) ? undefined : end ? start + DAY_MS - 1 : start;
};

/** The filters as the call takes them; empty fields are left out. */
export function filtersOf(d: Draft): TeamFilters {
  const f: TeamFilters = {};
  if (d.account.trim()) f.account = d.account.trim();
  if (d.level) f.level = Number(d.level);
  if (d.type) f.type = d.type;
  if (d.balanceMin.trim()) f.balanceMin = d.balanceMin.trim();
  if (d.balanceMax.trim()) f.balanceMax = d.balanceMax.trim();
  const dates: [keyof TeamFilters, string, boolean][] = [
    ['lastLoginFrom', d.lastLoginFrom, false],
    ['lastLoginTo', d.lastLoginTo, true],
    ['registeredFrom', d.registeredFrom, false],
    ['registeredTo', d.registeredTo, true],
  ];
  for (const [key, value, end] of dates) {
    const ms = dayMs(value, end);
    if (ms !== undefined) (f as Record<string, unknown>)[key] = ms;
  }
  return f;
}

/**
 * downlineManagmentView (DOWNMAN): every downline of the agent (all levels), filtered by account,
 * level, type, balance, last sign-in and registration, with each one's team size and balance, and
 * the actions on one of them (downline-actions-panel.tsx). Contact details arrive masked.
 */
export default function DownlineManagementPage() {
  const { t } = useAgentTexts();
  if (!useFeature('DOWNMAN')) return <Notice>{t('tabs.off')}</Notice>;
  return <DownlineManagement />;
}

function DownlineManagement() {
  const { t } = useAgentTexts();
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<TeamFilters>({});
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState<Row | null>(null);
  const list = useTeamMembers(page, filters);
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilters(filtersOf(draft));
    setPage(1);
  };
  const date = (key: keyof Draft) => (
    <TextField
      name={key}
      type="date"
      label={t(`downlines.${key}` as 'downlines.lastLoginFrom')}
      value={draft[key]}
      onChange={set(key)}
    />
  );
  return (
    <div className={shared.page} data-agent-page="downlineManagmentView">
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t('downlines.title')}</h3>
        <form className={styles.filters} onSubmit={search} aria-labelledby={titleId}>
          <TextField
            name="account"
            label={t('downlines.account')}
            value={draft.account}
            onChange={set('account')}
            maxLength={32}
          />
          <SelectField
            name="level"
            label={t('downlines.level')}
            value={draft.level}
            onChange={set('level')}
            options={[
              { value: '', label: t('downlines.anyLevel') },
              ...LEVELS.map((l) => ({ value: l, label: t('downlines.levelN', { level: l }) })),
            ]}
          />
          <SelectField
            name="type"
            label={t('downlines.type')}
            value={draft.type}
            onChange={set('type')}
            options={[
              { value: '', label: t('downlines.anyType') },
              { value: 'player', label: t('register.player') },
              { value: 'agent', label: t('register.agent') },
            ]}
          />
          <TextField
            name="balanceMin"
            label={t('downlines.balanceMin')}
            value={draft.balanceMin}
            onChange={set('balanceMin')}
            inputMode="decimal"
          />
          <TextField
            name="balanceMax"
            label={t('downlines.balanceMax')}
            value={draft.balanceMax}
            onChange={set('balanceMax')}
            inputMode="decimal"
          />
          {date('lastLoginFrom')}
          {date('lastLoginTo')}
          {date('registeredFrom')}
          {date('registeredTo')}
          <Button type="submit">{t('downlines.search')}</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setDraft(EMPTY);
              setFilters({});
              setPage(1);
            }}
          >
            {t('downlines.reset')}
          </Button>
        </form>
      </section>
      <PagedResults
        query={list}
        active
        pageSize={TEAM_PAGE_SIZE}
        onPage={setPage}
        label={t('downlines.title')}
        texts={{
          summary: ({ total }) => t('downlines.total', { count: total }),
          loading: t('downlines.loading'),
          emptyTitle: t('downlines.none'),
          emptyText: '',
          pages: t('downlines.title'),
        }}
      >
        {(rows) => <Table rows={rows} onManage={setManaging} />}
      </PagedResults>
      {managing ? (
        <DownlineActionsPanel key={managing.id} row={managing} onClose={() => setManaging(null)} />
      ) : null}
    </div>
  );
}

function Table({ rows, onManage }: { rows: Row[]; onManage: (row: Row) => void }) {
  const { t } = useAgentTexts();
  const brand = useBrand();
  const money = (v: string) => formatWireMoney(v, brand.currencySymbol);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('downlines.account')}</th>
            <th scope="col">{t('downlines.level')}</th>
            <th scope="col">{t('downlines.type')}</th>
            <th scope="col">{t('downlines.upline')}</th>
            <th scope="col">{t('downlines.balance')}</th>
            <th scope="col">{t('downlines.teamSize')}</th>
            <th scope="col">{t('downlines.teamBalance')}</th>
            <th scope="col">{t('downlines.lastLogin')}</th>
            <th scope="col">{t('downlines.registered')}</th>
            <th scope="col">{t('downlines.contact')}</th>
            <th scope="col">{t('actions.title')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-downline={r.account}>
              <th scope="row">
                {r.account}
                {r.nickname ? ` (${r.nickname})` : ''}
              </th>
              <td className={styles.num}>{r.level}</td>
              <td>{t(`register.${r.type}`)}</td>
              <td>{r.upline}</td>
              <td className={styles.num}>{money(r.balance)}</td>
              <td className={styles.num}>{r.teamSize}</td>
              <td className={styles.num}>{money(r.teamBalance)}</td>
              <td>{r.lastLoginAt === null ? t('downlines.neverSignedIn') : formatDateTime(r.lastLoginAt)}</td>
              <td>{formatDate(r.regDate)}</td>
              <td>{[r.mobile, r.email, r.realName].filter(Boolean).join(' · ')}</td>
              <td>
                <Button type="button" variant="secondary" onClick={() => onManage(r)}>
                  {t('actions.open', { account: r.account })}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
