import type { ChatMessage, ChatRoom } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { withMessage } from './api';
import { supportErrorText } from './errors';

const message = (id: number, text = `m${id}`): ChatMessage => ({
  id,
  room: 'lobby',
  author: 'ab***c',
  mine: false,
  text,
  createdAt: id,
});
const room = (ids: number[]): ChatRoom => ({
  room: 'lobby',
  name: 'Lobby',
  messages: ids.map((id) => message(id)),
  mutedUntil: null,
  maxLength: 500,
  postsPerWindow: 5,
  windowSeconds: 10,
});

describe('a live chat message', () => {
  it('is added once, in id order, whether the reply or the event brings it first', () => {
    const r = withMessage(room([1, 3]), message(2));
    expect(r.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(withMessage(r, message(2, 'again'))).toBe(r);
  });
});

describe('support error texts', () => {
  const t = ((key: string, vars?: Record<string, unknown>) =>
    `${key}${vars ? JSON.stringify(vars) : ''}`) as never;
  const tc = ((key: string) => `common:${key}`) as never;

  it('give the merchant bounds of a refused feedback text', () => {
    const error = new ApiError('support.feedback.length', 'x', 400, { minLength: '10', maxLength: '500' });
    expect(supportErrorText(t, tc, error)).toBe('errors.length{"min":"10","max":"500"}');
  });

  it('name muted and flood refusals, and fall back to the common texts', () => {
    expect(supportErrorText(t, tc, new ApiError('support.chat.muted', 'x', 403))).toBe('errors.muted');
    expect(supportErrorText(t, tc, new ApiError('support.chat.flood', 'x', 429))).toBe('errors.flood');
    expect(supportErrorText(t, tc, new ApiError('trial.forbidden', 'x', 403))).toBe(
      'common:in_need_true_account',
    );
  });
});
