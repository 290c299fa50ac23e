/// <reference types="node" />
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import template from './service-worker.js?raw';

const ORIGIN = 'https://aurum.example';
const SHELL = ['/', '/manifest.webmanifest', '/media/brand/icon-192.png', '/assets/index-a.js'];

/** Loads the worker as the browser would, with the build's placeholders filled in. */
function loadWorker() {
  const source = template
    .replace("'__SW_VERSION__'", JSON.stringify('abc123'))
    .replace('__SW_SHELL__', JSON.stringify(SHELL));
  const listeners: Record<string, (event: unknown) => void> = {};
  const worker = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      listeners[type] = fn;
    },
    skipWaiting: () => Promise.resolve(),
  };
  runInNewContext(source, {
    self: worker,
    caches: { match: () => Promise.resolve(undefined) },
    fetch: () => Promise.reject(new Error('offline')),
    URL,
  });
  /** Whether the worker answers a request itself (true) or leaves it to the network (false). */
  const answers = (path: string, init: { method?: string; mode?: string; origin?: string } = {}) => {
    let answered = false;
    listeners.fetch?.({
      request: {
        method: init.method ?? 'GET',
        mode: init.mode ?? 'cors',
        url: `${init.origin ?? ORIGIN}${path}`,
      },
      respondWith: (response: Promise<unknown>) => {
        answered = true;
        // The fakes have no network and an empty cache: the answer itself is not under test here.
        response.catch(() => {});
      },
    });
    return answered;
  };
  return { listeners, answers };
}

describe('service worker routing', () => {
  it('installs, activates and handles fetches', () => {
    const { listeners } = loadWorker();
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install']);
  });

  it('never answers API calls, sockets, game pages or operator calls', () => {
    const { answers } = loadWorker();
    for (const path of [
      '/wps/member/info',
      '/lgw/games/game_menus',
      '/ws',
      '/play/api/spin',
      '/play/slots/AURX-1',
      '/ops/command',
      '/seamless/balance',
      '/health',
    ]) {
      expect(answers(path), path).toBe(false);
      expect(answers(path, { mode: 'navigate' }), path).toBe(false);
    }
  });

  it('answers hashed assets and the shell files (cache-first), and pages (network-first)', () => {
    const { answers } = loadWorker();
    expect(answers('/assets/download-page-x1.js')).toBe(true);
    expect(answers('/manifest.webmanifest')).toBe(true);
    expect(answers('/media/brand/icon-192.png')).toBe(true);
    expect(answers('/down', { mode: 'navigate' })).toBe(true);
  });

  it('leaves other media, other origins and anything but GET to the network', () => {
    const { answers } = loadWorker();
    expect(answers('/media/app/ios-step-1.svg')).toBe(false);
    expect(answers('/assets/index-a.js', { origin: 'https://cdn.example' })).toBe(false);
    expect(answers('/assets/index-a.js', { method: 'POST' })).toBe(false);
  });
});
