import type { PromotionCard as Card } from '@aurum/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, PageHeader, Spinner, TabPanel, Tabs } from '../../components/ui';
import { useBanners } from '../../lib/content';
import { PageBanner } from '../../lib/content/page-banner';
import { usePromotionList, usePromotionsTexts } from '../../lib/promotions';
import { useSession } from '../../lib/session/session-store';
import styles from './promo-pages.module.css';
import { ApplicationModal } from './promotions/application-form';
import { LuckyWheelModal } from './promotions/lucky-wheel';
import { MyApplications } from './promotions/my-applications';
import { PromotionCard } from './promotions/promotion-card';
import { PromotionDetailView } from './promotions/promotion-detail';
import list from './promotions/promotions.module.css';
import { usePromotionButton } from './promotions/use-promotion-action';

const ALL = 'all';
const MINE = 'mine';
const TABS_ID = 'promotions';

/**
 * /promotions (spec §2, §4): category tabs, the promotions with the member's status and action,
 * the member's applications, and one promotion's detail at /promotions?id=… (deep-linkable).
 */
export default function PromotionsPage() {
  const { t } = usePromotionsTexts();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const [applying, setApplying] = useState<Card | null>(null);
  const [spin, setSpin] = useState<{ card: Card; amount: string } | null>(null);
  const { run, busyId } = usePromotionButton(setApplying, setSpin);
  const id = params.get('id');
  const tab = params.get('tab') ?? ALL;
  const hasBanner = useBanners('promotions').length > 0;

  return (
    <div className={styles.page} data-page="promotions">
      <PageBanner group="promotions" />
      {/* The banner already says where the visitor is: then the heading is for screen readers. */}
      {hasBanner ? (
        <h1 className="visually-hidden">{t('title')}</h1>
      ) : (
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
      )}
      {id ? (
        <PromotionDetailView id={id} busyId={busyId} onAction={run} />
      ) : (
        <PromotionList
          tab={tab}
          signedIn={token !== null}
          onTab={(next) => setParams(next === ALL ? {} : { tab: next }, { replace: true })}
          busyId={busyId}
          onAction={run}
        />
      )}
      <ApplicationModal card={applying} onClose={() => setApplying(null)} />
      <LuckyWheelModal spin={spin} onClose={() => setSpin(null)} />
    </div>
  );
}

function PromotionList({
  tab,
  signedIn,
  onTab,
  busyId,
  onAction,
}: {
  tab: string;
  signedIn: boolean;
  onTab: (tab: string) => void;
  busyId: string | undefined;
  onAction: (card: Card) => void;
}) {
  const { t } = usePromotionsTexts();
  const query = usePromotionList();
  if (query.isPending) {
    return (
      <div className={list.loading}>
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title={t('loadFailed')}
        icon="gift"
        action={<Button onClick={() => query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const { categories, promotions } = query.data;
  const items = [
    { value: ALL, label: t('all') },
    ...categories.map((c) => ({ value: c.id, label: c.name })),
    ...(signedIn ? [{ value: MINE, label: t('mine') }] : []),
  ];
  const current = items.some((i) => i.value === tab) ? tab : ALL;
  const shown = current === ALL ? promotions : promotions.filter((p) => p.category === current);
  return (
    <section className={list.section}>
      <Tabs label={t('categories')} items={items} value={current} onChange={onTab} idBase={TABS_ID} />
      <TabPanel idBase={TABS_ID} value={current}>
        {current === MINE ? (
          <MyApplications />
        ) : shown.length === 0 ? (
          <EmptyState title={t('empty')} text={t('emptyText')} icon="gift" />
        ) : (
          <div className={list.grid}>
            {shown.map((card) => (
              <PromotionCard key={card.id} card={card} busy={busyId === card.id} onAction={onAction} />
            ))}
          </div>
        )}
      </TabPanel>
    </section>
  );
}
