import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { cn } from '../texts/cn';
import { en } from '../texts/en';
import { toastForError } from './errors';

const error = (code: string) => new ApiError(code, 'server text the page never shows', 400);

describe('error toasts', () => {
  it('sends a member who is short of money to deposit on the site', () => {
    const t = toastForError(error('play.balance.not.enough'), en, 'real');
    expect(t).toEqual({
      tone: 'error',
      message: en.errors.insufficient,
      action: { label: en.errors.deposit, href: '/', newTab: true },
    });
  });

  it('sends a free player out of play money back to the lobby', () => {
    expect(toastForError(error('play.balance.not.enough'), en, 'play')).toMatchObject({
      message: en.errors.insufficientPlay,
      action: { href: '/inHouse' },
    });
  });

  it('asks for a relaunch from the lobby when the session has ended', () => {
    for (const code of ['play.session.expired', 'play.session.invalid']) {
      expect(toastForError(error(code), cn, 'real')).toMatchObject({
        message: cn.errors.expired,
        action: { label: cn.errors.relaunch, href: '/inHouse', newTab: false },
      });
    }
  });

  it('sends the player back to the lobby when the operator has closed the game', () => {
    expect(toastForError(error('play.game.closed'), cn, 'real')).toMatchObject({
      message: cn.errors.closed,
      action: { href: '/inHouse' },
    });
  });

  it('reads the code, never the message', () => {
    expect(toastForError(error('network.abnormal'), en, 'real').message).toBe(en.errors.network);
    expect(toastForError(error('play.stake.invalid'), en, 'real').message).toBe(en.errors.stake);
    expect(toastForError(error('anything.else'), en, 'real')).toEqual({
      tone: 'error',
      message: en.errors.generic,
    });
    expect(toastForError(new Error('boom'), en, 'real').message).toBe(en.errors.generic);
  });
});
