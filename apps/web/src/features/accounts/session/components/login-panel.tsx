import type { LoginValue } from '@aurum/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../../components/ui';
import { PasswordField, TextField } from '../../../../components/ui/form';
import { accountErrorText, fieldProblemsOf, wantsCaptcha } from '../../../../lib/account/errors';
import { socialProvidersOf, useRegisterSettings } from '../../../../lib/account/register-settings';
import { checkRule, fallbackRule, findRule, problemText } from '../../../../lib/account/rules';
import { useAgentSite } from '../../../../lib/account/site';
import { useAccountTexts } from '../../../../lib/account/texts';
import { WarningDialog } from '../../../../lib/account/warning-dialog';
import { errorCodeOf, isApiError } from '../../../../lib/api';
import { useBrand, useFeature, useResources } from '../../../../lib/site';
import { useOpenCustomerService } from '../../../../lib/support/customer-service';
import { login, loginWithRememberCookie, requestUnlockLink } from '../api/login';
import { requestLoginCode } from '../api/verification';
import { useCaptcha } from '../hooks/use-captcha';
import type { LoginMethod } from '../model/after-login';
import { type LoginMode, loginModes } from '../model/modes';
import { forgetRememberedAccount, getRememberedAccount, saveRememberedAccount } from '../model/remember';
import styles from './auth.module.css';
import { CaptchaField } from './captcha-field';
import { emptyMobile, MobileField, type MobileValue, mobilePayload } from './mobile-field';
import { ModeSwitch } from './mode-switch';
import { type AuthTarget, PanelTitle } from './panel-title';
import { SmsButton } from './sms-button';
import { SocialButtons } from './social-buttons';

interface LoginPanelProps {
  inModal: boolean;
  onSwitch: (target: AuthTarget) => void;
  onLoggedIn: (value: LoginValue, method: LoginMethod) => void;
}

type Errors = Partial<Record<'username' | 'password' | 'captcha' | 'mobileNum' | 'code' | 'ipCode', string>>;

/** The masked stand-in for a remembered password: the browser never holds the real one. */
const REMEMBERED_MASK = '••••••••';

/**
 * Spec §2 Login modal: username and SMS modes, captcha when asked for, remember me (a server
 * token, checklist decision), show/hide password, forgot password, customer service, register,
 * social sign-in. The agent page hides remember me and social sign-in and signs in as an agent.
 */
export function LoginPanel({ inModal, onSwitch, onLoggedIn }: LoginPanelProps) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const brand = useBrand();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  const canRegister = useFeature('DIRECTREG3');
  const canResetPassword = useFeature('PASS3');
  const settings = useRegisterSettings().data;
  const agentSite = useAgentSite();
  const site = agentSite ? 'agent' : 'member';
  const modes = loginModes(settings?.signIn);
  const [chosenMode, setMode] = useState<LoginMode | null>(null);
  const mode = chosenMode && modes.includes(chosenMode) ? chosenMode : (modes[0] ?? 'username');

  const form = useRef<HTMLFormElement>(null);
  const [remembered, setRemembered] = useState(() => (agentSite ? null : getRememberedAccount()));
  const [username, setUsername] = useState(() => remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [mobile, setMobile] = useState<MobileValue>(emptyMobile);
  const [code, setCode] = useState('');
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  // LOGINIPVERF3: where the server sent the code for a sign-in from a new network.
  const [ipCheck, setIpCheck] = useState<string | null>(null);
  const [ipCode, setIpCode] = useState('');
  const [askedForCaptcha, setAskedForCaptcha] = useState(false);
  const captchaShown =
    mode === 'username' && !remembered && (askedForCaptcha || Boolean(settings?.loginCaptcha));
  const captcha = useCaptcha(captchaShown || (mode === 'sms' && Boolean(settings?.loginCaptcha)));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [formatWarning, setFormatWarning] = useState(false);
  // The account name is locked: the member may ask for an unlock link (sent once asked).
  const [locked, setLocked] = useState<'no' | 'yes' | 'asking' | 'sent'>('no');
  const [busy, setBusy] = useState(false);
  const rules = settings?.rules ?? [];
  const providers = agentSite ? [] : socialProvidersOf(settings);

  const stopWith = (next: Errors) => {
    setErrors(next);
    setFormatWarning(true);
  };

  const validate = (): Errors => {
    const next: Errors = {};
    if (mode === 'username') {
      if (!username.trim()) next.username = t('login.usernameRequired');
      if (!password.trim()) next.password = t('login.passwordRequired');
      if (captchaShown && !captchaAnswer.trim()) next.captcha = t('login.captchaRequired');
      if (ipCheck !== null && !/^[0-9]{6}$/.test(ipCode.trim())) next.ipCode = t('login.codeRequired');
    } else {
      const mobileProblem = checkMobile();
      if (mobileProblem) next.mobileNum = mobileProblem;
      if (!/^[0-9]{6}$/.test(code.trim())) next.code = t('login.codeRequired');
    }
    return next;
  };

  const checkMobile = (): string | undefined => {
    const rule = findRule(rules, 'mobileNum') ?? fallbackRule('mobileNum');
    const problem = checkRule({ ...rule, enabled: true, required: true }, mobile.number.trim());
    if (problem) return problemText(t, problem.key, 'mobileNum', rules);
    if (!mobile.dialingCode) return t('problems.invalid_mobile');
    return undefined;
  };

  const failed = (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'login.ip.verification') {
      setIpCheck((isApiError(error) && error.details?.destination) || '');
      setIpCode('');
      setFailure(null);
      return;
    }
    if (code === 'login.ip.unverifiable') {
      setFailure(t('errors.ipUnverifiable'));
      return;
    }
    setLocked(code === 'login.locked' ? 'yes' : 'no');
    const problems = fieldProblemsOf(error);
    if (problems.mobileNum) setErrors({ mobileNum: problemText(t, problems.mobileNum, 'mobileNum', rules) });
    if (wantsCaptcha(error)) {
      setAskedForCaptcha(true);
      setCaptchaAnswer('');
      captcha.refresh();
    }
    setFailure(accountErrorText(t, tc, error));
  };

  const askUnlock = async () => {
    setLocked('asking');
    try {
      await requestUnlockLink(username.trim());
      setLocked('sent');
    } catch (error) {
      setLocked('yes');
      setFailure(accountErrorText(t, tc, error));
    }
  };

  const succeed = (value: LoginValue, method: LoginMethod) => {
    if (!agentSite && remember) saveRememberedAccount(value.userName);
    else if (!agentSite) forgetRememberedAccount();
    onLoggedIn(value, method);
  };

  const submitRemembered = async () => {
    try {
      succeed(await loginWithRememberCookie(site), 'remember');
    } catch (error) {
      // The saved sign-in is gone (expired, revoked, used): back to the normal form.
      forgetRememberedAccount();
      setRemembered(null);
      setPassword('');
      setFailure(
        errorCodeOf(error) === 'user.or.token.invalid'
          ? t('login.rememberFailed')
          : accountErrorText(t, tc, error),
      );
    }
  };

  const submitForm = async () => {
    const next = validate();
    if (Object.keys(next).length > 0) {
      stopWith(next);
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    try {
      if (mode === 'username') {
        const answer = captchaShown
          ? { captcha: captchaAnswer.trim(), captchaId: captcha.captchaId ?? '' }
          : {};
        const value = await login({
          type: 'username',
          username: username.trim(),
          password,
          site,
          remember: remember && !agentSite,
          ...answer,
          ...(ipCheck !== null ? { ipVerificationCode: ipCode.trim() } : {}),
        });
        succeed(value, 'password');
      } else {
        const value = await login({
          type: 'sms',
          ...mobilePayload(mobile),
          code: code.trim(),
          site,
          remember: remember && !agentSite,
        });
        succeed(value, 'sms');
      }
    } catch (error) {
      failed(error);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      if (remembered && mode === 'username') await submitRemembered();
      else await submitForm();
    } finally {
      setBusy(false);
    }
  };

  const switchAccount = () => {
    forgetRememberedAccount();
    setRemembered(null);
    setUsername('');
    setRemember(false);
  };

  return (
    <div className={styles.panel} data-panel="login" data-site={site}>
      <PanelTitle inModal={inModal}>{agentSite ? t('login.agentTitle') : t('login.title')}</PanelTitle>
      <p className={styles.lead}>
        {agentSite ? t('login.agentSubtitle') : t('login.subtitle', { brand: brand.name })}
      </p>
      {modes.length > 1 ? (
        <ModeSwitch
          label={t('login.modes')}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setErrors({});
            setFailure(null);
          }}
          items={[
            { value: 'username', label: t('login.modeUsername'), icon: 'user' },
            { value: 'sms', label: t('login.modeSms'), icon: 'phone' },
          ]}
        />
      ) : null}
      <form ref={form} className={styles.form} noValidate onSubmit={(e) => void submit(e)} data-mode={mode}>
        {mode === 'username' ? (
          remembered ? (
            <div className={styles.remembered} data-remembered="true">
              <p>{t('login.rememberedAs', { account: remembered })}</p>
              <TextField
                name="username"
                label={t('fields.username')}
                value={remembered}
                onChange={(v) => {
                  switchAccount();
                  setUsername(v);
                }}
                autoComplete="username"
              />
              <PasswordField
                name="password"
                label={t('fields.password')}
                value=""
                placeholder={REMEMBERED_MASK}
                onChange={(v) => {
                  switchAccount();
                  setUsername(remembered);
                  setPassword(v);
                }}
                autoComplete="current-password"
              />
              <button type="button" className={styles.textLink} onClick={switchAccount}>
                {t('login.useAnother')}
              </button>
            </div>
          ) : (
            <>
              <TextField
                name="username"
                label={t('fields.username')}
                value={username}
                onChange={setUsername}
                error={errors.username}
                autoComplete="username"
                maxLength={64}
              />
              <PasswordField
                name="password"
                label={t('fields.password')}
                value={password}
                onChange={setPassword}
                error={errors.password}
                autoComplete="current-password"
                maxLength={128}
              />
              {captchaShown ? (
                <CaptchaField
                  captcha={captcha}
                  value={captchaAnswer}
                  onChange={setCaptchaAnswer}
                  error={errors.captcha}
                />
              ) : null}
              {ipCheck !== null ? (
                <div className={styles.ipCheck} data-ip-check="true">
                  <p role="status" className={styles.note}>
                    <Icon name="lock" size={18} />
                    {t('login.ipCheck', { destination: ipCheck })}
                  </p>
                  <TextField
                    name="ipVerificationCode"
                    label={t('login.ipCode')}
                    value={ipCode}
                    onChange={setIpCode}
                    error={errors.ipCode}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                  />
                </div>
              ) : null}
            </>
          )
        ) : (
          <>
            <MobileField value={mobile} onChange={setMobile} error={errors.mobileNum} />
            <TextField
              name="code"
              label={t('fields.smsCode')}
              value={code}
              onChange={setCode}
              error={errors.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              suffix={
                <SmsButton
                  validate={() => {
                    const problem = checkMobile();
                    setErrors(problem ? { mobileNum: problem } : {});
                    return !problem;
                  }}
                  send={() => requestLoginCode(mobilePayload(mobile))}
                />
              }
            />
          </>
        )}
        <div className={styles.row}>
          {agentSite ? null : (
            <label className={styles.check}>
              <input
                type="checkbox"
                name="remember"
                checked={remember}
                onChange={(e) => setRemember(e.target.checked)}
              />
              <span>{t('login.remember')}</span>
            </label>
          )}
          {canResetPassword ? (
            <button type="button" className={styles.textLink} onClick={() => onSwitch('forgotPassword')}>
              {t('login.forgot')}
            </button>
          ) : null}
        </div>
        {failure ? (
          <p role="alert" className={styles.failure}>
            <Icon name="alert" size={18} />
            {failure}
          </p>
        ) : null}
        {locked === 'sent' ? (
          <p role="status" className={styles.note} data-unlock="sent">
            <Icon name="lock" size={18} />
            {t('login.unlockSent')}
          </p>
        ) : locked !== 'no' && username.trim() ? (
          <button
            type="button"
            className={styles.textLink}
            disabled={locked === 'asking'}
            onClick={() => void askUnlock()}
            data-unlock="ask"
          >
            {t('login.unlockAsk')}
          </button>
        ) : null}
        <Button type="submit" size="lg" block busy={busy} disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      {providers.length > 0 ? <SocialButtons providers={providers} /> : null}
      {canRegister && !agentSite ? (
        <div className={styles.switch}>
          <span>{t('login.noAccount')}</span>
          <button type="button" className={styles.textLink} onClick={() => onSwitch('register')}>
            {t('login.registerNow')}
          </button>
        </div>
      ) : null}
      {cs.length > 0 ? (
        <button type="button" className={styles.csLink} onClick={() => openCs(cs[0])}>
          <Icon name="headset" size={18} />
          {t('login.customerService')}
        </button>
      ) : null}
      <WarningDialog
        open={formatWarning}
        onClose={() => setFormatWarning(false)}
        title={t('login.title')}
        text={tc('in_incorrect_password')}
        dataModal="login-warning"
      />
    </div>
  );
}
