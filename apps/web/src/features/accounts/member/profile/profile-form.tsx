import type { ProfileFieldState, ProfileValue } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../../components/ui';
import { FormFailure, TextField, useForm } from '../../../../components/ui/form';
import { accountErrorText, fieldProblemsOf } from '../../../../lib/account/errors';
import {
  describeProblem,
  type ProfileEditField,
  type ValidationRule,
  validateProfile,
} from '../../../../lib/account/rules';
import { useAccountTexts } from '../../../../lib/account/texts';
import { notify } from '../../../../lib/notify/notify';
import { useSaveProfile } from './api';
import styles from './profile.module.css';

type Values = Partial<Record<ProfileEditField, string>>;

const INPUT_TYPES = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  date: 'date',
  number: 'text',
  password: 'text',
} as const;

/**
 * The fields the member changed, as the call takes them: trimmed, an emptied field as null.
 * Locked and hidden fields are never sent.
 */
export function profileChange(
  fields: readonly ProfileFieldState[],
  values: Values,
): Values & Record<string, string | null> {
  const change: Record<string, string | null> = {};
  for (const f of fields) {
    if (!f.shown || f.locked) continue;
    const value = (values[f.key] ?? '').trim();
    if (value !== (f.value ?? '')) change[f.key] = value === '' ? null : value;
  }
  return change as Values & Record<string, string | null>;
}

/**
 * The problems the contract's validateProfile (the server runs the same) finds in the change,
 * as problem keys by field.
 */
export function profileProblems(profile: ProfileValue, values: Values, today = new Date()) {
  const rules = Object.fromEntries(profile.fields.map((f) => [f.key, f.rule])) as Record<
    ProfileEditField,
    ValidationRule
  >;
  const current = Object.fromEntries(profile.fields.map((f) => [f.key, f.value]));
  const problems = validateProfile(profileChange(profile.fields, values), {
    rules,
    current,
    locked: profile.fields.filter((f) => f.locked).map((f) => f.key),
    birthdayMinAge: profile.birthdayMinAge,
    today,
  });
  return Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, { key: p.key }]));
}

/**
 * Spec §3 profile fields under the merchant's rules: the shown ones in order, required ones marked,
 * locked ones read-only with the reason. Only changed fields are sent.
 */
export function ProfileForm({ profile }: { profile: ProfileValue }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const save = useSaveProfile();
  const shown = profile.fields.filter((f) => f.shown);
  const rules = profile.fields.map((f) => f.rule);
  const form = useForm<Values>({
    initial: () => Object.fromEntries(shown.map((f) => [f.key, f.value ?? ''])),
    validate: (values) => profileProblems(profile, values),
    optional: shown.filter((f) => !f.required).map((f) => f.key),
    describe: describeProblem(t, rules, profile.birthdayMinAge),
    onSubmit: async (values, form) => {
      const change = profileChange(profile.fields, values);
      if (Object.keys(change).length === 0) {
        notify(t('profile.noChange'), 'info');
        return;
      }
      try {
        await save.mutateAsync(change);
      } catch (error) {
        form.setErrors(fieldProblemsOf(error));
        form.setFailure(accountErrorText(t, tc, error));
        return;
      }
      notify(t('profile.saved'), 'success');
    },
  });

  return (
    <form {...form.props} className={styles.form} data-form="profile">
      {shown.map((f) =>
        f.locked ? (
          <LockedField key={f.key} field={f} />
        ) : (
          <TextField
            key={f.key}
            {...form.field(f.key)}
            value={form.values[f.key] ?? ''}
            label={t(`fields.${f.key}`)}
            type={INPUT_TYPES[f.rule.type]}
            inputMode={f.rule.type === 'number' ? 'numeric' : undefined}
            maxLength={f.rule.maxLength}
            autoComplete={autoCompleteOf(f.key)}
          />
        ),
      )}
      <FormFailure>{form.failure}</FormFailure>
      <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

function LockedField({ field }: { field: ProfileFieldState }) {
  const { t } = useAccountTexts();
  const reason = field.key === 'payeeName' ? t('profile.lockedRealName') : t('profile.lockedBirthday');
  return (
    <div className={styles.locked} data-field={field.key} data-locked="true">
      <span className={styles.lockedLabel}>{t(`fields.${field.key}`)}</span>
      <span className={styles.lockedValue}>
        {field.value}
        <Icon name="lock" size={16} />
        <span className={styles.visuallyHidden}>{t('profile.locked')}</span>
      </span>
      <span className={styles.lockedNote}>{reason}</span>
    </div>
  );
}

const AUTOCOMPLETE: Partial<Record<ProfileEditField, string>> = {
  payeeName: 'name',
  nickname: 'nickname',
  birthday: 'bday',
  address: 'street-address',
  currentAddress: 'street-address',
};
const autoCompleteOf = (key: ProfileEditField) => AUTOCOMPLETE[key] ?? 'off';
