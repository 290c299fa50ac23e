import { failureEnvelopeSchema } from '@aurum/contract';
import { expect } from 'vitest';

/** A failure envelope with this HTTP status and error code; returns the envelope. */
export function expectFailure(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  const body = failureEnvelopeSchema.parse(res.json());
  expect({ status: res.statusCode, code: body.errorCode }).toEqual({ status, code });
  return body;
}
