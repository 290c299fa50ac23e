import { z } from 'zod';
import { featureNodeSchema } from '../features.ts';
import { brandSchema, domainRouteSchema, gameTypeSchema, resourceSchema } from './brand.ts';

/** 0 normal, 1 maintenance (wins over 2), 2 region-restricted. */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Epoch milliseconds when the maintenance is planned to end; null when unknown or none. */
  maintenanceEnd: z.number().int().nullable(),
  ip: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/**
 * The server writes a session's last use at most this often, so its idle limit may count from
 * up to this long before the latest call: the web plans with `idleSeconds - touchSeconds`.
 */
export const SESSION_TOUCH_SECONDS = 60;

export const sitePermissionSchema = z.object({
  info: z.object({
    brand: brandSchema,
    domainRoute: z.array(domainRouteSchema),
    resources: z.array(resourceSchema),
    whitelabelVal: z.array(featureNodeSchema),
    mainDomain: z.string(),
    analyticsId: z.string().nullable(),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    /** Signed-in sessions end after `idleSeconds` without a signed-in call (see SESSION_TOUCH_SECONDS). */
    session: z.object({ idleSeconds: z.number().int(), touchSeconds: z.number().int() }),
  }),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: z.boolean(),
  maintenanceEnd: z.number().int().nullable(),
  regionRestriction: z.boolean(),
});
export type SitePermission = z.infer<typeof sitePermissionSchema>;

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  gameType: gameTypeSchema,
  name: z.string(),
  icon: z.string(),
  isGame: z.enum(['VASSALAGE', 'GAME']),
  /**
   * How many of the vendor's games can be played in this category (0 when the vendor is not
   * contracted or has no game with a page): a card, a lobby or a launch is offered only above 0.
   */
  games: z.number().int().min(0).optional(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const gameMenuSchema = z.object({ title: gameTypeSchema, vendors: z.array(vendorCardSchema) });
export type GameMenu = z.infer<typeof gameMenuSchema>;
