import { useTranslation } from 'react-i18next';
import { cx, Icon } from '../../../components/ui';
import { toggleTheme, useTheme } from '../../../lib/theme';
import styles from './header-controls.module.css';

/** The accessible name says what pressing it does ("Switch to light theme"). */
export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const label = theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark');
  return (
    <button
      type="button"
      className={cx(styles.control, withLabel && styles.withLabel)}
      aria-label={withLabel ? undefined : label}
      title={withLabel ? undefined : label}
      data-theme-toggle={theme}
      onClick={toggleTheme}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      {withLabel ? <span>{label}</span> : null}
    </button>
  );
}
