import type { BindingChannel, SocialProvider } from '@aurum/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Spinner } from '../../../../components/ui';
import { FormFailure, PasswordField, TextField, useForm } from '../../../../components/ui/form';
import { accountErrorText } from '../../../../lib/account/errors';
import { useRegisterSettings } from '../../../../lib/account/register-settings';
import { describeProblem } from '../../../../lib/account/rules';
import { useAccountTexts } from '../../../../lib/account/texts';
import { errorCodeOf } from '../../../../lib/api';
import { notify } from '../../../../lib/notify/notify';
import {
  emptyMobile,
  MobileField,
  type MobileValue,
  mobilePayload,
  mobileProblem,
} from '../../session/components/mobile-field';
import { SmsButton } from '../../session/components/sms-button';
import { sendBindingCode, startSocialLink, useBindings, useConfirmBinding, useUnlinkSocial } from './api';
import styles from './bindings.module.css';

type View =
  | { kind: 'list' }
  | { kind: 'bind'; channel: BindingChannel }
  | { kind: 'unlink'; provider: SocialProvider };

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The security centre's bindings: the email and mobile (bound or not; bind or change with a code
 * sent to the new address and the login password) and Google and Facebook sign-in (link, or
 * unlink with the password). The account name never changes.
 */
export function BindingsPanel() {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const bindings = useBindings();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [failure, setFailure] = useState<string | null>(null);
  const [linking, setLinking] = useState<SocialProvider | null>(null);
  const back = () => setView({ kind: 'list' });

  // Back from a provider with `linked=<provider>`: say so once and clean the address.
  useEffect(() => {
    const url = new URL(window.location.href);
    const provider = url.searchParams.get('linked');
    if (provider !== 'google' && provider !== 'facebook') return;
    url.searchParams.delete('linked');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    notify(t('bindings.linkedNow', { provider: PROVIDER_NAMES[provider] }), 'success');
  }, [t]);

  if (view.kind === 'bind') return <BindForm channel={view.channel} onDone={back} />;
  if (view.kind === 'unlink') return <UnlinkForm provider={view.provider} onDone={back} />;

  const value = bindings.data;
  if (!value) return <Spinner label={t('bindings.title')} />;

  const link = async (provider: SocialProvider) => {
    setFailure(null);
    setLinking(provider);
    try {
      const { location } = await startSocialLink({ provider, returnTo: window.location.pathname });
      window.location.assign(location);
    } catch (error) {
      setLinking(null);
      setFailure(accountErrorText(t, tc, error));
    }
  };

  const addressRow = (channel: BindingChannel, shown: string | null) => (
    <li className={styles.status} key={channel} data-binding={channel} data-bound={shown ? 'yes' : 'no'}>
      <Icon name={shown ? 'check' : 'lock'} size={18} />
      <span>
        {t(`bindings.${channel}`)}: {shown ?? t('bindings.notBound')}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={!value.hasPassword}
        onClick={() => setView({ kind: 'bind', channel })}
        data-action={`bind-${channel}`}
      >
        {shown ? t('bindings.change') : t('bindings.bind')}
      </Button>
    </li>
  );

  return (
    <div className={styles.panel} data-bindings="true">
      <p className={styles.muted}>{t('bindings.lead')}</p>
      {value.hasPassword ? null : <p className={styles.muted}>{t('bindings.needsPassword')}</p>}
      <ul className={styles.list}>
        {addressRow('email', value.email)}
        {addressRow('mobile', value.mobile)}
        {value.social.map(({ provider, linked }) => (
          <li
            className={styles.status}
            key={provider}
            data-binding={provider}
            data-bound={linked ? 'yes' : 'no'}
          >
            <Icon name={linked ? 'check' : 'lock'} size={18} />
            <span>
              {PROVIDER_NAMES[provider]}: {linked ? t('bindings.linked') : t('bindings.notLinked')}
            </span>
            {linked ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={!value.hasPassword}
                onClick={() => setView({ kind: 'unlink', provider })}
                data-action={`unlink-${provider}`}
              >
                {t('bindings.unlink')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                busy={linking === provider}
                disabled={linking !== null}
                onClick={() => void link(provider)}
                data-action={`link-${provider}`}
              >
                {t('bindings.link')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <FormFailure>{failure}</FormFailure>
    </div>
  );
}

interface BindValues {
  email: string;
  mobileNum: MobileValue;
  code: string;
  password: string;
}

/** A new email or mobile: its code (sent with the button) and the login password. */
function BindForm({ channel, onDone }: { channel: BindingChannel; onDone: () => void }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const rules = useRegisterSettings().data?.rules ?? [];
  const confirm = useConfirmBinding();
  const address = (v: BindValues) =>
    channel === 'email' ? { channel, email: v.email.trim() } : { channel, ...mobilePayload(v.mobileNum) };
  const form = useForm<BindValues>({
    initial: { email: '', mobileNum: emptyMobile, code: '', password: '' },
    optional: channel === 'email' ? ['mobileNum'] : ['email'],
    describe: describeProblem(t, rules),
    validate: (v) => ({
      email: channel === 'email' && !EMAIL.test(v.email.trim()) ? t('bindings.emailRequired') : null,
      mobileNum: channel === 'mobile' ? mobileProblem(rules, v.mobileNum) : null,
      code: /^[0-9]{6}$/.test(v.code.trim()) ? null : t('login.codeRequired'),
      password: v.password ? null : t('twoFactor.passwordRequired'),
    }),
    onSubmit: async (v, form) => {
      try {
        await confirm.mutateAsync({ ...address(v), code: v.code.trim(), password: v.password });
        notify(t('bindings.done'), 'success');
        onDone();
      } catch (error) {
        const code = errorCodeOf(error);
        const message = accountErrorText(t, tc, error);
        if (code === 'sms.code.invalid' || code === 'sms.code.expired') form.setErrors({ code: message });
        else if (code === 'password.old.wrong') form.setErrors({ password: message });
        else form.setFailure(message);
      }
    },
  });
  const checkAddress = () => {
    const v = form.values;
    if (channel === 'email') {
      const problem = EMAIL.test(v.email.trim()) ? null : t('bindings.emailRequired');
      form.setErrors({ email: problem });
      return !problem;
    }
    const problem = mobileProblem(rules, v.mobileNum);
    form.setErrors({ mobileNum: problem });
    return !problem;
  };
  const sendButton = (
    <SmsButton
      validate={checkAddress}
      send={() => sendBindingCode(address(form.values))}
      sentText={channel === 'email' ? t('sms.sentEmail') : undefined}
    />
  );
  return (
    <form {...form.props} className={styles.form} data-form={`bind-${channel}`}>
      <p className={styles.muted}>{t(channel === 'email' ? 'bindings.emailText' : 'bindings.mobileText')}</p>
      {channel === 'email' ? (
        <TextField
          {...form.field('email')}
          label={t('bindings.newEmail')}
          type="email"
          autoComplete="email"
          maxLength={255}
          suffix={sendButton}
        />
      ) : (
        <MobileField {...form.field('mobileNum')} suffix={sendButton} />
      )}
      <TextField
        {...form.field('code')}
        label={t('login.ipCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <PasswordField
        {...form.field('password')}
        label={t('twoFactor.password')}
        autoComplete="current-password"
        maxLength={128}
      />
      <FormFailure>{form.failure}</FormFailure>
      <div className={styles.actions}>
        <Button type="submit" busy={form.submitting} disabled={form.submitting}>
          {t('bindings.confirm')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={form.submitting}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Unlinking a provider asks for the login password. */
function UnlinkForm({ provider, onDone }: { provider: SocialProvider; onDone: () => void }) {
  const { t: tc } = useTranslation();
  const { t } = useAccountTexts();
  const unlink = useUnlinkSocial();
  const form = useForm({
    initial: { password: '' },
    validators: { password: (v) => (v ? null : t('twoFactor.passwordRequired')) },
    onSubmit: async (v, form) => {
      try {
        await unlink.mutateAsync({ provider, password: v.password });
        notify(t('bindings.unlinked', { provider: PROVIDER_NAMES[provider] }), 'success');
        onDone();
      } catch (error) {
        const message = accountErrorText(t, tc, error);
        if (errorCodeOf(error) === 'password.old.wrong') form.setErrors({ password: message });
        else form.setFailure(message);
      }
    },
  });
  return (
    <form {...form.props} className={styles.form} data-form={`unlink-${provider}`}>
      <p className={styles.muted}>{t('bindings.unlinkText', { provider: PROVIDER_NAMES[provider] })}</p>
      <PasswordField
        {...form.field('password')}
        label={t('twoFactor.password')}
        autoComplete="current-password"
        maxLength={128}
      />
      <FormFailure>{form.failure}</FormFailure>
      <div className={styles.actions}>
        <Button type="submit" busy={form.submitting} disabled={form.submitting}>
          {t('bindings.unlink')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={form.submitting}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
