import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from '../../../components/ui';
import { errorCodeOf, errorTextKey } from '../../../lib/api';
import { notify } from '../../../lib/notify/notify';
import { useBrand, useFeature, useResources } from '../../../lib/site';
import { useOpenCustomerService } from '../../../lib/support/customer-service';
import { type LoginValue, useLogin } from '../api/login';
import styles from './auth.module.css';
import { type AuthTarget, PanelTitle } from './panel-title';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

interface LoginPanelProps {
  inModal: boolean;
  onSwitch: (target: AuthTarget) => void;
  onLoggedIn: (value: LoginValue) => void;
}

interface FieldErrors {
  username?: string;
  password?: string;
}

/** Spec §2 Login modal (username mode): the form, remember me, forgot password, customer service, register. */
export function LoginPanel({ inModal, onSwitch, onLoggedIn }: LoginPanelProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const cs = useResources('CUSTOMER_SERVICE');
  const openCs = useOpenCustomerService();
  const login = useLogin();
  const canRegister = useFeature('DIRECTREG3');
  const form = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const name = username.trim();
    const next: FieldErrors = {};
    if (!name) next.username = t('auth.usernameRequired');
    if (!password.trim()) next.password = t('auth.passwordRequired');
    setErrors(next);
    if (next.username || next.password) {
      setFailure(t('in_incorrect_password'));
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    login.mutate(
      { username: name, password, type: 'username', remember },
      {
        onSuccess: (value) => {
          notify(t('auth.loggedIn'), 'success');
          onLoggedIn(value);
        },
        onError: (error) => setFailure(t(errorTextKey(errorCodeOf(error)))),
      },
    );
  };

  return (
    <div className={styles.panel} data-panel="login">
      <PanelTitle inModal={inModal}>{t('auth.loginTitle')}</PanelTitle>
      <p className={styles.lead}>{t('auth.loginSubtitle', { brand: brand.name })}</p>
      <form ref={form} className={styles.form} noValidate onSubmit={submit}>
        <TextField
          name="username"
          label={t('auth.username')}
          value={username}
          onChange={setUsername}
          error={errors.username}
          autoComplete="username"
        />
        <PasswordField
          name="password"
          label={t('auth.password')}
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="current-password"
        />
        <div className={styles.row}>
          <label className={styles.check}>
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>{t('auth.rememberMe')}</span>
          </label>
          <button type="button" className={styles.textLink} onClick={() => onSwitch('forgotPassword')}>
            {t('auth.forgotPassword')}
          </button>
        </div>
        {failure ? (
          <p role="alert" className={styles.failure}>
            <Icon name="alert" size={18} />
            {failure}
          </p>
        ) : null}
        <Button type="submit" size="lg" block busy={login.isPending} disabled={login.isPending}>
          {login.isPending ? t('auth.loggingIn') : t('common.logIn')}
        </Button>
      </form>
      {canRegister ? (
        <div className={styles.switch}>
          <span>{t('auth.noAccount')}</span>
          <button type="button" className={styles.textLink} onClick={() => onSwitch('register')}>
            {t('auth.registerNow')}
          </button>
        </div>
      ) : null}
      {cs.length > 0 ? (
        <button type="button" className={styles.csLink} onClick={() => openCs(cs[0])}>
          <Icon name="headset" size={18} />
          {t('common.contactCustomerService')}
        </button>
      ) : null}
    </div>
  );
}
