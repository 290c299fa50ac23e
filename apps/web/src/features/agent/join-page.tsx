import { useTranslation } from 'react-i18next';
import { Button, buttonClass, Icon, Img, PageHeader, useModal } from '../../components/ui';
import { useSitePages } from '../../lib/content';
import { SlideLink } from '../../lib/content/slide-link';
import { useBrand, useFeature, useResources } from '../../lib/site';
import { useOpenCustomerService } from '../../lib/support/customer-service';
import styles from './agent.module.css';

/**
 * /join (header only): the operator's join content (content config "join": image, title, text and
 * a call to action), or, without one, the built-in page about becoming an agent.
 */
export default function JoinPage() {
  const { t } = useTranslation();
  const pages = useSitePages();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  const content = pages.data?.join;
  if (pages.isPending) return <div className={styles.page} data-page="join" aria-busy="true" />;
  if (!content) return <BuiltInJoin />;
  return (
    <div className={styles.page} data-page="join" data-join="operator">
      {content.image ? (
        <Img src={content.image} alt="" ratio={16 / 5} lazy={false} className={styles.joinArt} />
      ) : null}
      <PageHeader title={content.title} subtitle={content.text}>
        <div className={styles.actions}>
          {content.cta && content.link.linkageType !== 'NONE' ? (
            <SlideLink link={content.link} className={buttonClass({ variant: 'highlight', size: 'lg' })}>
              {content.cta}
            </SlideLink>
          ) : null}
          {cs.length > 0 ? (
            <Button size="lg" variant="secondary" onClick={() => openCs(cs[0])}>
              <Icon name="headset" />
              {t('common.contactCustomerService')}
            </Button>
          ) : null}
        </div>
      </PageHeader>
    </div>
  );
}

function BuiltInJoin() {
  const { t } = useTranslation();
  const brand = useBrand();
  const modal = useModal();
  const canRegister = useFeature('DIRECTREG3');
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  const benefits = [t('join.benefit1'), t('join.benefit2'), t('join.benefit3')];
  return (
    <div className={styles.page} data-page="join">
      <PageHeader title={t('join.title')} subtitle={t('join.subtitle', { brand: brand.name })}>
        <div className={styles.actions}>
          {canRegister ? (
            <Button size="lg" variant="highlight" onClick={() => modal.open('register')}>
              {t('join.cta')}
            </Button>
          ) : null}
          {cs.length > 0 ? (
            <Button size="lg" variant="secondary" onClick={() => openCs(cs[0])}>
              <Icon name="headset" />
              {t('common.contactCustomerService')}
            </Button>
          ) : null}
        </div>
      </PageHeader>
      <ul className={styles.benefits}>
        {benefits.map((b) => (
          <li key={b} className={styles.benefit}>
            <Icon name="check" size={20} className={styles.check} />
            <span>{b}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
