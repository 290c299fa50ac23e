import { type FormEvent, useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, Field, formatTime, Notice } from '../ui';

interface PromoCode {
  code: string;
  amount: string;
  cap: number;
  used: number;
  expiresAt: string;
  enabled: boolean;
}

/** The reward centre's promo codes: the list, a form to make one, and turning one off or on. */
export function PromoCodesPanel() {
  const t = useTexts();
  const session = useSession();
  const list = useCommand<{ codes: PromoCode[] }>({ command: 'rewards', action: 'codes' });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const [form, setForm] = useState({ code: '', amount: '', cap: '', expires: '' });
  const canChange = session.can('promotions.review');

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const expires = form.expires ? new Date(form.expires).toISOString() : '';
    const r = await action.run<PromoCode>({ command: 'rewards', action: 'code-create', ...form, expires });
    if (r) {
      setDone(fill(t.promoCodes.created, { code: r.code }));
      setForm({ code: '', amount: '', cap: '', expires: '' });
      list.reload();
    }
  };
  const toggle = async (c: PromoCode) => {
    const r = await action.run<PromoCode>({
      command: 'rewards',
      action: c.enabled ? 'code-disable' : 'code-enable',
      code: c.code,
    });
    if (r) {
      setDone(fill(r.enabled ? t.promoCodes.enabledDone : t.promoCodes.disabledDone, { code: r.code }));
      list.reload();
    }
  };

  return (
    <section aria-labelledby="promo-codes-title">
      <div className="c-bar">
        <h2 id="promo-codes-title">{t.promoCodes.title}</h2>
      </div>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data?.codes ?? null}
        loading={list.loading}
        rowKey={(c) => c.code}
        columns={[
          { label: t.promoCodes.code, cell: (c) => c.code },
          { label: t.promoCodes.amount, cell: (c) => c.amount },
          { label: t.promoCodes.usedOfCap, cell: (c) => `${c.used} / ${c.cap}` },
          { label: t.promoCodes.expires, cell: (c) => formatTime(c.expiresAt, t.lang) },
          { label: t.promoCodes.state, cell: (c) => (c.enabled ? t.promoCodes.on : t.promoCodes.off) },
          ...(canChange
            ? [
                {
                  label: t.queue.actions,
                  cell: (c: PromoCode) => (
                    <button
                      type="button"
                      className={c.enabled ? 'c-button c-button-danger' : 'c-button'}
                      aria-label={`${c.enabled ? t.promoCodes.disable : t.promoCodes.enable}: ${c.code}`}
                      disabled={action.busy}
                      onClick={() => toggle(c)}
                    >
                      {c.enabled ? t.promoCodes.disable : t.promoCodes.enable}
                    </button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canChange ? (
        <form className="c-form" onSubmit={create} aria-label={t.promoCodes.newCode}>
          <Field
            label={t.promoCodes.code}
            value={form.code}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
            required
          />
          <Field
            label={t.promoCodes.amount}
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
            required
          />
          <Field
            label={t.promoCodes.cap}
            inputMode="numeric"
            value={form.cap}
            onChange={(e) => setForm({ ...form, cap: e.target.value })}
            required
          />
          <Field
            label={t.promoCodes.expires}
            type="datetime-local"
            value={form.expires}
            onChange={(e) => setForm({ ...form, expires: e.target.value })}
            required
          />
          <button type="submit" className="c-button" disabled={action.busy}>
            {t.promoCodes.create}
          </button>
        </form>
      ) : null}
    </section>
  );
}
