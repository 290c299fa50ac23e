import type { GameType } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon, PageHeader, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { GAME_TYPES } from '../../lib/contract';
import { formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { useMissionsTexts } from '../../lib/missions/texts';
import { LoadFailure } from '../../lib/money/fields';
import { useBrand, useFeature } from '../../lib/site';
import styles from './loyalty.module.css';
import own from './missions.module.css';

/** The list shows the most the winners call gives. */
const LIMIT = 50;

/**
 * /winners, the winners list (spec §2 further screens): the latest wins of the week from the one
 * record of play (every vendor, lottery included), accounts masked by the server, by category.
 */
export default function WinnersListPage() {
  const { t } = useMissionsTexts();
  const { t: tc, i18n } = useTranslation();
  const brand = useBrand();
  const on = useFeature('GAMELO3');
  const selectId = useId();
  const [category, setCategory] = useState<'ALL' | GameType>('ALL');
  const winners = useQuery({
    queryKey: ['winners-list', category, i18n.language],
    queryFn: ({ signal }) =>
      apiCall('winners', { query: { gameCategory: category, limitNum: LIMIT }, signal }),
    enabled: on,
  });
  const list = winners.data?.list ?? [];
  return (
    <div className={`${styles.page} ${own.screen}`} data-page="winners">
      <PageHeader title={t('winners.title')} subtitle={t('winners.subtitle')} compact />
      {!on ? (
        <EmptyState headingLevel={2} icon="star" title={t('winners.title')} text={t('winners.empty')} />
      ) : (
        <section className={styles.card} aria-labelledby={`${selectId}-h`}>
          <h2 id={`${selectId}-h`} className={styles.heading}>
            {t('winners.title')}
          </h2>
          <div className={own.head}>
            <label className={own.field} htmlFor={selectId}>
              <span>{t('winners.category')}</span>
              <select
                id={selectId}
                className={own.select}
                value={category}
                onChange={(e) => setCategory(e.target.value as 'ALL' | GameType)}
                data-field="winners-category"
              >
                <option value="ALL">{t('winners.all')}</option>
                {GAME_TYPES.map((c) => (
                  <option key={c} value={c}>
                    {tc(`categories.${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void winners.refetch()}
              busy={winners.isFetching}
              disabled={winners.isFetching}
              data-action="refresh-winners-list"
            >
              <Icon name="refresh" size={16} />
              {t('winners.refresh')}
            </Button>
          </div>
          {winners.isError ? (
            <LoadFailure
              error={winners.error}
              onRetry={() => void winners.refetch()}
              busy={winners.isFetching}
            />
          ) : !winners.data ? (
            <Spinner label={t('winners.title')} />
          ) : list.length === 0 ? (
            <p className={styles.muted}>{t('winners.empty')}</p>
          ) : (
            <table className={own.table}>
              <thead>
                <tr>
                  <th scope="col">{t('winners.member')}</th>
                  <th scope="col">{t('winners.game')}</th>
                  <th scope="col" className={own.num}>
                    {t('winners.win')}
                  </th>
                  <th scope="col" className={own.wide}>
                    {t('winners.time')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map(({ vo }) => (
                  <tr key={`${vo.nodeId}-${vo.winTime}-${vo.account}`} data-winner={vo.account}>
                    <td>{vo.account}</td>
                    <td>{vo.gameName}</td>
                    <td className={own.num}>{formatWireMoney(vo.winAmount, brand.currencySymbol)}</td>
                    <td className={own.wide}>{formatDateTime(vo.winTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
