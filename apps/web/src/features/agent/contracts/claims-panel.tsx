import type { SalaryClaim } from '@aurum/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { FormFailure } from '../../../components/ui/form';
import { useAgentTexts } from '../../../lib/agent/texts';
import { formatDateTime } from '../../../lib/format/date';
import { formatWireMoney } from '../../../lib/format/money';
import { Notice } from '../../../lib/money/fields';
import shared from '../../../lib/money/money.module.css';
import { useFundsTexts } from '../../../lib/money/texts';
import { PagedResults } from '../../../lib/paging/paged-results';
import { useBrand } from '../../../lib/site';
import styles from '../agent-centre.module.css';
import { BILLS_PAGE_SIZE, useClaimSalary, useSalaryClaims } from '../api/contracts';
import { contractErrorText } from './errors';

/**
 * DAYSALMR, the daily salary claimed by hand: my settled daily salaries, each claimable until its
 * claim time ends, claimed, rejected by the operator (with the reason) or expired. Claiming one
 * pays it into my main wallet. Shown only while the merchant's DAYSALMR key is on.
 */
export function ClaimsPanel() {
  const { t } = useAgentTexts();
  const { t: tf } = useFundsTexts();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const brand = useBrand();
  const [page, setPage] = useState(1);
  const query = useSalaryClaims(page);
  const claim = useClaimSalary();
  const [done, setDone] = useState<string | null>(null);
  const money = (v: string) => formatWireMoney(v, brand.currencySymbol);
  const run = async (c: SalaryClaim) => {
    setDone(null);
    const value = await claim.mutateAsync({ id: c.id }).catch(() => null);
    if (value) setDone(t('contracts.claims.done', { amount: money(value.amount) }));
  };
  return (
    <section className={shared.section} aria-labelledby={titleId} data-salary-claims="true">
      <h3 id={titleId}>{t('contracts.claims.title')}</h3>
      <p>{t('contracts.claims.lead')}</p>
      {done ? (
        <output aria-live="polite">
          <Notice>{done}</Notice>
        </output>
      ) : null}
      {claim.isError ? <FormFailure>{contractErrorText(t, tf, tc, claim.error)}</FormFailure> : null}
      <PagedResults
        query={query}
        active
        as="div"
        pageSize={BILLS_PAGE_SIZE}
        onPage={setPage}
        texts={{
          summary: ({ total }) => t('reports.total', { count: total }),
          loading: t('contracts.claims.loading'),
          emptyTitle: t('contracts.claims.none'),
          emptyText: '',
          pages: t('contracts.claims.title'),
        }}
      >
        {(rows) => (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too.
          <section className={styles.tableWrap} tabIndex={0} aria-label={t('contracts.claims.table')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {(['period', 'party', 'amount', 'state', 'until'] as const).map((c) => (
                    <th key={c} scope="col">
                      {t(`contracts.claims.columns.${c}`)}
                    </th>
                  ))}
                  <td />
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} data-claim={c.id} data-claim-state={c.state}>
                    <th scope="row">{c.period}</th>
                    <td>{c.upline ?? t('contracts.house')}</td>
                    <td className={styles.num} data-column="amount">
                      {money(c.amount)}
                    </td>
                    <td data-column="state">
                      <span>{t(`contracts.bills.states.${c.state}`)}</span>
                      {c.state === 'rejected' && c.reason ? (
                        <>
                          <br />
                          <span>{t('contracts.claims.reason', { reason: c.reason })}</span>
                        </>
                      ) : null}
                    </td>
                    <td>{formatDateTime(c.claimUntil)}</td>
                    <td>
                      {c.state === 'claimable' ? (
                        <Button
                          type="button"
                          disabled={claim.isPending}
                          aria-label={t('contracts.claims.claimLabel', {
                            amount: money(c.amount),
                            period: c.period,
                          })}
                          onClick={() => void run(c)}
                        >
                          {t('contracts.claims.claim')}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </PagedResults>
    </section>
  );
}
