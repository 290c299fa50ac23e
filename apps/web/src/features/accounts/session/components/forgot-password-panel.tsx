import type { LoginValue, ValidationRule } from '@aurum/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Icon, TabPanel, Tabs } from '../../../../components/ui';
import { PasswordField, TextField } from '../../../../components/ui/form';
import { accountErrorText, fieldProblemsOf } from '../../../../lib/account/errors';
import { useRegisterSettings } from '../../../../lib/account/register-settings';
import {
  checkRule,
  fallbackRule,
  findRule,
  problemText,
  validateNewPassword,
} from '../../../../lib/account/rules';
import { useAccountTexts } from '../../../../lib/account/texts';
import { useFeature } from '../../../../lib/site';
import { resetWithEmailCode, resetWithSmsCode, sendResetEmail } from '../api/password';
import { requestSmsCode } from '../api/verification';
import type { LoginMethod } from '../model/after-login';
import styles from './auth.module.css';
import { emptyMobile, MobileField, type MobileValue, mobilePayload } from './mobile-field';
import { type AuthTarget, PanelTitle } from './panel-title';
import { SmsButton } from './sms-button';

export type ForgotTab = 'email' | 'mobile';

/** Spec §2: the tab selector shows only with PWRESETSMS3, and mobile is then the default. */
export function forgotTabs(smsReset: boolean): { tabs: ForgotTab[]; initial: ForgotTab } {
  return smsReset ? { tabs: ['mobile', 'email'], initial: 'mobile' } : { tabs: ['email'], initial: 'email' };
}

interface ForgotPanelProps {
  inModal: boolean;
  onSwitch: (target: AuthTarget) => void;
  onLoggedIn: (value: LoginValue, method: LoginMethod) => void;
  /** The reset email went out (in_been_out); the popup closes. */
  onEmailSent: () => void;
}

type Errors = Record<string, string>;

export function ForgotPasswordPanel({ inModal, onSwitch, onLoggedIn, onEmailSent }: ForgotPanelProps) {
  const { t } = useAccountTexts();
  const smsReset = useFeature('PWRESETSMS3');
  const location = useLocation();
  const link = new URLSearchParams(location.search);
  const linkCode = link.get('resetCode');
  const { tabs, initial } = forgotTabs(smsReset);
  const [tab, setTab] = useState<ForgotTab>(linkCode ? 'email' : initial);
  const idBase = useId();
  const rules = useRegisterSettings().data?.rules ?? [];
  const body =
    tab === 'email' ? (
      <EmailReset
        rules={rules}
        initialUsername={link.get('username') ?? ''}
        initialCode={linkCode ?? ''}
        onLoggedIn={onLoggedIn}
        onEmailSent={onEmailSent}
      />
    ) : (
      <MobileReset rules={rules} onLoggedIn={onLoggedIn} />
    );
  return (
    <div className={styles.panel} data-panel="forgotPassword" data-tab={tab}>
      <PanelTitle inModal={inModal}>{t('forgot.title')}</PanelTitle>
      {tabs.length > 1 ? (
        <>
          <Tabs
            label={t('forgot.tabs')}
            idBase={idBase}
            value={tab}
            onChange={setTab}
            items={tabs.map((v) => ({
              value: v,
              label: v === 'email' ? t('forgot.tabEmail') : t('forgot.tabMobile'),
              icon: <Icon name={v === 'email' ? 'mail' : 'phone'} size={18} />,
            }))}
          />
          <TabPanel idBase={idBase} value={tab}>
            {body}
          </TabPanel>
        </>
      ) : (
        body
      )}
      <div className={styles.switch}>
        <button type="button" className={styles.textLink} onClick={() => onSwitch('login')}>
          {t('forgot.backToLogin')}
        </button>
      </div>
    </div>
  );
}

function useFormState(initial: Record<string, string> = {}) {
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (k: string) => (v: string) => setValues((s) => ({ ...s, [k]: v }));
  const show = (next: Errors) => {
    setErrors(next);
    if (Object.keys(next).length > 0) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
    return Object.keys(next).length === 0;
  };
  return { values, set, errors, show, failure, setFailure, busy, setBusy, form };
}

const ruleFor = (rules: readonly ValidationRule[], key: string, fallback: Partial<ValidationRule> = {}) => ({
  ...(findRule(rules, key) ?? { ...fallbackRule(key), ...fallback }),
  enabled: true,
  required: true,
});

function usePasswordChecks(rules: readonly ValidationRule[]) {
  const { t } = useAccountTexts();
  /** `account`: the username typed, which the new password must not contain. */
  return (newPassword: string, confirm: string, account?: string): Errors => {
    const problems = validateNewPassword(rules, newPassword, confirm, undefined, account);
    return Object.fromEntries(
      Object.entries(problems).map(([f, p]) => [
        f,
        problemText(t, p.key, f === 'newPassword' ? 'password' : f, rules),
      ]),
    );
  };
}

function EmailReset({
  rules,
  initialUsername,
  initialCode,
  onLoggedIn,
  onEmailSent,
}: {
  rules: readonly ValidationRule[];
  initialUsername: string;
  initialCode: string;
  onLoggedIn: ForgotPanelProps['onLoggedIn'];
  onEmailSent: () => void;
}) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const [step, setStep] = useState<'send' | 'code'>(initialCode ? 'code' : 'send');
  const s = useFormState({ username: initialUsername, resetCode: initialCode });
  const passwordChecks = usePasswordChecks(rules);
  const v = (k: string) => s.values[k] ?? '';

  const checkUsername = (): Errors => {
    const p = checkRule(ruleFor(rules, 'username'), v('username').trim());
    return p ? { username: problemText(t, p.key, 'username', rules) } : {};
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    s.setFailure(null);
    const emailProblem = checkRule(
      ruleFor(rules, 'email', { patternId: 'EMAIL', minLength: 3, maxLength: 255 }),
      v('email').trim(),
    );
    const next = {
      ...checkUsername(),
      ...(emailProblem ? { email: problemText(t, emailProblem.key, 'email', rules) } : {}),
    };
    if (!s.show(next)) return;
    s.setBusy(true);
    try {
      await sendResetEmail(v('username').trim(), v('email').trim());
      onEmailSent();
    } catch (error) {
      s.setFailure(accountErrorText(t, tc, error));
    } finally {
      s.setBusy(false);
    }
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    s.setFailure(null);
    const next = {
      ...checkUsername(),
      ...passwordChecks(v('newPassword'), v('confirmNewPassword'), v('username').trim()),
    };
    if (!v('resetCode').trim()) next.resetCode = t('problems.input_required');
    if (!s.show(next)) return;
    s.setBusy(true);
    try {
      const value = await resetWithEmailCode({
        username: v('username').trim(),
        resetCode: v('resetCode').trim(),
        newPassword: v('newPassword'),
        confirmNewPassword: v('confirmNewPassword'),
      });
      onLoggedIn(value, 'reset');
    } catch (error) {
      const problems = fieldProblemsOf(error);
      if (problems.newPassword)
        s.show({ newPassword: problemText(t, problems.newPassword, 'password', rules) });
      s.setFailure(accountErrorText(t, tc, error));
    } finally {
      s.setBusy(false);
    }
  };

  if (step === 'code') {
    return (
      <form ref={s.form} className={styles.form} noValidate onSubmit={(e) => void reset(e)} data-step="code">
        <p className={styles.lead}>{t('forgot.codeLead')}</p>
        <TextField
          name="username"
          label={t('fields.username')}
          value={v('username')}
          onChange={s.set('username')}
          error={s.errors.username}
          autoComplete="username"
          maxLength={64}
        />
        <TextField
          name="resetCode"
          label={t('fields.resetCode')}
          value={v('resetCode')}
          onChange={s.set('resetCode')}
          error={s.errors.resetCode}
          autoComplete="one-time-code"
          maxLength={32}
        />
        <PasswordField
          name="newPassword"
          label={t('fields.newPassword')}
          value={v('newPassword')}
          onChange={s.set('newPassword')}
          error={s.errors.newPassword}
          autoComplete="new-password"
          maxLength={128}
        />
        <PasswordField
          name="confirmNewPassword"
          label={t('fields.confirmNewPassword')}
          value={v('confirmNewPassword')}
          onChange={s.set('confirmNewPassword')}
          error={s.errors.confirmNewPassword}
          autoComplete="new-password"
          maxLength={128}
        />
        <Failure text={s.failure} />
        <Button type="submit" size="lg" block busy={s.busy} disabled={s.busy}>
          {t('forgot.reset')}
        </Button>
        <button type="button" className={styles.textLink} onClick={() => setStep('send')}>
          {t('forgot.backToEmail')}
        </button>
      </form>
    );
  }
  return (
    <form ref={s.form} className={styles.form} noValidate onSubmit={(e) => void send(e)} data-step="send">
      <p className={styles.lead}>{t('forgot.emailLead')}</p>
      <TextField
        name="username"
        label={t('fields.username')}
        value={v('username')}
        onChange={s.set('username')}
        error={s.errors.username}
        autoComplete="username"
        maxLength={64}
      />
      <TextField
        name="email"
        type="email"
        label={t('fields.email')}
        value={v('email')}
        onChange={s.set('email')}
        error={s.errors.email}
        autoComplete="email"
        maxLength={255}
      />
      <Failure text={s.failure} />
      <Button type="submit" size="lg" block busy={s.busy} disabled={s.busy}>
        {t('forgot.sendEmail')}
      </Button>
      <button type="button" className={styles.textLink} onClick={() => setStep('code')}>
        {t('forgot.haveCode')}
      </button>
    </form>
  );
}

function MobileReset({
  rules,
  onLoggedIn,
}: {
  rules: readonly ValidationRule[];
  onLoggedIn: ForgotPanelProps['onLoggedIn'];
}) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const s = useFormState();
  const [mobile, setMobile] = useState<MobileValue>(emptyMobile);
  const passwordChecks = usePasswordChecks(rules);
  const v = (k: string) => s.values[k] ?? '';

  const mobileErrors = (): Errors => {
    const p = checkRule(ruleFor(rules, 'mobileNum'), mobile.number.trim());
    if (p) return { mobileNum: problemText(t, p.key, 'mobileNum', rules) };
    return mobile.dialingCode ? {} : { mobileNum: t('problems.invalid_mobile') };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    s.setFailure(null);
    const next = { ...mobileErrors(), ...passwordChecks(v('newPassword'), v('confirmNewPassword')) };
    if (!/^[0-9]{6}$/.test(v('verificationCode').trim()))
      next.verificationCode = t('problems.invalid_verification_code');
    if (!s.show(next)) return;
    s.setBusy(true);
    try {
      const value = await resetWithSmsCode({
        ...mobilePayload(mobile),
        verificationCode: v('verificationCode').trim(),
        newPassword: v('newPassword'),
        confirmNewPassword: v('confirmNewPassword'),
      });
      onLoggedIn(value, 'reset');
    } catch (error) {
      const problems = fieldProblemsOf(error);
      if (problems.mobileNum) s.show({ mobileNum: problemText(t, problems.mobileNum, 'mobileNum', rules) });
      s.setFailure(accountErrorText(t, tc, error));
    } finally {
      s.setBusy(false);
    }
  };

  return (
    <form ref={s.form} className={styles.form} noValidate onSubmit={(e) => void submit(e)} data-step="mobile">
      <p className={styles.lead}>{t('forgot.mobileLead')}</p>
      <MobileField value={mobile} onChange={setMobile} error={s.errors.mobileNum} />
      <TextField
        name="verificationCode"
        label={t('fields.smsCode')}
        value={v('verificationCode')}
        onChange={s.set('verificationCode')}
        error={s.errors.verificationCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={
          <SmsButton
            validate={() => {
              const next = mobileErrors();
              s.show(next);
              return Object.keys(next).length === 0;
            }}
            send={() => requestSmsCode('reset', mobilePayload(mobile))}
          />
        }
      />
      <PasswordField
        name="newPassword"
        label={t('fields.newPassword')}
        value={v('newPassword')}
        onChange={s.set('newPassword')}
        error={s.errors.newPassword}
        autoComplete="new-password"
        maxLength={128}
      />
      <PasswordField
        name="confirmNewPassword"
        label={t('fields.confirmNewPassword')}
        value={v('confirmNewPassword')}
        onChange={s.set('confirmNewPassword')}
        error={s.errors.confirmNewPassword}
        autoComplete="new-password"
        maxLength={128}
      />
      <Failure text={s.failure} />
      <Button type="submit" size="lg" block busy={s.busy} disabled={s.busy}>
        {t('forgot.reset')}
      </Button>
    </form>
  );
}

function Failure({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className={styles.failure}>
      <Icon name="alert" size={18} />
      {text}
    </p>
  );
}
