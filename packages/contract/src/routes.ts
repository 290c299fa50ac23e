import { z } from 'zod';
import type { FeatureKey } from './features.ts';
import { domainRouteSchema } from './schemas/brand.ts';
import { gameMenuSchema, sitePermissionSchema, systemStatusSchema } from './schemas/system.ts';

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
  /** The whitelabel flag that switches the call on; null for calls every merchant has. */
  feature: FeatureKey | null;
  query: Q;
  body: B;
  response: R;
}

const route = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(def: RouteDef<Q, B, R>) => def;

/** Queries of GET calls reject unknown keys so a typo is an error, not a silent default. */
const noQuery = z.object({}).strict();
const noBody = z.undefined();

export const routes = {
  systemStatus: route({
    method: 'GET',
    path: '/wps/system/status',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: systemStatusSchema,
  }),
  whitelabel: route({
    method: 'GET',
    path: '/wps/system/whitelabel',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: sitePermissionSchema,
  }),
  domainRoute: route({
    method: 'GET',
    path: '/wps/system/domainRoute',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: z.object({ domain: z.string().min(1).max(253).optional() }).strict(),
    body: noBody,
    response: z.array(domainRouteSchema),
  }),
  gameMenus: route({
    method: 'GET',
    path: '/lgw/games/game_menus',
    auth: 'N',
    encrypted: false,
    feature: 'COMM3',
    query: noQuery,
    body: noBody,
    response: z.array(gameMenuSchema),
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteQuery<N extends RouteName> = z.input<Routes[N]['query']>;
export type RouteBody<N extends RouteName> = z.input<Routes[N]['body']>;
export type RouteValue<N extends RouteName> = z.output<Routes[N]['response']>;
