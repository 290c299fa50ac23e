import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk-load';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('turns a failed dynamic import into a ChunkLoadError with its cause and URL', async () => {
    const cause = new TypeError(
      'Failed to fetch dynamically imported module: http://x.test/assets/home-1a2b.js',
    );
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ cause, url: 'http://x.test/assets/home-1a2b.js' });
  });

  it('fails a chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(await pending).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
