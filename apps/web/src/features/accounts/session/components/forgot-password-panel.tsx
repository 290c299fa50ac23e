import type { LoginValue, ValidationRule } from '@aurum/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Icon, TabPanel, Tabs } from '../../../../components/ui';
import { FormFailure, PasswordField, TextField, useForm } from '../../../../components/ui/form';
import { accountErrorText, fieldProblemsOf, secondFactorTicketOf } from '../../../../lib/account/errors';
import { useRegisterSettings } from '../../../../lib/account/register-settings';
import { describeProblem, fallbackRule, findRule, validateNewPassword } from '../../../../lib/account/rules';
import { useAccountTexts } from '../../../../lib/account/texts';
import { notify } from '../../../../lib/notify/notify';
import { useFeature } from '../../../../lib/site';
import { resetWithEmailCode, resetWithSmsCode, sendResetEmail } from '../api/password';
import { requestSmsCode } from '../api/verification';
import type { LoginMethod } from '../model/after-login';
import styles from './auth.module.css';
import { emptyMobile, MobileField, type MobileValue, mobilePayload, mobileProblem } from './mobile-field';
import { PanelSwitch } from './panel-footer';
import { type AuthTarget, PanelTitle } from './panel-title';
import { SmsButton } from './sms-button';
import { TwoFactorStep } from './two-factor-step';

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

export function ForgotPasswordPanel({ inModal, onSwitch, onLoggedIn, onEmailSent }: ForgotPanelProps) {
  const { t } = useAccountTexts();
  const smsReset = useFeature('PWRESETSMS3');
  const location = useLocation();
  const link = new URLSearchParams(location.search);
  const linkCode = link.get('resetCode');
  const { tabs, initial } = forgotTabs(smsReset);
  const [tab, setTab] = useState<ForgotTab>(linkCode ? 'email' : initial);
  // The password is reset, but the member has two-factor sign-in on: its check comes next.
  const [ticket, setTicket] = useState<string | null>(null);
  const idBase = useId();
  const rules = useRegisterSettings().data?.rules ?? [];
  const body =
    tab === 'email' ? (
      <EmailReset
        rules={rules}
        initialUsername={link.get('username') ?? ''}
        initialCode={linkCode ?? ''}
        onLoggedIn={onLoggedIn}
        onSecondFactor={setTicket}
        onEmailSent={onEmailSent}
      />
    ) : (
      <MobileReset rules={rules} onLoggedIn={onLoggedIn} onSecondFactor={setTicket} />
    );
  if (ticket) {
    return (
      <div className={styles.panel} data-panel="forgotPassword" data-step="two-factor">
        <PanelTitle inModal={inModal}>{t('login.twoFactorTitle')}</PanelTitle>
        <TwoFactorStep
          ticket={ticket}
          onSignedIn={(value) => onLoggedIn(value, 'reset')}
          onRestart={() => {
            // The new password stands: the member signs in with it (and a code) from the start.
            notify(t('twoFactor.doneReset'), 'info');
            onSwitch('login');
          }}
        />
      </div>
    );
  }
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
      <PanelSwitch label={t('forgot.backToLogin')} onClick={() => onSwitch('login')} />
    </div>
  );
}

const ruleFor = (rules: readonly ValidationRule[], key: string, fallback: Partial<ValidationRule> = {}) => ({
  ...(findRule(rules, key) ?? { ...fallbackRule(key), ...fallback }),
  enabled: true,
  required: true,
});

/** The new password under the policy, the account name (when typed) not inside; its confirmation. */
const passwordProblems = (
  rules: readonly ValidationRule[],
  v: { newPassword: string; confirmNewPassword: string },
  account?: string,
) => validateNewPassword(rules, v.newPassword, v.confirmNewPassword, undefined, account);

interface EmailValues {
  username: string;
  email: string;
  resetCode: string;
  newPassword: string;
  confirmNewPassword: string;
}

function EmailReset({
  rules,
  initialUsername,
  initialCode,
  onLoggedIn,
  onSecondFactor,
  onEmailSent,
}: {
  rules: readonly ValidationRule[];
  initialUsername: string;
  initialCode: string;
  onLoggedIn: ForgotPanelProps['onLoggedIn'];
  /** The reset answered login.two.factor with this ticket. */
  onSecondFactor: (ticket: string) => void;
  onEmailSent: () => void;
}) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const [step, setStep] = useState<'send' | 'code'>(initialCode ? 'code' : 'send');
  const form = useForm<EmailValues>({
    initial: {
      username: initialUsername,
      email: '',
      resetCode: initialCode,
      newPassword: '',
      confirmNewPassword: '',
    },
    rules: {
      username: ruleFor(rules, 'username'),
      email:
        step === 'send'
          ? ruleFor(rules, 'email', { patternId: 'EMAIL', minLength: 3, maxLength: 255 })
          : undefined,
    },
    validate: (v) =>
      step === 'send'
        ? {}
        : {
            ...passwordProblems(rules, v, v.username.trim()),
            resetCode: v.resetCode.trim() ? null : { key: 'input_required' },
          },
    describe: describeProblem(t, rules),
    onSubmit: async (v, form) => {
      try {
        if (step === 'send') {
          await sendResetEmail(v.username.trim(), v.email.trim());
          onEmailSent();
          return;
        }
        const value = await resetWithEmailCode({
          username: v.username.trim(),
          resetCode: v.resetCode.trim(),
          newPassword: v.newPassword,
          confirmNewPassword: v.confirmNewPassword,
        });
        onLoggedIn(value, 'reset');
      } catch (error) {
        const ticket = secondFactorTicketOf(error);
        if (ticket) {
          onSecondFactor(ticket);
          return;
        }
        const problems = fieldProblemsOf(error);
        if (step === 'code' && problems.newPassword) form.setErrors({ newPassword: problems.newPassword });
        form.setFailure(accountErrorText(t, tc, error));
      }
    },
  });

  const username = (
    <TextField
      {...form.field('username')}
      label={t('fields.username')}
      autoComplete="username"
      maxLength={64}
    />
  );
  const submit = (
    <>
      <FormFailure>{form.failure}</FormFailure>
      <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
        {step === 'code' ? t('forgot.reset') : t('forgot.sendEmail')}
      </Button>
    </>
  );

  if (step === 'code') {
    return (
      <form {...form.props} className={styles.form} data-step="code">
        <p className={styles.lead}>{t('forgot.codeLead')}</p>
        {username}
        <TextField
          {...form.field('resetCode')}
          label={t('fields.resetCode')}
          autoComplete="one-time-code"
          maxLength={32}
        />
        <PasswordField
          {...form.field('newPassword')}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          maxLength={128}
        />
        <PasswordField
          {...form.field('confirmNewPassword')}
          label={t('fields.confirmNewPassword')}
          autoComplete="new-password"
          maxLength={128}
        />
        {submit}
        <button type="button" className={styles.textLink} onClick={() => setStep('send')}>
          {t('forgot.backToEmail')}
        </button>
      </form>
    );
  }
  return (
    <form {...form.props} className={styles.form} data-step="send">
      <p className={styles.lead}>{t('forgot.emailLead')}</p>
      {username}
      <TextField
        {...form.field('email')}
        type="email"
        label={t('fields.email')}
        autoComplete="email"
        maxLength={255}
      />
      {submit}
      <button type="button" className={styles.textLink} onClick={() => setStep('code')}>
        {t('forgot.haveCode')}
      </button>
    </form>
  );
}

interface MobileValues {
  mobileNum: MobileValue;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}

function MobileReset({
  rules,
  onLoggedIn,
  onSecondFactor,
}: {
  rules: readonly ValidationRule[];
  onLoggedIn: ForgotPanelProps['onLoggedIn'];
  /** The reset answered login.two.factor with this ticket. */
  onSecondFactor: (ticket: string) => void;
}) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const form = useForm<MobileValues>({
    initial: { mobileNum: emptyMobile, verificationCode: '', newPassword: '', confirmNewPassword: '' },
    validators: {
      mobileNum: (mobile) => mobileProblem(rules, mobile),
      verificationCode: (code) =>
        /^[0-9]{6}$/.test(code.trim()) ? null : { key: 'invalid_verification_code' },
    },
    validate: (v) => passwordProblems(rules, v),
    describe: describeProblem(t, rules),
    onSubmit: async (v, form) => {
      try {
        const value = await resetWithSmsCode({
          ...mobilePayload(v.mobileNum),
          verificationCode: v.verificationCode.trim(),
          newPassword: v.newPassword,
          confirmNewPassword: v.confirmNewPassword,
        });
        onLoggedIn(value, 'reset');
      } catch (error) {
        const ticket = secondFactorTicketOf(error);
        if (ticket) {
          onSecondFactor(ticket);
          return;
        }
        const problems = fieldProblemsOf(error);
        if (problems.mobileNum) form.setErrors({ mobileNum: problems.mobileNum });
        form.setFailure(accountErrorText(t, tc, error));
      }
    },
  });

  return (
    <form {...form.props} className={styles.form} data-step="mobile">
      <p className={styles.lead}>{t('forgot.mobileLead')}</p>
      <MobileField {...form.field('mobileNum')} />
      <TextField
        {...form.field('verificationCode')}
        label={t('fields.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={
          <SmsButton
            validate={() => {
              const problem = mobileProblem(rules, form.values.mobileNum);
              form.setErrors({ mobileNum: problem });
              return !problem;
            }}
            send={() => requestSmsCode('reset', mobilePayload(form.values.mobileNum))}
          />
        }
      />
      <PasswordField
        {...form.field('newPassword')}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        maxLength={128}
      />
      <PasswordField
        {...form.field('confirmNewPassword')}
        label={t('fields.confirmNewPassword')}
        autoComplete="new-password"
        maxLength={128}
      />
      <FormFailure>{form.failure}</FormFailure>
      <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
        {t('forgot.reset')}
      </Button>
    </form>
  );
}
