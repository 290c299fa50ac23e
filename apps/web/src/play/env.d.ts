/** The in-house game API's values, extracted at build time from the contract (see vite.config.ts). */
declare module 'virtual:play-contract' {
  import type {
    BACCARAT_BETS as Bets,
    PlayRouteName,
    PLINKO_RISKS as Risks,
    playRoutes as Routes,
    PLINKO_ROWS as Rows,
  } from '@aurum/contract';
  export const playRouteTable: {
    [N in PlayRouteName]: Pick<(typeof Routes)[N], 'method' | 'path' | 'auth'>;
  };
  export const PLAY_SESSION_HEADER: string;
  export const BACCARAT_BETS: typeof Bets;
  export const PLINKO_ROWS: typeof Rows;
  export const PLINKO_RISKS: typeof Risks;
}
