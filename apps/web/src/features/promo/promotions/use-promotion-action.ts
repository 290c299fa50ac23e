import type { PromotionAction, PromotionCard } from '@aurum/contract';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../../components/ui';
import { errorCodeOf } from '../../../lib/api';
import { formatWireMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify/notify';
import { type PromotionActionCall, usePromotionAction, usePromotionsTexts } from '../../../lib/promotions';
import { useSession } from '../../../lib/session/session-store';
import { useBrand } from '../../../lib/site';

const CALLS: Record<Exclude<PromotionAction, 'APPLY'>, PromotionActionCall> = {
  JOIN: 'promotionJoin',
  REQUEST_REWARD: 'promotionRewardRequest',
  CLAIM: 'promotionClaim',
  DRAW: 'promotionRaffleClaim',
};

/** Server codes of this area and the text each shows (everything else: the generic text). */
const ERROR_KEYS = {
  'promo.unknown': 'errors.unknown',
  'promo.not.open': 'errors.notOpen',
  'promo.action.invalid': 'errors.notOpen',
  'promo.already.joined': 'errors.alreadyJoined',
  'promo.not.joined': 'errors.notJoined',
  'promo.condition.unmet': 'errors.conditionUnmet',
  'promo.already.claimed': 'errors.alreadyClaimed',
  'promo.application.pending': 'errors.pending',
  'promo.application.forbidden': 'errors.forbidden',
  'promo.image.invalid': 'errors.image',
  'promo.rain.closed': 'errors.rainClosed',
  'promo.rain.empty': 'errors.rainEmpty',
} as const;

/** The text of a refused promotion call, in the promotions namespace (or the trial text). */
export function usePromotionErrorText() {
  const { t } = usePromotionsTexts();
  const { t: tc } = useTranslation();
  return (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'trial.forbidden') return tc('in_need_true_account');
    const key = code && code in ERROR_KEYS ? ERROR_KEYS[code as keyof typeof ERROR_KEYS] : 'errors.generic';
    return t(key);
  };
}

/**
 * What a promotion's button does. Visitors are sent to the login modal ('you are not logged in'),
 * trial accounts are told a real account is needed, APPLY opens the application form, the other
 * actions call the server and tell the result (the balance updates on its own: the ledger's
 * balance event).
 */
export function usePromotionButton(
  onApply: (card: PromotionCard) => void,
  onSpin?: (spin: { card: PromotionCard; amount: string }) => void,
) {
  const { t } = usePromotionsTexts();
  const { t: tc } = useTranslation();
  const { token, isTrial } = useSession();
  const modal = useModal();
  const brand = useBrand();
  const action = usePromotionAction();
  const errorText = usePromotionErrorText();

  const run = (card: PromotionCard) => {
    if (!card.action) return;
    if (!token) {
      notify(t('notLoggedIn'), 'info');
      modal.open('login');
      return;
    }
    if (isTrial) {
      notify(tc('in_need_true_account'), 'warning');
      return;
    }
    if (card.action === 'APPLY') {
      onApply(card);
      return;
    }
    action.mutate(
      { call: CALLS[card.action], id: card.id },
      {
        onSuccess: (result) => {
          // A raffle's draw turns its wheel to the prize the server drew.
          if (card.action === 'DRAW' && !card.rain && result.amount && onSpin) {
            onSpin({ card, amount: result.amount });
            return;
          }
          notify(
            result.amount
              ? t('result.paid', { amount: formatWireMoney(result.amount, brand.currencySymbol) })
              : t('result.joined'),
            'success',
          );
        },
        onError: (error) => notify(errorText(error), 'warning'),
      },
    );
  };
  const busyId = action.isPending ? action.variables?.id : undefined;
  return { run, busyId };
}
