import type { TFunction } from 'i18next';
import type { useAgentTexts } from '../../../lib/agent/texts';
import { moneyErrorText } from '../../../lib/money/errors';

/** A contract call's failure: the contract codes in the agent catalogue, others as money errors. */
export function contractErrorText(
  t: ReturnType<typeof useAgentTexts>['t'],
  tf: TFunction<'funds'>,
  tc: TFunction,
  error: unknown,
): string {
  const code = (error as { errorCode?: string } | null)?.errorCode;
  const known = {
    'contract.not.found': 'notFound',
    'contract.kind.disabled': 'kindDisabled',
    'contract.downline.invalid': 'downlineInvalid',
    'contract.upline.none': 'uplineNone',
    'contract.terms.invalid': 'termsInvalid',
    'contract.offer.exists': 'offerExists',
    'contract.state': 'state',
    'contract.claim.unknown': 'claimUnknown',
    'contract.claim.state': 'claimState',
    'contract.claim.expired': 'claimExpired',
  } as const;
  const key = code && code in known ? known[code as keyof typeof known] : null;
  return key ? t(`contracts.errors.${key}`) : moneyErrorText(tf, tc, error);
}
