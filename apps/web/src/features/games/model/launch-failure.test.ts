import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { launchFailure } from './launch-failure';

describe('launchFailure', () => {
  it('reads each launch refusal by its code', () => {
    expect(launchFailure(new ApiError('launch_game_balance_not_enough', 'x', 400))).toEqual({
      kind: 'balance',
      gameWallet: null,
    });
    expect(
      launchFailure(new ApiError('launch_game_balance_not_enough', 'x', 400, { wallet: 'AURL' })),
    ).toEqual({ kind: 'balance', gameWallet: 'AURL' });
    expect(launchFailure(new ApiError('vendor.not.contracted', 'x', 400))).toEqual({ kind: 'notContracted' });
    expect(launchFailure(new ApiError('trial.forbidden', 'x', 403))).toEqual({ kind: 'trial' });
    expect(launchFailure(new ApiError('game.unknown', 'x', 404))).toEqual({ kind: 'unknownGame' });
    expect(launchFailure(new ApiError('game.free.play.unavailable', '', 400))).toEqual({
      kind: 'freePlayUnavailable',
    });
    expect(launchFailure(new ApiError('network.abnormal', '', 0))).toEqual({
      kind: 'other',
      code: 'network.abnormal',
    });
    expect(launchFailure(new Error('boom'))).toEqual({ kind: 'other', code: null });
  });

  it('takes the maintenance window from the details, epoch ms as strings', () => {
    const error = new ApiError('vendor_under_maintenance', '', 503, {
      start: '1767225600000',
      end: '1767232800000',
    });
    expect(launchFailure(error)).toEqual({ kind: 'maintenance', start: 1767225600000, end: 1767232800000 });
    expect(launchFailure(new ApiError('vendor_under_maintenance', '', 503, { end: 'soon' }))).toEqual({
      kind: 'maintenance',
      start: null,
      end: null,
    });
  });
});
