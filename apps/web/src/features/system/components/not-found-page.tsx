import { useTranslation } from 'react-i18next';
import { ButtonLink, Icon } from '../../../components/ui';
import { paths } from '../../../lib/routes/paths';
import styles from './not-found-page.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page} data-page="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('system.notFoundTitle')}</h1>
      <p>{t('system.notFoundText')}</p>
      <ButtonLink to={paths.home} size="lg">
        <Icon name="chevron-left" />
        {t('common.backHome')}
      </ButtonLink>
    </section>
  );
}
