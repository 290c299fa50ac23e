import type { PromotionCard as Card } from '@aurum/contract';
import { Link } from 'react-router';
import { Button, Img } from '../../../components/ui';
import { formatDate, formatWireMoney } from '../../../lib/format';
import { usePromotionsTexts } from '../../../lib/promotions';
import { useBrand } from '../../../lib/site';
import styles from './promotions.module.css';
import { RainLine } from './rain-line';

/** The status badge (spec §4); its tone follows what the member can do. */
export function StatusBadge({ card }: { card: Card }) {
  const { t } = usePromotionsTexts();
  const tone = card.action
    ? 'open'
    : ['ISSUED', 'CLAIMED'].includes(card.status)
      ? 'done'
      : ['REJECTED', 'APPLICATION_FORBIDDEN', 'REGISTRATION_CLOSED'].includes(card.status)
        ? 'closed'
        : 'wait';
  return (
    <span className={styles.badge} data-tone={tone} data-status={card.status}>
      {t(`status.${card.status}`)}
    </span>
  );
}

/** The button of the member's action; nothing when there is none. */
export function ActionButton({
  card,
  busy,
  onAction,
  block,
}: {
  card: Card;
  busy: boolean;
  onAction: (card: Card) => void;
  block?: boolean;
}) {
  const { t } = usePromotionsTexts();
  if (!card.action) return null;
  const label =
    card.action === 'APPLY' && card.status === 'REJECTED'
      ? t('action.APPLY_AGAIN')
      : card.rain
        ? t('action.CATCH')
        : t(`action.${card.action}`);
  return (
    <Button busy={busy} block={block} onClick={() => onAction(card)} data-promo-action={card.action}>
      {label}
    </Button>
  );
}

export function RewardLine({ card }: { card: Card }) {
  const { t } = usePromotionsTexts();
  const brand = useBrand();
  const amount = formatWireMoney(card.reward, brand.currencySymbol);
  return (
    <span className={styles.reward}>
      {card.kind === 'RAFFLE' ? t('upTo', { amount }) : t('reward', { amount })}
    </span>
  );
}

/** A promotion in the list: image, title, summary, period, status badge and action. */
export function PromotionCard({
  card,
  busy,
  onAction,
}: {
  card: Card;
  busy: boolean;
  onAction: (card: Card) => void;
}) {
  const { t } = usePromotionsTexts();
  const titleId = `promo-${card.id}-title`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-promo={card.id}>
      <Link to={`?id=${card.id}`} className={styles.cardImage} tabIndex={-1} aria-hidden="true">
        <Img src={card.image} alt="" ratio={16 / 9} lazy />
      </Link>
      <div className={styles.cardBody}>
        <div className={styles.cardTop}>
          <StatusBadge card={card} />
          <RewardLine card={card} />
        </div>
        <h2 id={titleId} className={styles.cardTitle}>
          <Link to={`?id=${card.id}`}>{card.title}</Link>
        </h2>
        <p className={styles.summary}>{card.summary}</p>
        <p className={styles.period}>
          {t('period', { start: formatDate(card.start), end: formatDate(card.end) })}
        </p>
        <RainLine card={card} />
        <div className={styles.cardActions}>
          <ActionButton card={card} busy={busy} onAction={onAction} />
          <Link to={`?id=${card.id}`} className={styles.detailsLink}>
            {t('details')}
          </Link>
        </div>
      </div>
    </article>
  );
}
