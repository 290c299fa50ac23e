import { Button } from '../../../components/ui';
import { useCashierTexts } from '../../../lib/money/texts';
import styles from '../cashier.module.css';

/**
 * The buttons under a cashier form or dialog: cancel, when there is a way back, and submit; both
 * held while the form submits.
 */
export function FormActions({
  submitting,
  onCancel,
  label,
  action,
  danger = false,
}: {
  submitting: boolean;
  onCancel?: (() => void) | undefined;
  label: string;
  /** The submit button's data-action. */
  action: string;
  /** A removal: the submit button in the danger colour. */
  danger?: boolean;
}) {
  const { t } = useCashierTexts();
  return (
    <div className={styles.actions}>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {t('common.cancel')}
        </Button>
      ) : null}
      <Button
        type="submit"
        className={danger ? styles.danger : undefined}
        busy={submitting}
        disabled={submitting}
        data-action={action}
      >
        {label}
      </Button>
    </div>
  );
}
