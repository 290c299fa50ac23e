/// <reference types="vite/client" />

/** The merchant code, fixed at build time from config/brand.json. */
declare const __MERCHANT__: string;

/** The brand as built; used until the live site permission data arrives. */
declare const __BUILD_BRAND__: {
  merchant: string;
  name: string;
  defaultLang: string;
  supportLanguages: string[];
  forceDefaultLangDomains: string[];
  theme: { brand: string; highlight: string };
  logo: string;
  mark: string;
};

/** Values of the API contract, extracted at build time (see vite.config.ts). */
declare module 'virtual:contract' {
  import type {
    ACCOUNT_TYPE as AccountTypes,
    BANNER_GROUPS as BannerGroups,
    GAME_CLASSIFY as Classify,
    RouteDef,
    RouteName,
    SYSTEM_STATUS as Status,
    TX_TYPE as TxTypes,
    GAME_TYPES as Types,
  } from '@aurum/contract';
  export type RouteMeta = Pick<RouteDef, 'method' | 'path' | 'auth' | 'encrypted' | 'feature'>;
  export const routeTable: Record<RouteName, RouteMeta>;
  export const GAME_TYPES: typeof Types;
  export const GAME_CLASSIFY: typeof Classify;
  export const SYSTEM_STATUS: typeof Status;
  export const TX_TYPE: typeof TxTypes;
  export const ACCOUNT_TYPE: typeof AccountTypes;
  export const BANNER_GROUPS: typeof BannerGroups;
}
