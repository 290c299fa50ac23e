import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui';
import { useAccountTexts } from '../../../../lib/account/texts';
import { fromI18nCode, HTML_LANG } from '../../../../lib/i18n';
import styles from './dialing-code-picker.module.css';
import { Flag } from './flag';

export interface Country {
  countryCode: string;
  countryDialingCode: string;
}

export interface DialingChoice {
  countryCode: string;
  dialingCode: string;
}

/** Used when the visitor's country is unknown: the merchant's home market. */
export const DEFAULT_COUNTRY = 'PH';

const digits = (code: string) => code.replace(/^\+/, '');

/**
 * The picker's first choice (spec §2 Register modal): the given dialing code if the list has it,
 * else the current country's.
 */
export function initialChoice(
  countries: readonly Country[],
  given: string | null | undefined,
  currentCountry: string | null | undefined,
): DialingChoice | null {
  const byDialing = given ? countries.find((c) => c.countryDialingCode === digits(given)) : undefined;
  const current = countries.find((c) => c.countryCode === (currentCountry ?? DEFAULT_COUNTRY).toUpperCase());
  const pick = byDialing ?? current ?? countries.find((c) => c.countryCode === DEFAULT_COUNTRY);
  return pick ? { countryCode: pick.countryCode, dialingCode: pick.countryDialingCode } : null;
}

function useRegionNames() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    try {
      return new Intl.DisplayNames([HTML_LANG[fromI18nCode(i18n.language)]], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
}

interface PickerProps {
  countries: readonly Country[];
  value: DialingChoice | null;
  onChange: (choice: DialingChoice) => void;
}

/**
 * The country dialing-code picker: opens and closes on click, closes on an outside click or
 * Escape; picking a country reports its dialing code. Hidden until both codes are set.
 */
export function DialingCodePicker({ countries, value, onChange }: PickerProps) {
  const { t } = useAccountTexts();
  const names = useRegionNames();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const nameOf = (code: string) => names?.of(code) ?? code;
  const query = filter.trim().toLowerCase();
  const shown = query
    ? countries.filter(
        (c) =>
          c.countryDialingCode.startsWith(digits(query)) ||
          c.countryCode.toLowerCase() === query ||
          nameOf(c.countryCode).toLowerCase().includes(query),
      )
    : countries;

  if (!value?.countryCode || !value.dialingCode) return null;
  const choose = (c: Country) => {
    onChange({ countryCode: c.countryCode, dialingCode: c.countryDialingCode });
    setOpen(false);
    setFilter('');
    button.current?.focus();
  };
  return (
    <div ref={root} className={styles.picker} data-dialing-code={value.dialingCode}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={t('country.button', { code: value.dialingCode, country: nameOf(value.countryCode) })}
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <Flag code={value.countryCode} />
        <span className={styles.code}>+{value.dialingCode}</span>
        <Icon name="chevron-down" size={16} />
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the popover from any control inside it.
        <div
          className={styles.popover}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          <input
            className={styles.search}
            type="search"
            aria-label={t('country.search')}
            placeholder={t('country.search')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <ul id={`${id}-list`} className={styles.list} aria-label={t('country.list')}>
            {shown.map((c) => (
              <li key={c.countryCode}>
                <button
                  type="button"
                  className={styles.option}
                  aria-current={c.countryCode === value.countryCode ? 'true' : undefined}
                  onClick={() => choose(c)}
                  data-country={c.countryCode}
                >
                  <Flag code={c.countryCode} />
                  <span className={styles.name}>{nameOf(c.countryCode)}</span>
                  <span className={styles.dial}>+{c.countryDialingCode}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
