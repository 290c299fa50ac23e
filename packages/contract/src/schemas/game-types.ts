import { z } from 'zod';

/** Game categories (spec §2, §3); COCKFIGHT, ESPORTS and INHOUSE are derived by the brand config. */
export const GAME_TYPES = [
  'RNG',
  'FISH',
  'PVP',
  'LIVE',
  'LOTT',
  'ELOTT',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'INHOUSE',
] as const;
export const gameTypeSchema = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameTypeSchema>;
