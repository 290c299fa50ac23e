import styles from './spinner.module.css';

/** A busy indicator with a spoken label. */
export function Spinner({ label, size = 32 }: { label: string; size?: number }) {
  return (
    <span role="status" className={styles.wrap}>
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
