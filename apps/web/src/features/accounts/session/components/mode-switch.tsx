import { Icon, type IconName } from '../../../../components/ui';
import styles from './auth.module.css';

interface ModeSwitchProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  items: readonly { value: V; label: string; icon?: IconName }[];
}

/** A segmented switch between the sign-in or register methods (shown only for two or more). */
export function ModeSwitch<V extends string>({ label, value, onChange, items }: ModeSwitchProps<V>) {
  return (
    <fieldset className={styles.modes}>
      <legend className="visually-hidden">{label}</legend>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          className={styles.mode}
          aria-pressed={item.value === value}
          onClick={() => onChange(item.value)}
          data-mode-option={item.value}
        >
          {item.icon ? <Icon name={item.icon} size={18} /> : null}
          {item.label}
        </button>
      ))}
    </fieldset>
  );
}
