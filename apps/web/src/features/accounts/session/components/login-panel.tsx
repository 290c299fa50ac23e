import type { IpVerificationChannel, LoginValue } from '@aurum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../../components/ui';
import {
  type Form,
  FormFailure,
  PasswordField,
  type Problem,
  TextField,
  useForm,
} from '../../../../components/ui/form';
import {
  accountErrorText,
  fieldProblemsOf,
  secondFactorTicketOf,
  wantsCaptcha,
} from '../../../../lib/account/errors';
import { socialProvidersOf, useRegisterSettings } from '../../../../lib/account/register-settings';
import { describeProblem } from '../../../../lib/account/rules';
import { useAgentSite } from '../../../../lib/account/site';
import { useAccountTexts } from '../../../../lib/account/texts';
import { WarningDialog } from '../../../../lib/account/warning-dialog';
import { errorCodeOf, isApiError } from '../../../../lib/api';
import { RECOVERY_CODE_PATTERN } from '../../../../lib/contract';
import { useBrand, useFeature } from '../../../../lib/site';
import { login, loginWithRememberCookie, requestUnlockLink } from '../api/login';
import { requestLoginCode } from '../api/verification';
import { useCaptcha } from '../hooks/use-captcha';
import type { LoginMethod } from '../model/after-login';
import { type LoginMode, loginModes } from '../model/modes';
import { forgetRememberedAccount, getRememberedAccount, saveRememberedAccount } from '../model/remember';
import styles from './auth.module.css';
import { CaptchaField } from './captcha-field';
import { emptyMobile, MobileField, type MobileValue, mobilePayload, mobileProblem } from './mobile-field';
import { ModeSwitch } from './mode-switch';
import { CustomerServiceLink, PanelSwitch } from './panel-footer';
import { type AuthTarget, PanelTitle } from './panel-title';
import { SmsButton } from './sms-button';
import { SocialButtons } from './social-buttons';
import { TwoFactorStep } from './two-factor-step';

interface LoginPanelProps {
  inModal: boolean;
  onSwitch: (target: AuthTarget) => void;
  onLoggedIn: (value: LoginValue, method: LoginMethod) => void;
  /** A social sign-in's hand-off answered login.two.factor: open at the two-factor check. */
  twoFactorTicket?: string | undefined;
}

/** The first step was right but the member has two-factor sign-in on (login.two.factor). */
interface SecondStep {
  ticket: string;
  method: LoginMethod;
  remember: boolean;
}

interface Values {
  username: string;
  password: string;
  remember: boolean;
  mobileNum: MobileValue;
  code: string;
  captcha: string;
  ipVerificationCode: string;
}

/** LOGINIPVERF3: the channel in use, where its code went (masked; '' before one is sent), and all of the member's. */
interface IpCheck {
  channel: IpVerificationChannel;
  destination: string;
  channels: IpVerificationChannel[];
}

const IP_CHANNELS: readonly IpVerificationChannel[] = ['sms', 'email', 'totp', 'recovery', 'bank'];
const isIpChannel = (v: unknown): v is IpVerificationChannel =>
  (IP_CHANNELS as readonly unknown[]).includes(v);

const IP_TEXT = {
  totp: 'login.ipTotp',
  recovery: 'login.ipRecovery',
  bank: 'login.ipBank',
} as const;

/** login.ip.verification's details: the channel asked, where its code went, and every channel. */
export function ipCheckOf(error: unknown): IpCheck {
  const details = isApiError(error) ? (error.details ?? {}) : {};
  const channels = (details.channels ?? '').split(',').filter(isIpChannel);
  const channel = isIpChannel(details.channel) ? details.channel : (channels[0] ?? 'sms');
  return {
    channel,
    destination: details.destination ?? '',
    channels: channels.length ? channels : [channel],
  };
}

/** What the login call takes for the channel: a code (six digits or a recovery code) or a name. */
export function ipProof(channel: IpVerificationChannel, typed: string) {
  const value = typed.trim();
  if (!value) return { ipVerificationChannel: channel };
  if (channel === 'bank') return { ipVerificationChannel: channel, ipVerificationName: value };
  return {
    ipVerificationChannel: channel,
    ipVerificationCode: channel === 'recovery' ? value : value.replace(/\s/g, ''),
  };
}

function ipLabel(t: ReturnType<typeof useAccountTexts>['t'], channel: IpVerificationChannel): string {
  if (channel === 'bank') return t('login.ipName');
  if (channel === 'sms' || channel === 'email') return t('login.ipCode');
  return t(`login.ipChannels.${channel}`);
}

/** The masked stand-in for a remembered password: the browser never holds the real one. */
const REMEMBERED_MASK = '••••••••';

/**
 * Spec §2 Login modal: username and SMS modes, captcha when asked for, remember me (a server
 * token, checklist decision), show/hide password, forgot password, customer service, register,
 * social sign-in. The agent page hides remember me and social sign-in and signs in as an agent.
 */
export function LoginPanel({ inModal, onSwitch, onLoggedIn, twoFactorTicket }: LoginPanelProps) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const brand = useBrand();
  const canRegister = useFeature('DIRECTREG3');
  const canResetPassword = useFeature('PASS3');
  const settings = useRegisterSettings().data;
  const agentSite = useAgentSite();
  const site = agentSite ? 'agent' : 'member';
  const modes = loginModes(settings?.signIn);
  const [chosenMode, setMode] = useState<LoginMode | null>(null);
  const mode = chosenMode && modes.includes(chosenMode) ? chosenMode : (modes[0] ?? 'username');

  const [remembered, setRemembered] = useState(() => (agentSite ? null : getRememberedAccount()));
  // LOGINIPVERF3: how the member proves a sign-in from a new network (where a code went).
  const [ipCheck, setIpCheck] = useState<IpCheck | null>(null);
  const [askedForCaptcha, setAskedForCaptcha] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(() =>
    twoFactorTicket ? { ticket: twoFactorTicket, method: 'social', remember: false } : null,
  );
  const captchaShown =
    mode === 'username' && !remembered && (askedForCaptcha || Boolean(settings?.loginCaptcha));
  const captcha = useCaptcha(captchaShown || (mode === 'sms' && Boolean(settings?.loginCaptcha)));
  const [formatWarning, setFormatWarning] = useState(false);
  // The account name is locked: the member may ask for an unlock link (sent once asked).
  const [locked, setLocked] = useState<'no' | 'yes' | 'asking' | 'sent'>('no');
  const rules = settings?.rules ?? [];
  const providers = agentSite ? [] : socialProvidersOf(settings);

  const ipProofProblem = (channel: IpVerificationChannel, typed: string): Problem => {
    const value = typed.trim();
    if (channel === 'bank') return value ? null : t('login.ipNameRequired');
    if (channel === 'recovery')
      return RECOVERY_CODE_PATTERN.test(value) ? null : t('login.ipRecoveryRequired');
    return /^[0-9]{6}$/.test(value.replace(/\s/g, '')) ? null : t('login.codeRequired');
  };

  const validate = (v: Values): Record<string, Problem> => {
    // A remembered sign-in sends no form: the server holds the token.
    if (mode === 'username' && remembered) return {};
    if (mode === 'sms') {
      return {
        mobileNum: mobileProblem(rules, v.mobileNum),
        code: /^[0-9]{6}$/.test(v.code.trim()) ? null : t('login.codeRequired'),
      };
    }
    return {
      username: v.username.trim() ? null : t('login.usernameRequired'),
      password: v.password.trim() ? null : t('login.passwordRequired'),
      captcha: captchaShown && !v.captcha.trim() ? t('login.captchaRequired') : null,
      ipVerificationCode:
        ipCheck !== null && (ipCheck.destination || !['sms', 'email'].includes(ipCheck.channel))
          ? ipProofProblem(ipCheck.channel, v.ipVerificationCode)
          : null,
    };
  };

  /** A failure of the first step; login.two.factor moves on to the two-factor check instead. */
  const failed = (error: unknown, form: Form<Values>, step: Omit<SecondStep, 'ticket'>) => {
    const ticket = secondFactorTicketOf(error);
    if (ticket) {
      form.setFailure(null);
      setSecondStep({ ticket, ...step });
      return;
    }
    const code = errorCodeOf(error);
    if (code === 'login.ip.verification') {
      setIpCheck(ipCheckOf(error));
      form.setValues({ ipVerificationCode: '' });
      form.setFailure(null);
      return;
    }
    if (code === 'login.ip.unverifiable') {
      form.setFailure(t('errors.ipUnverifiable'));
      return;
    }
    setLocked(code === 'login.locked' ? 'yes' : 'no');
    const problems = fieldProblemsOf(error);
    if (problems.mobileNum) form.setErrors({ mobileNum: problems.mobileNum });
    if (wantsCaptcha(error)) {
      setAskedForCaptcha(true);
      form.setValues({ captcha: '' });
      captcha.refresh();
    }
    form.setFailure(accountErrorText(t, tc, error));
  };

  const succeed = (value: LoginValue, method: LoginMethod, remember: boolean) => {
    if (!agentSite && remember) saveRememberedAccount(value.userName);
    else if (!agentSite) forgetRememberedAccount();
    onLoggedIn(value, method);
  };

  const submitRemembered = async (v: Values, form: Form<Values>) => {
    try {
      succeed(await loginWithRememberCookie(site), 'remember', v.remember);
    } catch (error) {
      if (secondFactorTicketOf(error)) {
        failed(error, form, { method: 'remember', remember: v.remember });
        return;
      }
      // The saved sign-in is gone (expired, revoked, used): back to the normal form.
      forgetRememberedAccount();
      setRemembered(null);
      form.setValues({ password: '' });
      form.setFailure(
        errorCodeOf(error) === 'user.or.token.invalid'
          ? t('login.rememberFailed')
          : accountErrorText(t, tc, error),
      );
    }
  };

  const submitForm = async (v: Values, form: Form<Values>) => {
    const remember = v.remember && !agentSite;
    try {
      if (mode === 'username') {
        const answer = captchaShown ? { captcha: v.captcha.trim(), captchaId: captcha.captchaId ?? '' } : {};
        const value = await login({
          type: 'username',
          username: v.username.trim(),
          password: v.password,
          site,
          remember,
          ...answer,
          ...(ipCheck !== null ? ipProof(ipCheck.channel, v.ipVerificationCode) : {}),
        });
        succeed(value, 'password', v.remember);
      } else {
        const value = await login({
          type: 'sms',
          ...mobilePayload(v.mobileNum),
          code: v.code.trim(),
          site,
          remember,
        });
        succeed(value, 'sms', v.remember);
      }
    } catch (error) {
      failed(error, form, { method: mode === 'username' ? 'password' : 'sms', remember: v.remember });
    }
  };

  const form = useForm<Values>({
    initial: () => ({
      username: remembered ?? '',
      password: '',
      remember: remembered !== null,
      mobileNum: emptyMobile,
      code: '',
      captcha: '',
      ipVerificationCode: '',
    }),
    validate,
    describe: describeProblem(t, rules),
    onInvalid: () => setFormatWarning(true),
    onSubmit: (v, form) =>
      remembered && mode === 'username' ? submitRemembered(v, form) : submitForm(v, form),
  });
  const username = form.values.username;

  const askUnlock = async () => {
    setLocked('asking');
    try {
      await requestUnlockLink(username.trim());
      setLocked('sent');
    } catch (error) {
      setLocked('yes');
      form.setFailure(accountErrorText(t, tc, error));
    }
  };

  /** Another way to prove the new network: sms and email ask the server to send a code. */
  const chooseIpChannel = async (channel: IpVerificationChannel) => {
    if (!ipCheck) return;
    form.setValues({ ipVerificationCode: '' });
    form.setErrors({});
    form.setFailure(null);
    if (channel !== 'sms' && channel !== 'email') {
      setIpCheck({ ...ipCheck, channel, destination: '' });
      return;
    }
    const v = form.values;
    try {
      const value = await login({
        type: 'username',
        username: v.username.trim(),
        password: v.password,
        site,
        remember: v.remember && !agentSite,
        ipVerificationChannel: channel,
      });
      succeed(value, 'password', v.remember);
    } catch (error) {
      failed(error, form, { method: 'password', remember: v.remember });
    }
  };

  const ipText = (check: IpCheck) => {
    if (check.channel === 'sms' || check.channel === 'email') {
      return check.destination
        ? t('login.ipCheck', { destination: check.destination })
        : t('login.ipSendPrompt');
    }
    return t(IP_TEXT[check.channel]);
  };

  const switchAccount = () => {
    forgetRememberedAccount();
    setRemembered(null);
    form.setValues({ username: '', remember: false });
  };

  if (secondStep) {
    const { method, remember } = secondStep;
    return (
      <div className={styles.panel} data-panel="login" data-site={site} data-step="two-factor">
        <PanelTitle inModal={inModal}>{t('login.twoFactorTitle')}</PanelTitle>
        <TwoFactorStep
          ticket={secondStep.ticket}
          onSignedIn={(value) =>
            // A social sign-in leaves the remembered account name as it was.
            method === 'social' ? onLoggedIn(value, method) : succeed(value, method, remember)
          }
          onRestart={(reason) => {
            setSecondStep(null);
            form.setFailure(reason);
          }}
        />
        <CustomerServiceLink />
      </div>
    );
  }

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
            form.setErrors({});
            form.setFailure(null);
          }}
          items={[
            { value: 'username', label: t('login.modeUsername'), icon: 'user' },
            { value: 'sms', label: t('login.modeSms'), icon: 'phone' },
          ]}
        />
      ) : null}
      <form {...form.props} className={styles.form} data-mode={mode}>
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
                  form.setValues({ username: v });
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
                  form.setValues({ username: remembered, password: v });
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
                {...form.field('username')}
                label={t('fields.username')}
                autoComplete="username"
                maxLength={64}
              />
              <PasswordField
                {...form.field('password')}
                label={t('fields.password')}
                autoComplete="current-password"
                maxLength={128}
              />
              {captchaShown ? <CaptchaField {...form.field('captcha')} captcha={captcha} /> : null}
              {ipCheck !== null ? (
                <div className={styles.ipCheck} data-ip-check="true" data-channel={ipCheck.channel}>
                  <p role="status" className={styles.note}>
                    <Icon name="lock" size={18} />
                    {ipText(ipCheck)}
                  </p>
                  {ipCheck.channels.length > 1 ? (
                    <fieldset className={styles.ipChannels}>
                      <legend>{t('login.ipChannel')}</legend>
                      {ipCheck.channels.map((channel) => (
                        <Button
                          key={channel}
                          size="sm"
                          variant={channel === ipCheck.channel ? 'primary' : 'secondary'}
                          aria-pressed={channel === ipCheck.channel}
                          disabled={form.submitting}
                          onClick={() => void chooseIpChannel(channel)}
                          data-ip-channel={channel}
                        >
                          {t(`login.ipChannels.${channel}`)}
                        </Button>
                      ))}
                    </fieldset>
                  ) : null}
                  {(ipCheck.channel === 'sms' || ipCheck.channel === 'email') && !ipCheck.destination ? (
                    <Button
                      variant="secondary"
                      onClick={() => void chooseIpChannel(ipCheck.channel)}
                      data-action="ip-send"
                    >
                      {t('login.ipSend')}
                    </Button>
                  ) : (
                    <TextField
                      {...form.field('ipVerificationCode')}
                      label={ipLabel(t, ipCheck.channel)}
                      {...(ipCheck.channel === 'bank' || ipCheck.channel === 'recovery'
                        ? { autoComplete: 'off' }
                        : { inputMode: 'numeric' as const, autoComplete: 'one-time-code' })}
                      maxLength={ipCheck.channel === 'bank' ? 64 : ipCheck.channel === 'recovery' ? 16 : 6}
                    />
                  )}
                </div>
              ) : null}
            </>
          )
        ) : (
          <>
            <MobileField {...form.field('mobileNum')} />
            <TextField
              {...form.field('code')}
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
                  send={() => requestLoginCode(mobilePayload(form.values.mobileNum))}
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
                checked={form.values.remember}
                onChange={(e) => form.setValue('remember', e.target.checked)}
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
        <FormFailure>{form.failure}</FormFailure>
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
        <Button type="submit" size="lg" block busy={form.submitting} disabled={form.submitting}>
          {form.submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      {providers.length > 0 ? <SocialButtons providers={providers} /> : null}
      {canRegister && !agentSite ? (
        <PanelSwitch
          lead={t('login.noAccount')}
          label={t('login.registerNow')}
          onClick={() => onSwitch('register')}
        />
      ) : null}
      <CustomerServiceLink />
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
