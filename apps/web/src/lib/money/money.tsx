import { cx } from '../../components/ui';
import { formatWireMoney } from '../format/money';
import styles from './money.module.css';

/** A wire amount with 2 decimals, thousands separators and the currency symbol, in tabular figures. */
export function Money({
  value,
  symbol,
  signed = false,
  className,
}: {
  value: string | null | undefined;
  symbol: string;
  /** Colours it by sign and puts "+" before a positive amount (account record rows). */
  signed?: boolean;
  className?: string;
}) {
  const text = formatWireMoney(value, symbol);
  const negative = text.startsWith('-');
  const zero = /^[^1-9]*$/.test(text);
  return (
    <span
      className={cx(
        styles.money,
        signed && !zero && (negative ? styles.negative : styles.positive),
        className,
      )}
    >
      {signed && !negative && !zero ? `+${text}` : text}
    </span>
  );
}
