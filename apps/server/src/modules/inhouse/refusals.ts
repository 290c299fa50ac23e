import { AppError } from '../../platform/errors.ts';
import type { Refusal } from '../vendor/index.ts';

/**
 * What a refusal of the seamless-wallet protocol means to the player, in the play API's codes.
 * A duplicate transaction never gets here: the service answers it from the stored round.
 */
export function refusalError(refusal: Refusal): AppError {
  switch (refusal.code) {
    case 'INSUFFICIENT_FUNDS':
      return new AppError(
        'play.balance.not.enough',
        undefined,
        refusal.balance === undefined ? undefined : { balance: refusal.balance },
      );
    case 'SESSION_EXPIRED':
    case 'INVALID_TOKEN':
      // The wallet has ended (or, a day after that, forgotten) the session this one carries.
      return new AppError('play.session.expired');
    case 'INVALID_REQUEST':
      return new AppError('request.invalid', refusal.message);
    default:
      return new AppError('play.wallet.unavailable');
  }
}

/** Whether a refusal ends the play session that asked: the wallet will not take its calls again. */
export const endsSession = (refusal: Refusal) =>
  refusal.code === 'SESSION_EXPIRED' || refusal.code === 'INVALID_TOKEN';
