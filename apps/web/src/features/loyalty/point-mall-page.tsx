import { useTranslation } from 'react-i18next';
import { Button, EmptyState, PageHeader, useModal } from '../../components/ui';
import { PageBanner } from '../../lib/content/page-banner';
import { useSessionToken } from '../../lib/session/session-store';
import styles from './point-mall.module.css';

/** /pointMall: the points mall frame; balances and rewards arrive with the loyalty issue. */
export default function PointMallPage() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const modal = useModal();
  return (
    <div className={styles.page} data-page="pointMall">
      <PageBanner group="pointMall" />
      <PageHeader title={t('pointMall.title')} subtitle={t('pointMall.subtitle')} />
      <section className={styles.points} aria-labelledby="my-points">
        <h2 id="my-points" className={styles.heading}>
          {t('pointMall.myPoints')}
        </h2>
        {token ? (
          <p className={styles.muted}>{t('pointMall.pointsUnavailable')}</p>
        ) : (
          <div className={styles.signIn}>
            <p>{t('pointMall.logInToSee')}</p>
            <Button onClick={() => modal.open('login')}>{t('common.logIn')}</Button>
          </div>
        )}
      </section>
      <section aria-labelledby="rewards" className={styles.rewards}>
        <h2 id="rewards" className={styles.heading}>
          {t('pointMall.rewards')}
        </h2>
        <EmptyState
          title={t('pointMall.empty')}
          text={t('pointMall.emptyText')}
          icon="star"
          headingLevel={3}
        />
      </section>
    </div>
  );
}
