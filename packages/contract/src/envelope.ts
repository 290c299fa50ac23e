import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/** Every response of the API, success or failure, has this shape. */
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
export interface SuccessEnvelope<T> {
  success: true;
  value: T;
}
export interface FailureEnvelope {
  success: false;
  errorCode: ErrorCode;
  message: string;
  /** Field-level problems of a rejected request, keyed by the field's path. */
  details?: Record<string, string>;
}

export const ok = <T>(value: T): SuccessEnvelope<T> => ({ success: true, value });

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});

export const envelopeSchema = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('success', [z.object({ success: z.literal(true), value }), failureEnvelopeSchema]);
