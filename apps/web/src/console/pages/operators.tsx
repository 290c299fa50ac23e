import { type FormEvent, useState } from 'react';
import { ConsoleError } from '../api';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { CopyButton, DataTable, ErrorBanner, Field, formatTime, SelectField } from '../ui';

interface OperatorRow {
  name: string;
  email: string;
  role: string;
  status: string;
  lastSignInAt: string | null;
}

const ROLES = ['admin', 'finance', 'support', 'content', 'risk', 'reporting'];

/** Administrators invite operators, change their roles, disable them, or re-enrol a lost phone. */
export function OperatorsSection() {
  const t = useTexts();
  const session = useSession();
  const list = useCommand<OperatorRow[]>({ command: 'operator', action: 'list' });
  const action = useAction();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('support');
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);
  const fieldErrors = action.error instanceof ConsoleError ? (action.error.details ?? {}) : {};

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    const r = await action.run<{ enrolUrl: string }>({
      command: 'operator',
      action: 'create',
      name: name.trim(),
      email: email.trim(),
      role,
    });
    if (r) {
      setLink({ name: name.trim(), url: r.enrolUrl });
      setName('');
      setEmail('');
      list.reload();
    }
  };
  const update = async (row: OperatorRow, change: Record<string, unknown>) => {
    if (await action.run({ command: 'operator', action: 'update', name: row.name, ...change })) list.reload();
  };
  const reset = async (row: OperatorRow) => {
    if (!window.confirm(fill(t.operators.confirmReset, { name: row.name }))) return;
    const r = await action.run<{ enrolUrl: string }>({
      command: 'operator',
      action: 'reset',
      name: row.name,
    });
    if (r) {
      setLink({ name: row.name, url: r.enrolUrl });
      list.reload();
    }
  };

  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">{t.operators.title}</h1>
      <ErrorBanner error={list.error ?? action.error} />
      {link ? (
        <div className="c-banner" role="status">
          <p>{fill(t.operators.link, { name: link.name })}</p>
          <p className="c-link">
            <code>{link.url}</code> <CopyButton text={link.url} />
          </p>
        </div>
      ) : null}
      <form className="c-form c-form-inline" onSubmit={invite} aria-label={t.operators.invite}>
        <h2>{t.operators.invite}</h2>
        <Field
          label={t.operators.name}
          hint={t.operators.nameHint}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          error={fieldErrors.name}
        />
        <Field
          label={t.operators.email}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <SelectField
          label={t.operators.role}
          value={role}
          onChange={setRole}
          block
          options={ROLES.map((r) => ({ value: r, label: t.roles[r] ?? r }))}
        />
        <button type="submit" className="c-button" disabled={action.busy}>
          {t.operators.send}
        </button>
      </form>
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(row) => row.name}
        columns={[
          { label: t.operators.name, cell: (row) => row.name },
          { label: t.operators.email, cell: (row) => row.email },
          {
            label: t.operators.role,
            cell: (row) => (
              <select
                aria-label={`${t.operators.role}: ${row.name}`}
                value={row.role}
                disabled={row.name === session.operator.name || action.busy}
                onChange={(e) => update(row, { role: e.target.value })}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t.roles[r]}
                  </option>
                ))}
              </select>
            ),
          },
          { label: t.operators.status, cell: (row) => t.operators.statuses[row.status] ?? row.status },
          {
            label: t.operators.lastSignIn,
            cell: (row) => (row.lastSignInAt ? formatTime(row.lastSignInAt, t.lang) : t.operators.never),
          },
          {
            label: t.queue.actions,
            cell: (row) =>
              row.name === session.operator.name ? null : (
                <div className="c-actions">
                  {row.status === 'active' ? (
                    <button
                      type="button"
                      className="c-button c-button-danger"
                      disabled={action.busy}
                      onClick={() => update(row, { status: 'disabled' })}
                    >
                      {t.operators.disable}
                    </button>
                  ) : row.status === 'disabled' ? (
                    <button
                      type="button"
                      className="c-button"
                      disabled={action.busy}
                      onClick={() => update(row, { status: 'active' })}
                    >
                      {t.operators.enable}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="c-button c-button-quiet"
                    disabled={action.busy}
                    onClick={() => reset(row)}
                  >
                    {t.operators.reset}
                  </button>
                </div>
              ),
          },
        ]}
      />
    </section>
  );
}
