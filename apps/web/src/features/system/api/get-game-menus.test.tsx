import type { GameMenu } from '@aurum/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetBootData } from '../../../lib/boot/boot-data';
import { fakeServer, ok } from '../../../testing/fake-server';
import { gameMenus } from '../../../testing/fixtures';
import { useGameMenusQuery } from './get-game-menus';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetBootData();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);
const stored = () => JSON.parse(sessionStorage.getItem('vendors') ?? 'null')?.value as GameMenu[] | undefined;

describe('the vendor catalogue in the session (spec §9 session key vendors)', () => {
  it('keeps the fetched catalogue under vendors', async () => {
    const server = fakeServer({ 'GET /lgw/games/game_menus': () => ok(gameMenus) });
    const { result } = renderHook(() => useGameMenusQuery(true), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(server.calls).toHaveLength(1);
    expect(stored()).toEqual(gameMenus);
  });

  it('serves a later page load from the session copy without a call', async () => {
    sessionStorage.setItem('vendors', JSON.stringify({ savedAt: Date.now(), value: gameMenus }));
    const server = fakeServer({});
    const { result } = renderHook(() => useGameMenusQuery(true), { wrapper });
    expect(result.current.data).toEqual(gameMenus);
    await new Promise((r) => setTimeout(r, 0));
    expect(server.calls).toHaveLength(0);
  });
});
