import type { LoginValue } from '@aurum/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Spinner } from '../../../../components/ui';
import { FormFailure, PasswordField, RequiredNote, TextField, useForm } from '../../../../components/ui/form';
import fieldStyles from '../../../../components/ui/form/fields.module.css';
import { accountErrorText, fieldProblemsOf, wantsCaptcha } from '../../../../lib/account/errors';
import {
  e164Of,
  FIREBASE_CODE_MINUTES,
  type FirebaseErrorKey,
  type FirebasePhoneConfig,
  firebaseErrorKey,
  type PhoneConfirmation,
  sendFirebaseCode,
} from '../../../../lib/account/firebase/phone';
import { type AccountSettingsView, useRegisterSettings } from '../../../../lib/account/register-settings';
import { describeProblem, PROFILE_FIELDS, validateRegistration } from '../../../../lib/account/rules';
import { useAccountTexts } from '../../../../lib/account/texts';
import { WarningDialog } from '../../../../lib/account/warning-dialog';
import { errorCodeOf } from '../../../../lib/api';
import { useFeature } from '../../../../lib/site';
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
import { CustomerServiceLink, PanelSwitch } from './panel-footer';
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

/** The register form's text fields; the mobile number and the terms box hold their own kinds. */
const TEXT_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'verificationCode',
  'captcha',
  'affiliateCode',
  ...PROFILE_FIELDS,
] as const;
type Values = Record<(typeof TEXT_FIELDS)[number], string> & { mobileNum: MobileValue; agreeTerms: boolean };

const emptyValues = (): Values => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<(typeof TEXT_FIELDS)[number], string>),
  mobileNum: emptyMobile,
  agreeTerms: false,
});

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
  const canResetPassword = useFeature('PASS3');
  const modes = registerModes(settings.signIn);
  const [chosen, setMode] = useState<RegisterMode | null>(null);
  const mode = chosen && modes.includes(chosen) ? chosen : (modes[0] ?? 'register');
  const plan = registerFieldPlan(settings, mode);
  const { rules } = settings;
  const referralCode =
    givenReferral ?? new URLSearchParams(location.search).get('referralCode')?.trim() ?? undefined;

  const [invitationPopup, setInvitationPopup] = useState<string | null>(null);
  const captcha = useCaptcha(plan.captcha);
  const affiliate = useAffiliateFromLink(location.search, (code) => {
    form.setValues({ affiliateCode: code });
    setInvitationPopup(code);
  });
  const showAffiliate = affiliateFieldShown(affiliate, plan.affiliateRule);
  const firebase = plan.verificationCode ? settings.firebasePhone : undefined;
  const phone = useFirebasePhone(firebase);

  /** What the contract's validateRegistration (and the server) gets: the shown fields, trimmed. */
  const formValues = (v: Values): Record<string, unknown> => {
    const out: Record<string, unknown> = {
      mobileNum: v.mobileNum.number.trim(),
      agreeTerms: v.agreeTerms,
      affiliateCode: affiliate.status === 'valid' ? affiliate.code : v.affiliateCode.trim(),
    };
    if (plan.username) out.username = v.username.trim();
    if (plan.password) {
      out.password = v.password;
      out.confirmPassword = v.confirmPassword;
    }
    if (plan.verificationCode) out.verificationCode = v.verificationCode.trim();
    if (plan.captcha) out.captcha = v.captcha.trim();
    for (const f of plan.profile) out[f.key] = f.rule.type === 'password' ? v[f.key] : v[f.key].trim();
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

  const form = useForm<Values>({
    initial: emptyValues,
    validate: (v) => check(formValues(v)),
    describe: describeProblem(t, rules, settings.birthdayMinAge),
    onSubmit: async (v, form) => {
      const data = formValues(v);
      try {
        const code = String(data.affiliateCode ?? '');
        if (showAffiliate && code) {
          try {
            await checkAffiliateCode(code);
          } catch {
            form.setErrors({ affiliateCode: { key: 'invalid_invitation_code' } });
            setInvitationPopup(code);
            return;
          }
        }
        // Spec §4: with the firebase channel, Firebase checks the code first; a failure stops quietly.
        let firebaseIdToken: string | undefined;
        if (firebase) {
          const proof = await phone.prove(String(data.verificationCode ?? ''));
          if ('failure' in proof) {
            form.setFailure(t(proof.failure));
            return;
          }
          firebaseIdToken = proof.token;
        }
        const body = {
          ...payload(data, v.mobileNum, referralCode, plan.captcha ? captcha.captchaId : null),
          ...(firebaseIdToken ? { firebaseIdToken } : {}),
        };
        const password = String(data.password ?? '');
        const confirmPassword = String(data.confirmPassword ?? '');
        const reply =
          mode === 'register'
            ? await registerByUsername({
                ...body,
                username: String(data.username),
                password,
                confirmPassword,
              })
            : await registerByMobile({
                ...body,
                ...mobilePayload(v.mobileNum),
                ...(plan.password ? { password, confirmPassword } : {}),
              });
        if (reply.login) onRegistered(reply.login, 'register');
        else onSwitch('login');
      } catch (error) {
        const problems = fieldProblemsOf(error);
        if (Object.keys(problems).length > 0) form.setErrors(problems);
        if (errorCodeOf(error) === 'affiliate.invalid') setInvitationPopup(affiliateCodeOf(data));
        if (wantsCaptcha(error) || plan.captcha) {
          form.setValues({ captcha: '' });
          captcha.refresh();
        }
        form.setFailure(accountErrorText(t, tc, error));
      }
    },
  });

  const sendCode = firebase
    ? () => phone.send(form.values.mobileNum)
    : () => requestSmsCode('register', mobilePayload(form.values.mobileNum));
  const validateMobile = () => {
    const mobile = form.values.mobileNum;
    const problem =
      check(formValues(form.values)).mobileNum ?? (mobile.dialingCode ? null : { key: 'invalid_mobile' });
    form.setError('mobileNum', problem);
    return !problem;
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
            form.setErrors({});
            form.setFailure(null);
          }}
          items={[
            { value: 'register', label: t('register.modeUsername'), icon: 'user' },
            { value: 'registerMobile', label: t('register.modeMobile'), icon: 'phone' },
          ]}
        />
      ) : null}
      <form {...form.props} className={styles.form}>
        <RequiredNote />
        {plan.username ? (
          <TextField
            {...form.field('username')}
            label={t('fields.username')}
            autoComplete="username"
            maxLength={64}
          />
        ) : null}
        {plan.mobile !== 'hidden' ? (
          <MobileField {...form.field('mobileNum')} optional={plan.mobile === 'optional'} />
        ) : null}
        {plan.verificationCode ? (
          <TextField
            {...form.field('verificationCode')}
            label={t('fields.verificationCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={255}
            suffix={
              <SmsButton
                validate={validateMobile}
                send={sendCode}
                describeFailure={firebase ? (error) => t(firebaseErrorKey(error)) : undefined}
              />
            }
          />
        ) : null}
        {firebase ? <div ref={phone.host} data-recaptcha /> : null}
        {plan.password ? (
          <>
            <PasswordField
              {...form.field('password')}
              label={t('fields.password')}
              autoComplete="new-password"
              maxLength={128}
            />
            <PasswordField
              {...form.field('confirmPassword')}
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              maxLength={128}
            />
          </>
        ) : null}
        {plan.profile.map((f) => (
          <ProfileInput key={f.key} field={f} {...form.field(f.key)} />
        ))}
        {showAffiliate ? (
          <TextField
            {...form.field('affiliateCode')}
            label={t('fields.affiliateCode')}
            optional
            maxLength={32}
            autoComplete="off"
          />
        ) : null}
        {referralCode ? (
          <p className={styles.note}>{t('register.referral', { code: referralCode })}</p>
        ) : null}
        {plan.captcha ? <CaptchaField {...form.field('captcha')} captcha={captcha} /> : null}
        <div className={fieldStyles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="agreeTerms"
              checked={form.values.agreeTerms}
              aria-invalid={form.errors.agreeTerms ? true : undefined}
              onChange={(e) => form.setValue('agreeTerms', e.target.checked)}
            />
            <span>{t('register.agree', { age: settings.ageLimit })}</span>
          </label>
          {form.errors.agreeTerms ? <p className={fieldStyles.error}>{form.errors.agreeTerms}</p> : null}
        </div>
        <FormFailure>{form.failure}</FormFailure>
        <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
          {form.submitting ? t('register.submitting') : t('register.submit')}
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
      <PanelSwitch
        lead={t('register.haveAccount')}
        label={t('register.logInNow')}
        onClick={() => onSwitch('login')}
      />
      <CustomerServiceLink />
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

const affiliateCodeOf = (data: Record<string, unknown>) => String(data.affiliateCode ?? '');

/**
 * The firebase channel of the register form (spec §4): Firebase sends the code (its SDK loaded on
 * the first send), and the typed code is confirmed with Firebase before registering, giving the
 * ID token the server checks. A confirmed code's token is kept, so a registration refused for
 * another reason can be sent again with it.
 */
function useFirebasePhone(config: FirebasePhoneConfig | undefined) {
  const host = useRef<HTMLDivElement>(null);
  const pending = useRef<PhoneConfirmation | null>(null);
  const proven = useRef<{ code: string; token: string } | null>(null);
  return {
    host,
    send: async (mobile: MobileValue) => {
      if (!config || !host.current) throw new Error('firebase channel off');
      pending.current = await sendFirebaseCode(
        config,
        e164Of(mobile.dialingCode, mobile.number),
        host.current,
      );
      proven.current = null;
      return { expiredMinutes: FIREBASE_CODE_MINUTES };
    },
    prove: async (code: string): Promise<{ token: string } | { failure: FirebaseErrorKey }> => {
      if (proven.current?.code === code) return { token: proven.current.token };
      if (!pending.current) return { failure: 'errors.phoneSendFirst' };
      try {
        const token = await pending.current.confirm(code);
        proven.current = { code, token };
        return { token };
      } catch (error) {
        return { failure: firebaseErrorKey(error) };
      }
    },
  };
}

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
