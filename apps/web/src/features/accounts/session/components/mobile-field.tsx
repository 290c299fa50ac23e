import type { ValidationRule } from '@aurum/contract';
import { type ReactNode, useEffect } from 'react';
import { type Problem, TextField } from '../../../../components/ui/form';
import { checkRule, fallbackRule, findRule } from '../../../../lib/account/rules';
import { useAccountTexts } from '../../../../lib/account/texts';
import { useSiteData } from '../../../../lib/site';
import { useCountries } from '../api/verification';
import { type DialingChoice, DialingCodePicker, initialChoice } from './dialing-code-picker';

export interface MobileValue {
  countryCode: string;
  dialingCode: string;
  number: string;
}

export const emptyMobile: MobileValue = { countryCode: '', dialingCode: '', number: '' };

/** A number a code can go to (SMS sign-in, SMS reset): the merchant's mobile rule, required, and a dialing code. */
export function mobileProblem(rules: readonly ValidationRule[], mobile: MobileValue): Problem {
  const rule = findRule(rules, 'mobileNum') ?? fallbackRule('mobileNum');
  return (
    checkRule({ ...rule, enabled: true, required: true }, mobile.number.trim()) ??
    (mobile.dialingCode ? null : { key: 'invalid_mobile' })
  );
}

interface MobileFieldProps {
  value: MobileValue;
  onChange: (value: MobileValue) => void;
  error?: string | undefined;
  optional?: boolean;
  /** A dialing code to start with, if the list has it. */
  givenDialingCode?: string | undefined;
  suffix?: ReactNode;
  name?: string;
}

/** A mobile number with its country dialing code (spec §2 country dialing code picker). */
export function MobileField({
  value,
  onChange,
  error,
  optional,
  givenDialingCode,
  suffix,
  name = 'mobileNum',
}: MobileFieldProps) {
  const { t } = useAccountTexts();
  const countries = useCountries();
  const country = useSiteData().permission.location.country;
  const list = countries.data;
  const unset = !value.dialingCode;
  useEffect(() => {
    if (!list || !unset) return;
    const first = initialChoice(list, givenDialingCode, country);
    if (first) onChange({ ...value, ...first });
  }, [list, unset, givenDialingCode, country, onChange, value]);
  const choice: DialingChoice | null = value.dialingCode
    ? { countryCode: value.countryCode, dialingCode: value.dialingCode }
    : null;
  const example = list?.find((c) => c.countryCode === value.countryCode)?.exampleNumber ?? undefined;
  return (
    <TextField
      name={name}
      label={t('fields.mobileNum')}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      value={value.number}
      maxLength={32}
      placeholder={example}
      optional={optional}
      error={error}
      onChange={(number) => onChange({ ...value, number })}
      prefix={
        list ? (
          <DialingCodePicker countries={list} value={choice} onChange={(c) => onChange({ ...value, ...c })} />
        ) : null
      }
      suffix={suffix}
    />
  );
}

/** The mobile number as the API takes it. */
export const mobilePayload = (m: MobileValue) => ({
  mobileNum: m.number.trim(),
  countryDialingCode: m.dialingCode,
});
