import type { BonusRequirement } from '@aurum/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, ModalTitle, Spinner } from '../../components/ui';
import { FormFailure } from '../../components/ui/form';
import { errorCodeOf, errorTextKey } from '../../lib/api';
import { formatDateTime } from '../../lib/format/date';
import { formatWireMoney } from '../../lib/format/money';
import { useLoyaltyTexts } from '../../lib/loyalty/texts';
import { useWalletBalance } from '../../lib/money/balance';
import { LoadFailure } from '../../lib/money/fields';
import { useBonusDetails, useBonusForfeit } from './api/bonus-details';
import { shareOf } from './format';
import styles from './loyalty.module.css';
import own from './wagering.module.css';

/** The forfeit's own refusals with their text; anything else takes the common text. */
const FORFEIT_ERRORS: Record<string, string> = {
  'loyalty.bonus.closed': 'bonus.errorClosed',
  'loyalty.bonus.unknown': 'bonus.errorClosed',
  'loyalty.bonus.game.wallets': 'bonus.errorGameWallets',
};

/**
 * Member centre `bonusDetails` (issue 16, Wagering): each bonus with its turnover requirement,
 * progress, what remains, its expiry and status; an open one can be forfeited (asked first) so
 * that a withdrawal is possible.
 */
export default function BonusDetailsPage() {
  const { t } = useLoyaltyTexts();
  const details = useBonusDetails();
  const symbol = useWalletBalance().data?.currencySymbol ?? '';
  const headingId = useId();
  if (details.isError) {
    return (
      <LoadFailure error={details.error} onRetry={() => void details.refetch()} busy={details.isFetching} />
    );
  }
  const data = details.data;
  if (!data) return <Spinner label={t('bonus.title')} />;
  return (
    <div className={styles.page} data-page="bonusDetails">
      <section className={styles.card} aria-labelledby={headingId}>
        <h3 id={headingId} className={styles.heading}>
          {t('bonus.title')}
        </h3>
        <p className={styles.muted} data-open={data.open}>
          {data.open > 0
            ? t('bonus.openSummary', { n: data.open, amount: formatWireMoney(data.remaining, symbol) })
            : t('bonus.noneOpen')}
        </p>
        {data.list.length === 0 ? (
          <p className={styles.muted}>{t('bonus.empty')}</p>
        ) : (
          <ul className={styles.levels} aria-label={t('bonus.title')}>
            {data.list.map((b) => (
              <BonusCard key={b.id} bonus={b} symbol={symbol} />
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card} aria-labelledby={`${headingId}-rules`}>
        <h3 id={`${headingId}-rules`} className={styles.heading}>
          {t('rank.rules')}
        </h3>
        <p className={styles.muted}>{t('bonus.rules')}</p>
      </section>
    </div>
  );
}

function BonusCard({ bonus: b, symbol }: { bonus: BonusRequirement; symbol: string }) {
  const { t } = useLoyaltyTexts();
  const labelId = useId();
  const [asking, setAsking] = useState(false);
  const money = (v: string) => formatWireMoney(v, symbol);
  const name =
    b.source === 'promotion' || b.source === 'vipUpgrade' ? b.name : t(`bonus.sources.${b.source}`);
  return (
    <li className={styles.levelCard} data-bonus={b.id} data-status={b.status}>
      <div className={styles.levelHead}>
        <h4 className={styles.subheading}>
          {t(`bonus.sources.${b.source}`)}: {name}
        </h4>
        <span className={styles.badge} data-status={b.status}>
          {t(`bonus.status.${b.status}`)}
        </span>
      </div>
      <dl className={styles.terms}>
        <div>
          <dt>{t('bonus.amount')}</dt>
          <dd>{money(b.bonus)}</dd>
        </div>
        <div>
          <dt>{t('bonus.requirement')}</dt>
          <dd>
            {money(b.required)} (
            {t(b.base === 'bonusAndDeposit' ? 'bonus.multipleOfBoth' : 'bonus.multipleOfBonus', {
              multiple: b.multiple,
              deposit: money(b.deposit),
            })}
            )
          </dd>
        </div>
        <div>
          <dt>{t('bonus.remaining')}</dt>
          <dd data-remaining="true">{money(b.remaining)}</dd>
        </div>
        <div>
          <dt>{t('bonus.granted')}</dt>
          <dd>{formatDateTime(b.grantedAt)}</dd>
        </div>
        <div>
          <dt>{t('bonus.expires')}</dt>
          <dd>{formatDateTime(b.expiresAt)}</dd>
        </div>
        {b.removed !== null ? (
          <div>
            <dt>{t('bonus.removed')}</dt>
            <dd>{money(b.removed)}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.bar}>
        <div className={styles.barText}>
          <span id={labelId}>{t('bonus.progress')}</span>
          <span className={styles.figures} data-progress="true">
            {t('rank.progress', { actual: money(b.done), expected: money(b.required) })}
          </span>
        </div>
        <progress
          className={styles.meter}
          aria-labelledby={labelId}
          max={1000}
          value={Math.round(shareOf(b.done, b.required) * 1000)}
        />
      </div>
      <p className={styles.muted}>
        {t('bonus.contributions')}{' '}
        {b.contributions.length === 0
          ? t('bonus.noContributions')
          : b.contributions.map((c) => `${t(`categories.${c.category}`)} ${c.percent}%`).join(' · ')}
      </p>
      {b.status === 'open' ? (
        <>
          <Button variant="secondary" onClick={() => setAsking(true)} data-action="forfeit-bonus">
            {t('bonus.forfeit')}
          </Button>
          <ForfeitDialog bonus={b} symbol={symbol} open={asking} onClose={() => setAsking(false)} />
        </>
      ) : null}
    </li>
  );
}

function ForfeitDialog({
  bonus,
  symbol,
  open,
  onClose,
}: {
  bonus: BonusRequirement;
  symbol: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useLoyaltyTexts();
  const { t: tc } = useTranslation();
  const forfeit = useBonusForfeit();
  const code = forfeit.error ? errorCodeOf(forfeit.error) : null;
  const known = code ? FORFEIT_ERRORS[code] : undefined;
  const failure = forfeit.error ? (known ? t(known as 'bonus.errorClosed') : tc(errorTextKey(code))) : null;
  return (
    <Modal open={open} onClose={onClose} size="sm" dataModal="forfeit-bonus">
      <ModalTitle>{t('bonus.forfeitTitle')}</ModalTitle>
      <p className={styles.muted}>
        {t('bonus.forfeitText', { amount: formatWireMoney(bonus.bonus, symbol), name: bonus.name })}
      </p>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div className={own.actions}>
        <Button variant="secondary" onClick={onClose}>
          {tc('common.cancel')}
        </Button>
        <Button
          busy={forfeit.isPending}
          disabled={forfeit.isPending}
          onClick={() => forfeit.mutate(bonus.id, { onSuccess: onClose })}
          data-action="confirm-forfeit"
        >
          {t('bonus.forfeitConfirm')}
        </Button>
      </div>
    </Modal>
  );
}
