import type { ErrorCode } from '@aurum/contract';

/** Codes the client makes itself, next to the server's catalogue. */
export type ClientErrorCode = 'network.abnormal' | 'response.invalid';

/** A server code from the catalogue, a client code, or a code this build does not know yet. */
export type ApiErrorCode = ErrorCode | ClientErrorCode | (string & {});

/** Every failed call throws this. Code reacts to `errorCode`, never to `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly errorCode: ApiErrorCode;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  readonly details: Record<string, string> | undefined;

  constructor(errorCode: ApiErrorCode, message: string, status: number, details?: Record<string, string>) {
    super(message);
    this.errorCode = errorCode;
    this.status = status;
    this.details = details;
  }

  get isNetwork(): boolean {
    return this.errorCode === 'network.abnormal';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export const errorCodeOf = (e: unknown): ApiErrorCode | null => (isApiError(e) ? e.errorCode : null);
