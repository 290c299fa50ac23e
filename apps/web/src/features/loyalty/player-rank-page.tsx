import type { VipInfo } from '@aurum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Icon, Spinner } from '../../components/ui';
import { memberInfoKey, useMemberInfo } from '../../lib/account/member-info';
import { formatWireMoney } from '../../lib/format/money';
import { useLoyaltyTexts } from '../../lib/loyalty/texts';
import { useWalletBalance } from '../../lib/money/balance';
import { LoadFailure } from '../../lib/money/fields';
import { useVipInfo } from './api/vip-info';
import { shareOf } from './format';
import styles from './loyalty.module.css';

type Condition = VipInfo['progress'][number]['condition'];

/**
 * `playerRank`, the VIP bonus page (issue 16): the member's level, progress toward the next level
 * (actual against expected per condition, as bars), every level's conditions, bonus, rebate rates
 * and benefits, and the rules.
 */
export default function PlayerRankPage() {
  const { t } = useLoyaltyTexts();
  const vip = useVipInfo();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  useHeaderInStep(vip.data?.level);
  if (vip.isError)
    return <LoadFailure error={vip.error} onRetry={() => void vip.refetch()} busy={vip.isFetching} />;
  const info = vip.data;
  if (!info) return <Spinner label={t('rank.title')} />;
  const value = (condition: Condition, text: string) =>
    condition === 'depositCount' ? text : formatWireMoney(text, symbol);
  return (
    <div className={styles.page} data-page="playerRank">
      <section className={styles.card} aria-labelledby="vip-current">
        <h3 id="vip-current" className={styles.heading}>
          {t('rank.current')}
        </h3>
        <p className={styles.level} data-vip-level={info.level}>
          <Icon name="star" size={24} />
          {info.name}
        </p>
        {info.next ? <Progress info={info} value={value} /> : <p className={styles.muted}>{t('rank.top')}</p>}
      </section>
      <section className={styles.card} aria-labelledby="vip-levels">
        <h3 id="vip-levels" className={styles.heading}>
          {t('rank.levels')}
        </h3>
        <ol className={styles.levels}>
          {info.levels.map((l) => (
            <LevelCard
              key={l.level}
              level={l}
              current={l.level === info.level}
              value={value}
              symbol={symbol}
            />
          ))}
        </ol>
      </section>
      <section className={styles.card} aria-labelledby="vip-rules">
        <h3 id="vip-rules" className={styles.heading}>
          {t('rank.rules')}
        </h3>
        <ul className={styles.rules}>
          <li>{t(info.mode === 'AND' ? 'rank.all' : 'rank.any')}</li>
          <li>{t('rank.rule1')}</li>
          <li>{t('rank.rule2')}</li>
          <li>{t('rank.rule3')}</li>
          <li>{t('rank.rule4')}</li>
        </ul>
      </section>
    </div>
  );
}

/** The header's VIP label follows the level this page found (an upgrade made by reading it). */
function useHeaderInStep(level: number | undefined) {
  const queryClient = useQueryClient();
  const shown = useMemberInfo().data?.vipRankLevel;
  useEffect(() => {
    if (level !== undefined && shown !== undefined && level !== shown) {
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
    }
  }, [level, shown, queryClient]);
}

function Progress({ info, value }: { info: VipInfo; value: (condition: Condition, text: string) => string }) {
  const { t } = useLoyaltyTexts();
  const id = useId();
  return (
    <div className={styles.progress}>
      <h4 className={styles.subheading}>{t('rank.next', { name: info.next?.name ?? '' })}</h4>
      <p className={styles.muted}>{t(info.mode === 'AND' ? 'rank.all' : 'rank.any')}</p>
      <ul className={styles.bars}>
        {info.progress.map((c) => {
          const labelId = `${id}-${c.condition}`;
          const share = shareOf(c.actual, c.expected);
          return (
            <li key={c.condition} className={styles.bar} data-condition={c.condition} data-met={c.met}>
              <div className={styles.barText}>
                <span id={labelId}>{t(`conditions.${c.condition}`)}</span>
                <span className={styles.figures}>
                  {t('rank.progress', {
                    actual: value(c.condition, c.actual),
                    expected: value(c.condition, c.expected),
                  })}
                  {c.met ? <span className={styles.met}> · {t('rank.met')}</span> : null}
                </span>
              </div>
              <progress
                className={styles.meter}
                aria-labelledby={labelId}
                max={1000}
                value={Math.round(share * 1000)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function LevelCard({
  level,
  current,
  value,
  symbol,
}: {
  level: VipInfo['levels'][number];
  current: boolean;
  value: (condition: Condition, text: string) => string;
  symbol: string;
}) {
  const { t } = useLoyaltyTexts();
  const conditions = (list: VipInfo['levels'][number]['upgrade']) =>
    list.length === 0
      ? t('rank.none')
      : list.map((c) => `${t(`conditions.${c.condition}`)} ${value(c.condition, c.expected)}`).join(' · ');
  return (
    <li
      className={styles.levelCard}
      data-level={level.level}
      data-current={current}
      aria-current={current || undefined}
    >
      <div className={styles.levelHead}>
        <strong>{level.name}</strong>
        {current ? <span className={styles.badge}>{t('rank.yours')}</span> : null}
      </div>
      <dl className={styles.terms}>
        {level.level > 0 ? (
          <>
            <div>
              <dt>{t('rank.upgrade')}</dt>
              <dd>{conditions(level.upgrade)}</dd>
            </div>
            <div>
              <dt>{t('rank.keep')}</dt>
              <dd>{conditions(level.keep)}</dd>
            </div>
            <div>
              <dt>{t('rank.upgradeBonus')}</dt>
              <dd>{formatWireMoney(level.upgradeBonus, symbol)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('rank.rebates')}</dt>
          <dd>
            {level.rebateRates.length === 0
              ? t('rank.none')
              : level.rebateRates.map((r) => `${t(`categories.${r.category}`)} ${r.rate}%`).join(' · ')}
          </dd>
        </div>
        {level.benefits ? (
          <div>
            <dt>{t('rank.benefits')}</dt>
            <dd>{level.benefits}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
