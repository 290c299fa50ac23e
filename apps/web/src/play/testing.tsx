/** Test helpers for the game pages: a session, the page's providers, a scripted play API. */
import type { PlaySession } from '@aurum/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { PlayProvider } from './frame/play-context';
import { TextsContext } from './texts';
import { en } from './texts/en';

export function playSession(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    sessionId: 'session-1',
    game: { nodeId: 'AURX.dice', gameCode: 'dice', engine: 'dice', name: 'Aurum Dice' },
    mode: 'real',
    language: 'EN',
    currency: 'USD',
    currencySymbol: '$',
    balance: '1000.00',
    minStake: '0.10',
    maxStake: '500.00',
    fair: { serverSeedHash: 'f'.repeat(64), clientSeed: 'seed', nonce: 0 },
    ...overrides,
  };
}

export function renderPlay(ui: ReactNode, session = playSession()) {
  return render(
    <TextsContext.Provider value={en}>
      <PlayProvider session={session}>{ui}</PlayProvider>
    </TextsContext.Provider>,
  );
}

export interface Call {
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/**
 * Replaces fetch with a scripted play API: each call is recorded and answered by `answer`
 * (a value is wrapped in the success envelope; an Error's message becomes the error code).
 */
export function scriptApi(answer: (call: Call) => unknown | Promise<unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const call = {
        path,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      try {
        const value = await answer(call);
        return new Response(JSON.stringify({ success: true, value }), { status: 200 });
      } catch (e) {
        const errorCode = e instanceof Error ? e.message : 'unknown';
        return new Response(JSON.stringify({ success: false, errorCode, message: '' }), { status: 400 });
      }
    }),
  );
  return calls;
}

/** Reduced motion on: animations end at once, so a test sees results without waiting. */
export function reduceMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('reduce'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
