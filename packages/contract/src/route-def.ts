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
  /**
   * Whether the call changes anything, when that is not what its method says (by default GET
   * reads and every other method writes): true on a GET that starts something (a game launch),
   * false on a write a read-only session may still make (signing out). An operator's read-only
   * view of a member's site (session kind 'view') is refused every call that changes anything.
   */
  effects?: boolean;
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

/** Whether a call changes anything (see RouteDef.effects). */
export const changesState = (def: Pick<RouteDef, 'method' | 'effects'>): boolean =>
  def.effects ?? def.method !== 'GET';
