import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useState } from 'react';
import { ConsoleError, consoleApi } from '../api';
import { navigate } from '../navigation';
import { fill, useTexts } from '../texts';
import { Card, CopyButton, ErrorBanner, Field } from '../ui';

type Start = Awaited<ReturnType<typeof consoleApi.enrolStart>>;

/** The enrolment link's page: the token comes in the fragment and leaves the address bar at once. */
export function EnrolPage({ onLanguage }: { onLanguage: () => void }) {
  const t = useTexts();
  const [token] = useState(() => window.location.hash.slice(1));
  const [start, setStart] = useState<Start | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    if (!token) return;
    consoleApi.enrolStart(token).then(setStart, setError);
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== repeat) {
      setFieldErrors({ confirm: t.enrol.mismatch });
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      setCodes((await consoleApi.enrolFinish(token, password, code.trim())).recoveryCodes);
    } catch (err) {
      if (err instanceof ConsoleError && err.details) setFieldErrors(err.details);
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <Card title={t.enrol.title} onLanguage={onLanguage}>
        <p className="c-lead">{t.enrol.noToken}</p>
      </Card>
    );
  }
  if (codes) {
    return (
      <Card title={t.enrol.recoveryTitle} onLanguage={onLanguage}>
        <p className="c-lead">{t.enrol.recoveryLead}</p>
        <ol className="c-codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <div className="c-row">
          <CopyButton text={codes.join('\n')} />
          <button type="button" className="c-button" onClick={() => navigate('/console/sign-in', true)}>
            {t.enrol.saved}
          </button>
        </div>
      </Card>
    );
  }
  return (
    <Card title={t.enrol.title} onLanguage={onLanguage}>
      <ErrorBanner error={error} />
      {start ? (
        <>
          <p className="c-lead">
            {fill(t.enrol.account, { name: start.name, role: t.roles[start.role] ?? start.role })}
          </p>
          <p>{t.enrol.step1}</p>
          <div className="c-qr">
            <QRCodeSVG value={start.uri} size={176} marginSize={2} title={t.enrol.key} />
          </div>
          <p className="c-key">
            {t.enrol.key}: <code>{start.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <p>{t.enrol.step2}</p>
          <form onSubmit={submit} className="c-form">
            <Field
              label={t.enrol.password}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
              minLength={12}
              required
              error={fieldErrors.password}
            />
            <Field
              label={t.enrol.confirm}
              type="password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              autoComplete="new-password"
              required
              error={fieldErrors.confirm}
            />
            <Field
              label={t.enrol.code}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              error={fieldErrors.code}
            />
            <button type="submit" className="c-button" disabled={busy}>
              {t.enrol.submit}
            </button>
          </form>
        </>
      ) : error ? null : (
        <p>{t.loading}</p>
      )}
    </Card>
  );
}
