import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api';
import type { SlipFeedback } from './slip';

type T = TFunction<'lottery'>;
const LIMITS = ['stakePerIssue', 'payoutPerIssue', 'selection'] as const;

/**
 * What a refused "Place bets" tells the member, by the error's code (never its message): the
 * closed issue, the limit passed, the changed odds (refresh), a balance short of the stake
 * (deposit; a trial account's play money has no deposit), a ticket the server found invalid,
 * or the network.
 */
export function refusalOf(t: T, error: unknown, trial = false): SlipFeedback & { kind: 'refused' } {
  const code = isApiError(error) ? error.errorCode : '';
  const details = isApiError(error) ? error.details : undefined;
  switch (code) {
    case 'lottery.issue.closed':
      return { kind: 'refused', text: t('errors.issueClosed') };
    case 'lottery.limit.exceeded': {
      const limit = LIMITS.find((l) => l === details?.limit);
      return { kind: 'refused', text: limit ? t(`errors.limit.${limit}`) : t('errors.limit.other') };
    }
    case 'lottery.board.changed':
      return { kind: 'refused', text: t('errors.boardChanged'), action: 'refresh' };
    case 'lottery.balance.not.enough':
      return trial
        ? { kind: 'refused', text: t('errors.playBalance') }
        : { kind: 'refused', text: t('errors.balance'), action: 'deposit' };
    case 'lottery.bet.invalid': {
      const index = Number(details?.ticket);
      return {
        kind: 'refused',
        text: Number.isInteger(index) ? t('errors.betInvalidAt', { n: index + 1 }) : t('errors.betInvalid'),
      };
    }
    case 'lottery.game.unknown':
      return { kind: 'refused', text: t('errors.gameUnknown') };
    case 'user.or.token.invalid':
      return { kind: 'refused', text: t('errors.signedOut') };
    case 'network.abnormal':
      return { kind: 'refused', text: t('errors.network') };
    default:
      return { kind: 'refused', text: t('errors.generic') };
  }
}
