import { Icon } from '../../../../components/ui';
import { TextField } from '../../../../components/ui/form';
import { useAccountTexts } from '../../../../lib/account/texts';
import type { CaptchaState } from '../hooks/use-captcha';
import styles from './auth.module.css';

interface CaptchaFieldProps {
  captcha: CaptchaState;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** The captcha answer with its image and a refresh button. */
export function CaptchaField({ captcha, value, onChange, error }: CaptchaFieldProps) {
  const { t } = useAccountTexts();
  return (
    <TextField
      name="captcha"
      label={t('captcha.label')}
      value={value}
      onChange={onChange}
      error={error}
      maxLength={16}
      autoComplete="off"
      suffix={
        <span className={styles.captcha}>
          {captcha.image ? (
            <img src={captcha.image} alt={t('captcha.image')} width={120} height={40} />
          ) : (
            <span className={styles.captchaLoading}>{t('captcha.loading')}</span>
          )}
          <button
            type="button"
            className={styles.captchaRefresh}
            aria-label={t('captcha.refresh')}
            onClick={captcha.refresh}
          >
            <Icon name="refresh" size={18} />
          </button>
        </span>
      }
    />
  );
}
