import { z } from 'zod';
import type { FeatureKey } from './features.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** T: a session token is required; N: none. */
  auth: 'T' | 'N';
  /** E: the body is a compact JWE made with the server's public key. */
  encrypted: boolean;
  /** The body may come form-encoded (application/x-www-form-urlencoded); other calls refuse that. */
  form?: boolean;
  /** The whitelabel flag that switches the call on; null for calls every merchant has. */
  feature: FeatureKey | null;
  query: Q;
  body: B;
  response: R;
}

export const route = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: RouteDef<Q, B, R>,
) => def;

/** Queries of GET calls reject unknown keys so a typo is an error, not a silent default. */
export const noQuery = z.object({}).strict();
export const noBody = z.undefined();
