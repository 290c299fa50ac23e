import type { LoginValue } from '@aurum/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Icon, Spinner } from '../../../../components/ui';
import { PasswordField, TextField } from '../../../../components/ui/form';
import fieldStyles from '../../../../components/ui/form/fields.module.css';
import { accountErrorText, fieldProblemsOf, wantsCaptcha } from '../../../../lib/account/errors';
import { type AccountSettingsView, useRegisterSettings } from '../../../../lib/account/register-settings';
import { problemTexts, validateRegistration } from '../../../../lib/account/rules';
import { useAccountTexts } from '../../../../lib/account/texts';
import { WarningDialog } from '../../../../lib/account/warning-dialog';
import { errorCodeOf } from '../../../../lib/api';
import { useFeature, useResources } from '../../../../lib/site';
import { useOpenCustomerService } from '../../../../lib/support/customer-service';
import { checkAffiliateCode, registerByMobile, registerByUsername } from '../api/register';
import { requestSmsCode } from '../api/verification';
import { useCaptcha } from '../hooks/use-captcha';
import {
  type AffiliateState,
  affiliateCodeFromUrl,
  affiliateFieldShown,
  resolveAffiliate,
} from '../model/affiliate';
import type { LoginMethod } from '../model/after-login';
import { type RegisterMode, registerModes } from '../model/modes';
import { type ProfileFieldPlan, registerFieldPlan } from '../model/register-fields';
import styles from './auth.module.css';
import { CaptchaField } from './captcha-field';
import { emptyMobile, MobileField, type MobileValue, mobilePayload } from './mobile-field';
import { ModeSwitch } from './mode-switch';
import { type AuthTarget, PanelTitle } from './panel-title';
import { SmsButton } from './sms-button';

interface RegisterPanelProps {
  inModal: boolean;
  onSwitch: (target: AuthTarget) => void;
  onRegistered: (value: LoginValue, method: LoginMethod) => void;
  referralCode?: string | undefined;
}

/** Spec §2 Register modal; the settings (rules and flags) decide the form. */
export function RegisterPanel(props: RegisterPanelProps) {
  const { t } = useAccountTexts();
  const settings = useRegisterSettings();
  if (!settings.data) {
    return (
      <div className={styles.panel} data-panel="register">
        <PanelTitle inModal={props.inModal}>{t('register.title')}</PanelTitle>
        <Spinner label={t('register.title')} />
      </div>
    );
  }
  return <RegisterForm {...props} settings={settings.data} />;
}

type Values = Record<string, string>;

function RegisterForm({
  inModal,
  onSwitch,
  onRegistered,
  referralCode: givenReferral,
  settings,
}: RegisterPanelProps & { settings: AccountSettingsView }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const location = useLocation();
  const cs = useResources('CUSTOMER_SERVICE');
  const canResetPassword = useFeature('PASS3');
  const openCs = useOpenCustomerService();
  const modes = registerModes(settings.signIn);
  const [chosen, setMode] = useState<RegisterMode | null>(null);
  const mode = chosen && modes.includes(chosen) ? chosen : (modes[0] ?? 'register');
  const plan = registerFieldPlan(settings, mode);
  const { rules } = settings;
  const referralCode =
    givenReferral ?? new URLSearchParams(location.search).get('referralCode')?.trim() ?? undefined;

  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({});
  const [mobile, setMobile] = useState<MobileValue>(emptyMobile);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [invitationPopup, setInvitationPopup] = useState<string | null>(null);
  const captcha = useCaptcha(plan.captcha);
  const affiliate = useAffiliateFromLink(location.search, (code) => {
    setValues((v) => ({ ...v, affiliateCode: code }));
    setInvitationPopup(code);
  });
  const showAffiliate = affiliateFieldShown(affiliate, plan.affiliateRule);

  const value = (field: string) => values[field] ?? '';

  const formValues = (
    current: Values = values,
    currentMobile: MobileValue = mobile,
    agreed: boolean = agree,
  ): Record<string, unknown> => {
    const value = (field: string) => current[field] ?? '';
    const out: Record<string, unknown> = {
      mobileNum: currentMobile.number.trim(),
      agreeTerms: agreed,
      affiliateCode: affiliate.status === 'valid' ? affiliate.code : value('affiliateCode').trim(),
    };
    if (plan.username) out.username = value('username').trim();
    if (plan.password) {
      out.password = value('password');
      out.confirmPassword = value('confirmPassword');
    }
    if (plan.verificationCode) out.verificationCode = value('verificationCode').trim();
    if (plan.captcha) out.captcha = value('captcha').trim();
    for (const f of plan.profile)
      out[f.key] = f.rule.type === 'password' ? value(f.key) : value(f.key).trim();
    return out;
  };

  const check = (data: Record<string, unknown>) =>
    validateRegistration(data, {
      rules,
      mode: mode === 'register' ? 'username' : 'mobile',
      smsVerification: settings.signIn.REGMOBVERF3,
      mobilePassword: settings.signIn.MOBILENUMPASSREG3,
      birthdayMinAge: settings.birthdayMinAge,
      today: new Date(),
    });

  /** A field's error goes as soon as a change makes the field valid, not at the next submit. */
  const clearIfValid = (field: string, data: Record<string, unknown>) =>
    setErrors((prev) => {
      if (!(field in prev) || field in check(data)) return prev;
      const { [field]: _, ...rest } = prev;
      return rest;
    });
  const set = (field: string) => (next: string) => {
    const nextValues = { ...values, [field]: next };
    setValues(nextValues);
    clearIfValid(field, formValues(nextValues));
  };
  const changeMobile = (next: MobileValue) => {
    setMobile(next);
    clearIfValid('mobileNum', formValues(values, next));
  };
  const changeAgree = (next: boolean) => {
    setAgree(next);
    clearIfValid('agreeTerms', formValues(values, mobile, next));
  };

  const showProblems = (problems: Record<string, { key: string } | string>) => {
    setErrors(problemTexts(t, problems as never, rules, settings.birthdayMinAge));
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const data = formValues();
    const problems = check(data);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const code = String(data.affiliateCode ?? '');
      if (showAffiliate && code) {
        try {
          await checkAffiliateCode(code);
        } catch {
          showProblems({ affiliateCode: 'invalid_invitation_code' });
          setInvitationPopup(code);
          return;
        }
      }
      const body = payload(data, mobile, referralCode, plan.captcha ? captcha.captchaId : null);
      const password = String(data.password ?? '');
      const confirmPassword = String(data.confirmPassword ?? '');
      const reply =
        mode === 'register'
          ? await registerByUsername({ ...body, username: String(data.username), password, confirmPassword })
          : await registerByMobile({
              ...body,
              ...mobilePayload(mobile),
              ...(plan.password ? { password, confirmPassword } : {}),
            });
      if (reply.login) onRegistered(reply.login, 'register');
      else onSwitch('login');
    } catch (error) {
      const problems = fieldProblemsOf(error);
      if (Object.keys(problems).length > 0) showProblems(problems);
      if (errorCodeOf(error) === 'affiliate.invalid') setInvitationPopup(code(data));
      if (wantsCaptcha(error) || plan.captcha) {
        setValues((v) => ({ ...v, captcha: '' }));
        captcha.refresh();
      }
      setFailure(accountErrorText(t, tc, error));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () => requestSmsCode('register', mobilePayload(mobile));
  const validateMobile = () => {
    const problems = check({ ...formValues() });
    const mobileProblem = problems.mobileNum?.key ?? (mobile.dialingCode ? undefined : 'invalid_mobile');
    setErrors((prev) => {
      const { mobileNum: _, ...rest } = prev;
      return mobileProblem ? { ...rest, ...problemTexts(t, { mobileNum: mobileProblem }, rules) } : rest;
    });
    return !mobileProblem;
  };

  return (
    <div className={styles.panel} data-panel="register" data-mode={mode}>
      <PanelTitle inModal={inModal}>{t('register.title')}</PanelTitle>
      {modes.length > 1 ? (
        <ModeSwitch
          label={t('register.modes')}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setErrors({});
            setFailure(null);
          }}
          items={[
            { value: 'register', label: t('register.modeUsername'), icon: 'user' },
            { value: 'registerMobile', label: t('register.modeMobile'), icon: 'phone' },
          ]}
        />
      ) : null}
      <form ref={form} className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <p className={fieldStyles.hint} data-required-note="true">
          {t('fields.requiredNote')}
        </p>
        {plan.username ? (
          <TextField
            name="username"
            label={t('fields.username')}
            value={value('username')}
            onChange={set('username')}
            error={errors.username}
            autoComplete="username"
            maxLength={64}
          />
        ) : null}
        {plan.mobile !== 'hidden' ? (
          <MobileField
            value={mobile}
            onChange={changeMobile}
            error={errors.mobileNum}
            optional={plan.mobile === 'optional'}
          />
        ) : null}
        {plan.verificationCode ? (
          <TextField
            name="verificationCode"
            label={t('fields.verificationCode')}
            value={value('verificationCode')}
            onChange={set('verificationCode')}
            error={errors.verificationCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={255}
            suffix={<SmsButton validate={validateMobile} send={sendCode} />}
          />
        ) : null}
        {plan.password ? (
          <>
            <PasswordField
              name="password"
              label={t('fields.password')}
              value={value('password')}
              onChange={set('password')}
              error={errors.password}
              autoComplete="new-password"
              maxLength={128}
            />
            <PasswordField
              name="confirmPassword"
              label={t('fields.confirmPassword')}
              value={value('confirmPassword')}
              onChange={set('confirmPassword')}
              error={errors.confirmPassword}
              autoComplete="new-password"
              maxLength={128}
            />
          </>
        ) : null}
        {plan.profile.map((f) => (
          <ProfileInput
            key={f.key}
            field={f}
            value={value(f.key)}
            onChange={set(f.key)}
            error={errors[f.key]}
          />
        ))}
        {showAffiliate ? (
          <TextField
            name="affiliateCode"
            label={t('fields.affiliateCode')}
            value={value('affiliateCode')}
            onChange={set('affiliateCode')}
            error={errors.affiliateCode}
            optional
            maxLength={32}
            autoComplete="off"
          />
        ) : null}
        {referralCode ? (
          <p className={styles.note}>{t('register.referral', { code: referralCode })}</p>
        ) : null}
        {plan.captcha ? (
          <CaptchaField
            captcha={captcha}
            value={value('captcha')}
            onChange={set('captcha')}
            error={errors.captcha}
          />
        ) : null}
        <div className={fieldStyles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="agreeTerms"
              checked={agree}
              aria-invalid={errors.agreeTerms ? true : undefined}
              onChange={(e) => changeAgree(e.target.checked)}
            />
            <span>{t('register.agree', { age: settings.ageLimit })}</span>
          </label>
          {errors.agreeTerms ? <p className={fieldStyles.error}>{errors.agreeTerms}</p> : null}
        </div>
        {failure ? (
          <p role="alert" className={styles.failure}>
            <Icon name="alert" size={18} />
            {failure}
          </p>
        ) : null}
        <Button type="submit" size="lg" block busy={busy} disabled={busy}>
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <div className={styles.links}>
        <button type="button" className={styles.textLink} onClick={() => onSwitch('help')}>
          {t('register.help')}
        </button>
        {canResetPassword ? (
          <button type="button" className={styles.textLink} onClick={() => onSwitch('forgotPassword')}>
            {t('login.forgot')}
          </button>
        ) : null}
      </div>
      <div className={styles.switch}>
        <span>{t('register.haveAccount')}</span>
        <button type="button" className={styles.textLink} onClick={() => onSwitch('login')}>
          {t('register.logInNow')}
        </button>
      </div>
      {cs.length > 0 ? (
        <button type="button" className={styles.csLink} onClick={() => openCs(cs[0])}>
          <Icon name="headset" size={18} />
          {t('login.customerService')}
        </button>
      ) : null}
      <WarningDialog
        open={invitationPopup !== null}
        onClose={() => setInvitationPopup(null)}
        title={t('register.invitationTitle')}
        text={`${t('register.invitationInvalid', { code: invitationPopup ?? '' })} ${t('errors.contactAgent')}`}
        action={t('register.invitationSubmit')}
        dataModal="invitation-invalid"
      />
    </div>
  );
}

const code = (data: Record<string, unknown>) => String(data.affiliateCode ?? '');

/** The register body: empty fields dropped, the WEB method, where and how it was made. */
function payload(
  data: Record<string, unknown>,
  mobile: MobileValue,
  referralCode: string | undefined,
  captchaId: string | null,
) {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) {
    if (
      typeof v === 'string' &&
      v !== '' &&
      !['username', 'password', 'confirmPassword', 'mobileNum'].includes(k)
    ) {
      fields[k] = v;
    }
  }
  if (mobile.number.trim()) Object.assign(fields, mobilePayload(mobile));
  if (referralCode && /^[A-Za-z0-9]{1,32}$/.test(referralCode)) fields.referralCode = referralCode;
  if (captchaId && fields.captcha) fields.captchaId = captchaId;
  return {
    ...fields,
    agreeTerms: true,
    registerMethod: 'WEB' as const,
    registerUrl: window.location.href,
    domain: window.location.hostname,
    login: true,
  };
}

/** Spec §4 Affiliate code field: a link's code is checked once when the form opens. */
function useAffiliateFromLink(search: string, onInvalid: (code: string) => void): AffiliateState {
  const [linkCode] = useState(() => affiliateCodeFromUrl(search));
  const [state, setState] = useState<AffiliateState>(() =>
    linkCode ? { status: 'checking', code: linkCode } : { status: 'none' },
  );
  const invalid = useRef(onInvalid);
  invalid.current = onInvalid;
  useEffect(() => {
    if (!linkCode) return;
    let live = true;
    void resolveAffiliate(linkCode, checkAffiliateCode).then((next) => {
      if (!live) return;
      setState(next);
      if (next.status === 'invalid') invalid.current(next.code);
    });
    return () => {
      live = false;
    };
  }, [linkCode]);
  return state;
}

function ProfileInput({
  field,
  value,
  onChange,
  error,
}: {
  field: ProfileFieldPlan;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  const { t } = useAccountTexts();
  const label = t(`fields.${field.key}`);
  const optional = !field.required;
  const { type, maxLength } = field.rule;
  if (type === 'password') {
    return (
      <PasswordField
        name={field.key}
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        optional={optional}
        autoComplete="new-password"
        maxLength={maxLength}
      />
    );
  }
  return (
    <TextField
      name={field.key}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      optional={optional}
      maxLength={maxLength}
      type={type === 'email' ? 'email' : type === 'tel' ? 'tel' : 'text'}
      inputMode={type === 'number' || type === 'tel' ? 'numeric' : undefined}
      autoComplete={field.key === 'email' ? 'email' : field.key === 'payeeName' ? 'name' : 'off'}
    />
  );
}
