import type { ContractKind, ReportPreset } from '@aurum/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { FormFailure } from '../../../components/ui/form';
import { useAgentTexts } from '../../../lib/agent/texts';
import { formatDateTime } from '../../../lib/format/date';
import { formatWireMoney } from '../../../lib/format/money';
import { SelectField } from '../../../lib/money/fields';
import shared from '../../../lib/money/money.module.css';
import { PagedResults } from '../../../lib/paging/paged-results';
import { useBrand } from '../../../lib/site';
import styles from '../agent-centre.module.css';
import { BILLS_PAGE_SIZE, type BillFilters, useContractBills } from '../api/contracts';
import { ReportPeriodFields } from '../report-period-fields';
import { reportFilters } from '../team-reports-page';

type Role = '' | 'held' | 'offered';
interface Draft {
  preset: ReportPreset;
  from: string;
  to: string;
  role: Role;
}
const START: Draft = { preset: 'thisMonth', from: '', to: '', role: '' };

/**
 * The settlements (bills) of my contracts of a kind, those paid to me and those I pay: the
 * period, what the contract pays, what was paid and what is still owed, and the state. Bills are
 * found by the day they were made, in the merchant's business zone, with the reports' presets.
 */
export function BillsPanel({ kind }: { kind: ContractKind }) {
  const { t } = useAgentTexts();
  const titleId = useId();
  const brand = useBrand();
  const [draft, setDraft] = useState<Draft>(START);
  const [filters, setFilters] = useState<BillFilters>({ preset: START.preset });
  const [invalid, setInvalid] = useState(false);
  const [page, setPage] = useState(1);
  const query = useContractBills(kind, page, filters);
  const money = (v: string) => formatWireMoney(v, brand.currencySymbol);
  const search = (e: FormEvent) => {
    e.preventDefault();
    const range = reportFilters(
      'agentIncome',
      { preset: draft.preset, from: draft.from, to: draft.to, account: '', category: 'ALL', txType: '' },
      brand.businessUtcOffset ?? undefined,
    );
    setInvalid(range === null);
    if (!range) return;
    setFilters({ ...(range as BillFilters), ...(draft.role ? { role: draft.role } : {}) });
    setPage(1);
  };
  return (
    <>
      <section className={shared.section} aria-labelledby={titleId}>
        <h3 id={titleId}>{t('contracts.bills.title')}</h3>
        <form className={styles.filters} onSubmit={search} aria-labelledby={titleId}>
          <ReportPeriodFields value={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} />
          <SelectField
            name="role"
            label={t('contracts.bills.role')}
            value={draft.role}
            onChange={(v) => setDraft((d) => ({ ...d, role: v }))}
            options={[
              { value: '' as Role, label: t('contracts.bills.roles.all') },
              { value: 'held' as Role, label: t('contracts.bills.roles.held') },
              { value: 'offered' as Role, label: t('contracts.bills.roles.offered') },
            ]}
          />
          <Button type="submit">{t('reports.search')}</Button>
        </form>
        {invalid ? <FormFailure>{t('reports.customInvalid')}</FormFailure> : null}
      </section>
      <PagedResults
        query={query}
        active
        as="div"
        pageSize={BILLS_PAGE_SIZE}
        onPage={setPage}
        texts={{
          summary: ({ total }) => t('reports.total', { count: total }),
          loading: t('contracts.bills.loading'),
          emptyTitle: t('contracts.bills.none'),
          emptyText: '',
          pages: t('contracts.bills.title'),
        }}
      >
        {(rows) => (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too.
          <section className={styles.tableWrap} tabIndex={0} aria-label={t('contracts.bills.table')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {(['period', 'party', 'amount', 'paid', 'owed', 'state', 'made'] as const).map((c) => (
                    <th key={c} scope="col">
                      {t(`contracts.bills.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((b) => (
                  <tr key={b.id} data-bill={b.id} data-bill-state={b.state} data-role={b.role}>
                    <th scope="row">{b.period}</th>
                    <td>
                      {b.role === 'held'
                        ? t('contracts.bills.from', { account: b.upline ?? t('contracts.house') })
                        : t('contracts.bills.to', { account: b.downline })}
                    </td>
                    <td className={styles.num} data-column="amount">
                      {money(b.amount)}
                    </td>
                    <td className={styles.num} data-column="paid">
                      {money(b.paid)}
                    </td>
                    <td className={styles.num} data-column="owed">
                      {money(b.owed)}
                    </td>
                    <td data-column="state">{t(`contracts.bills.states.${b.state}`)}</td>
                    <td>{formatDateTime(b.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </PagedResults>
    </>
  );
}
