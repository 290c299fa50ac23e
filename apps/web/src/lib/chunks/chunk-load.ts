/** Spec §9: a script chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A lazily loaded part of the app could not be fetched (spec §8: ChunkLoadError with cause and URL). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly url: string | null;
  override readonly cause: unknown;

  constructor(cause: unknown, url: string | null) {
    super(`Loading chunk failed${url ? ` (${url})` : ''}`);
    this.cause = cause;
    this.url = url;
  }
}

export const isChunkLoadError = (e: unknown): e is ChunkLoadError => e instanceof ChunkLoadError;

const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+|\/[^\s'"]+\.(?:m?js|css))/;

export function chunkUrlFromError(e: unknown): string | null {
  const message = e instanceof Error ? e.message : String(e);
  return URL_IN_MESSAGE.exec(message)?.[1] ?? null;
}

/** Wraps a dynamic import: rejections and the 120 s timeout become a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(new Error('timeout'), null)), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e, chunkUrlFromError(e)));
      },
    );
  });
}
