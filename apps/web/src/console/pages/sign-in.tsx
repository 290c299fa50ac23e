import { type FormEvent, useState } from 'react';
import { ConsoleError, consoleApi } from '../api';
import { useTexts } from '../texts';
import { Card, ErrorBanner, Field } from '../ui';

export function SignInPage({
  notice,
  onLanguage,
  onSignedIn,
}: {
  notice: string | null;
  onLanguage: () => void;
  onSignedIn: () => void;
}) {
  const t = useTexts();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await consoleApi.signIn(name.trim(), password, code.trim());
      onSignedIn();
    } catch (err) {
      setError(err);
      if (err instanceof ConsoleError) setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t.signIn.title} onLanguage={onLanguage}>
      <p className="c-lead">{t.signIn.lead}</p>
      {notice ? (
        <div className="c-banner" role="status">
          {notice}
        </div>
      ) : null}
      <ErrorBanner error={error} />
      <form onSubmit={submit} className="c-form">
        <Field
          label={t.signIn.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="username"
          required
        />
        <Field
          label={t.signIn.password}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
        />
        <Field
          label={t.signIn.code}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode="text"
          required
        />
        <button type="submit" className="c-button" disabled={busy}>
          {t.signIn.submit}
        </button>
      </form>
    </Card>
  );
}
