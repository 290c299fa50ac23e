import { errorCodeOf, isApiError } from '../../../lib/api';

/** What went wrong with a launch, as the launch modal tells it (spec §8, api-notes). */
export type LaunchFailure =
  /** gameWallet: the transfer-mode vendor whose game wallet lacks the money (else the main wallet). */
  | { kind: 'balance'; gameWallet: string | null }
  | { kind: 'maintenance'; start: number | null; end: number | null }
  | { kind: 'notContracted' }
  | { kind: 'trial' }
  | { kind: 'unknownGame' }
  | { kind: 'freePlayUnavailable' }
  | { kind: 'other'; code: string | null };

const msOf = (text: string | undefined): number | null => {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * Reads a failed launch by its errorCode (never its message): the balance offer, the
 * maintenance window (details.start and details.end, epoch ms as strings), the vendor the
 * merchant has no contract with, the trial refusal, and the free-play refusals.
 */
export function launchFailure(error: unknown): LaunchFailure {
  const code = errorCodeOf(error);
  switch (code) {
    case 'launch_game_balance_not_enough': {
      const wallet = isApiError(error) ? error.details?.wallet : undefined;
      return { kind: 'balance', gameWallet: wallet || null };
    }
    case 'vendor_under_maintenance': {
      const details = isApiError(error) ? error.details : undefined;
      return { kind: 'maintenance', start: msOf(details?.start), end: msOf(details?.end) };
    }
    case 'vendor.not.contracted':
      return { kind: 'notContracted' };
    case 'trial.forbidden':
      return { kind: 'trial' };
    case 'game.unknown':
      return { kind: 'unknownGame' };
    case 'game.free.play.unavailable':
    case 'game.free.play.trial.only':
      return { kind: 'freePlayUnavailable' };
    default:
      return { kind: 'other', code };
  }
}
