import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playSession, scriptApi } from '../testing';
import { NO_SESSION, resetStartForTests, startSession, WRONG_GAME } from './start-session';
import { loadStoredSession } from './stored-session';

const TOKEN = 'launch-token-0123456789abcdef';

describe('starting a game page', () => {
  beforeEach(() => resetStartForTests());
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('exchanges the launch token once, stores the session and takes the token out of the address', async () => {
    window.history.replaceState(null, '', `/play/slot?token=${TOKEN}&lang=cn`);
    const session = playSession({
      game: { nodeId: 'AURX.dynasty', gameCode: 'dynasty', engine: 'slot', name: 'Golden Dynasty' },
    });
    const calls = scriptApi(() => session);
    const [a, b] = await Promise.all([startSession('slot'), startSession('slot')]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/play/api/session', method: 'POST', body: { token: TOKEN } });
    expect(calls[0]?.headers.get('merchant')).toBe(__MERCHANT__);
    expect(window.location.search).toBe('?lang=cn');
    expect(a.language).toBe('CN');
    expect(loadStoredSession()).toEqual(session);
  });

  it('resumes the stored session on reload, with a fresh balance and no token', async () => {
    window.history.replaceState(null, '', `/play/dice?token=${TOKEN}`);
    scriptApi(() => playSession());
    await startSession('dice');
    resetStartForTests();
    window.history.replaceState(null, '', '/play/dice');
    const calls = scriptApi(() => ({ balance: '12.34' }));
    const resumed = await startSession('dice');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/play/api/balance', method: 'GET' });
    expect(calls[0]?.headers.get('x-play-session')).toBe('session-1');
    expect(resumed.session.balance).toBe('12.34');
    expect(resumed.language).toBe('EN');
  });

  it('cannot start without a token or a stored session, nor for another game', async () => {
    window.history.replaceState(null, '', '/play/dice');
    scriptApi(() => playSession());
    await expect(startSession('dice')).rejects.toMatchObject({ errorCode: NO_SESSION });
    resetStartForTests();
    window.history.replaceState(null, '', `/play/plinko?token=${TOKEN}`);
    await expect(startSession('plinko')).rejects.toMatchObject({ errorCode: WRONG_GAME });
  });

  it('lets a start that failed be tried again with the same token', async () => {
    window.history.replaceState(null, '', `/play/dice?token=${TOKEN}`);
    let attempt = 0;
    const calls = scriptApi(() => {
      attempt++;
      if (attempt === 1) throw new Error('network.abnormal');
      return playSession();
    });
    await expect(startSession('dice')).rejects.toMatchObject({ errorCode: 'network.abnormal' });
    await expect(startSession('dice')).resolves.toMatchObject({ session: { sessionId: 'session-1' } });
    expect(calls.map((c) => c.body)).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });
});
