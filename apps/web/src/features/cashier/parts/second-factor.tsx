import { useState } from 'react';
import { TextField } from '../../../components/ui/form';
import { errorCodeOf } from '../../../lib/api';
import { useFundsTexts } from '../../../lib/money/texts';

/**
 * The merchant may guard withdrawals and payment-password changes with the second factor
 * (accounts.secondFactorFor): the code field shows once the server asks for it, and its value
 * goes with the next try.
 */
export function useSecondFactor() {
  const [code, setCode] = useState<string | null>(null);
  return {
    code,
    setCode,
    /** After a failed call: shows the field when the server asked for the code. */
    asked(error: unknown) {
      const failed = errorCodeOf(error);
      if (failed === 'two.factor.code.required' || failed === 'two.factor.code.invalid') {
        setCode((c) => c ?? '');
      }
    },
    /** What the call takes: nothing until asked. */
    payload(): { twoFactorCode?: string } {
      const typed = code?.trim();
      return typed ? { twoFactorCode: typed } : {};
    },
    reset: () => setCode(null),
  };
}

export function SecondFactorField({ state }: { state: ReturnType<typeof useSecondFactor> }) {
  const { t } = useFundsTexts();
  if (state.code === null) return null;
  return (
    <TextField
      name="twoFactorCode"
      label={t('form.twoFactorCode')}
      value={state.code}
      onChange={state.setCode}
      autoComplete="one-time-code"
      maxLength={16}
    />
  );
}
