import { useState } from 'react';
import { useAction, useCommand, useSession } from '../session';
import { fill, useTexts } from '../texts';
import { DataTable, ErrorBanner, formatTime, Notice, SelectField } from '../ui';
import { PromoCodesPanel } from './promo-codes';

interface Application {
  id: number;
  account: string;
  promotionId: string;
  remark: string;
  imageKeys: string[];
  status: string;
  reason: string | null;
  amount: string | null;
  createdAt: string;
}

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'];

/** The promotion applications queue: approve (the reward, or an amount given) or reject with a reason. */
export function PromotionsSection() {
  const t = useTexts();
  const session = useSession();
  const [status, setStatus] = useState('PENDING');
  const list = useCommand<Application[]>({ command: 'promo-applications', status });
  const action = useAction();
  const [done, setDone] = useState<string | null>(null);
  const canReview = session.can('promotions.review');

  const approve = async (a: Application) => {
    const typed = window.prompt(t.promotions.amountPrompt, '');
    if (typed === null) return;
    const amount = typed.trim();
    const shown = amount || t.promotions.theReward;
    if (!window.confirm(fill(t.promotions.confirmApprove, { id: a.id, member: a.account, amount: shown })))
      return;
    const r = await action.run<Application>({
      command: 'promo-approve',
      id: a.id,
      ...(amount ? { amount } : {}),
    });
    if (r) {
      setDone(fill(t.promotions.approved, { id: r.id, amount: r.amount ?? shown }));
      list.reload();
    }
  };
  const reject = async (a: Application) => {
    const reason = window.prompt(t.promotions.reasonPrompt)?.trim();
    if (!reason) return;
    if (await action.run({ command: 'promo-reject', id: a.id, reason })) {
      setDone(fill(t.promotions.rejected, { id: a.id }));
      list.reload();
    }
  };

  return (
    <section aria-labelledby="promotions-title">
      <div className="c-bar">
        <h1 id="promotions-title">{t.promotions.title}</h1>
        <SelectField
          label={t.queue.status}
          value={status}
          onChange={setStatus}
          options={STATUSES.map((s) => ({ value: s, label: t.statuses[s] ?? s }))}
        />
        <button type="button" className="c-button c-button-quiet" onClick={list.reload}>
          {t.refresh}
        </button>
      </div>
      <ErrorBanner error={list.error ?? action.error} />
      <Notice text={done} />
      <DataTable
        items={list.data}
        loading={list.loading}
        rowKey={(a) => a.id}
        columns={[
          { label: t.promotions.id, cell: (a) => a.id },
          { label: t.promotions.member, cell: (a) => a.account },
          { label: t.promotions.promotion, cell: (a) => a.promotionId },
          { label: t.promotions.remark, cell: (a) => a.remark || '—' },
          {
            label: t.promotions.images,
            cell: (a) =>
              a.imageKeys.length ? (
                <ul className="c-keys">
                  {a.imageKeys.map((k) => (
                    <li key={k}>
                      <code>{k}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              ),
          },
          { label: t.queue.created, cell: (a) => formatTime(a.createdAt, t.lang) },
          {
            label: t.queue.status,
            cell: (a) => [t.statuses[a.status] ?? a.status, a.amount, a.reason].filter(Boolean).join(' · '),
          },
          ...(canReview && status === 'PENDING'
            ? [
                {
                  label: t.queue.actions,
                  cell: (a: Application) => (
                    <div className="c-actions">
                      <button
                        type="button"
                        className="c-button"
                        aria-label={`${t.queue.approve}: #${a.id}`}
                        disabled={action.busy}
                        onClick={() => approve(a)}
                      >
                        {t.queue.approve}
                      </button>
                      <button
                        type="button"
                        className="c-button c-button-danger"
                        aria-label={`${t.queue.reject}: #${a.id}`}
                        disabled={action.busy}
                        onClick={() => reject(a)}
                      >
                        {t.queue.reject}
                      </button>
                    </div>
                  ),
                },
              ]
            : []),
        ]}
      />
      <PromoCodesPanel />
    </section>
  );
}
