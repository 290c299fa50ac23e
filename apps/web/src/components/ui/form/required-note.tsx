import { useAccountTexts } from '../../../lib/account/texts';
import styles from './fields.module.css';

/** Spec §5 checklist: "Fields marked * are required", above a form that has optional fields. */
export function RequiredNote() {
  const { t } = useAccountTexts();
  return (
    <p className={styles.hint} data-required-note="true">
      {t('fields.requiredNote')}
    </p>
  );
}
