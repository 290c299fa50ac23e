import type { ContractKind, ContractTerms } from '@aurum/contract';
import { useAgentTexts } from '../../../lib/agent/texts';
import { formatWireMoney } from '../../../lib/format/money';
import { useBrand } from '../../../lib/site';
import styles from '../agent-centre.module.css';
import { TIER_FIGURES } from './tiers';

/** A contract's tiers: each tier's thresholds and what it pays (a per cent or a fixed amount). */
export function TierTable({
  kind,
  terms,
  caption,
}: {
  kind: ContractKind;
  terms: ContractTerms;
  caption: string;
}) {
  const { t } = useAgentTexts();
  const brand = useBrand();
  const figures = TIER_FIGURES.filter((f) => terms.tiers.some((tier) => tier.min[f] !== undefined));
  const money = (v: string | number) => formatWireMoney(String(v), brand.currencySymbol);
  const rate = (percent: string | undefined, fixed: string | undefined) =>
    percent !== undefined ? `${percent} %` : fixed !== undefined ? money(fixed) : '—';
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-tiers="">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contracts.tiers.tier')}</th>
            {figures.map((f) => (
              <th key={f} scope="col">
                {t(`contracts.figures.${f}`)}
              </th>
            ))}
            <th scope="col">
              {t(kind === 'realtime' ? 'contracts.tiers.lossRate' : 'contracts.tiers.rate')}
            </th>
            {kind === 'realtime' ? <th scope="col">{t('contracts.tiers.winRate')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {terms.tiers.map((tier, i) => (
            // Tiers have no id of their own; their order is their meaning.
            // biome-ignore lint/suspicious/noArrayIndexKey: the tier's number
            <tr key={i}>
              <th scope="row">{i + 1}</th>
              {figures.map((f) => (
                <td key={f} className={styles.num}>
                  {tier.min[f] === undefined
                    ? '—'
                    : f === 'active'
                      ? String(tier.min[f])
                      : money(tier.min[f]!)}
                </td>
              ))}
              <td className={styles.num}>{rate(tier.percent, tier.fixed)}</td>
              {kind === 'realtime' ? (
                <td className={styles.num}>{rate(tier.winPercent, undefined)}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {terms.period || terms.slot || terms.unit ? (
        <p className={styles.termsNote}>
          {[
            terms.period ? t(`contracts.periods.${terms.period}`) : null,
            terms.slot ? t(`contracts.slots.${terms.slot}`) : null,
            terms.unit ? t('contracts.unit', { amount: money(terms.unit) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
