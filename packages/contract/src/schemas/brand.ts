import { z } from 'zod';
import { featureNodeSchema } from '../features.ts';
import { LANGUAGES } from '../headers.ts';
import { passwordRuleProblem } from '../validation-rules.ts';
import { accountSettingsSchema } from './account.ts';
import { cashierConfigSchema } from './cashier.ts';
import { contentConfigSchema } from './content.ts';
import { contractsConfigSchema } from './contracts.ts';
import { gameTypeSchema } from './game-types.ts';
import { gameConfigSchema, maintenanceWindowSchema, maxWinAmountSchema, VENDOR_PROVIDERS } from './games.ts';
import { loyaltyConfigSchema } from './loyalty.ts';
import { promotionsConfigSchema } from './promotions.ts';
import { supportConfigSchema } from './support.ts';

export { GAME_TYPES, type GameType, gameTypeSchema } from './game-types.ts';

const languageSchema = z.enum(LANGUAGES);
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #12abef');

/** The merchant's brand configuration (spec §3 Brand config), as the site receives it. */
export const brandSchema = z.object({
  merchant: z.string().min(1).max(32),
  name: z.string().min(1).max(64),
  platform: z.literal('WEB'),
  lotteryType: z.literal('SEA'),
  defaultLang: languageSchema,
  supportLanguages: z.array(languageSchema).min(1),
  /** Domains on which the default language is forced instead of the device language. */
  forceDefaultLangDomains: z.array(z.string()).max(3),
  esportGames: z.array(z.string()),
  cockfightGames: z.array(z.string()),
  inHouse: z.array(z.string()),
  prizeModes: z.array(z.enum(['LOTT', 'ZY', 'ELOTT', 'SEA'])),
  agentType: z.array(z.number().int()),
  /**
   * The merchant's business time zone as a UTC offset ("+08:00"): it bounds "today", periods,
   * reports and salaries. Missing means GMT+8.
   */
  businessUtcOffset: z
    .string()
    .regex(/^[+-](?:0\d|1[0-4]):[0-5]\d$/)
    .optional(),
  trialType: z.array(z.number().int()),
  currency: z.string().length(3),
  currencySymbol: z.string().min(1).max(4),
  theme: z.object({ brand: hexColour, highlight: hexColour }),
  logo: z.string().min(1),
  mark: z.string().min(1),
  copyright: z.string().min(1).max(200),
  /** The copyright line in the other languages the site is offered in; copyright where missing. */
  copyrightTexts: z.partialRecord(languageSchema, z.string().min(1).max(200)).optional(),
});
export type Brand = z.infer<typeof brandSchema>;

export const RESOURCE_TYPES = [
  'MOBILECONFIG',
  'Android',
  'LITEAPP',
  'CUSTOMER_SERVICE',
  'FACEBOOK',
  'YOUTUBE',
  'WHATSAPP',
  'TIKTOK',
  'INSTAGRAM',
  'TWITTER',
  'TELEGRAM',
] as const;
export const resourceSchema = z.object({
  resourceType: z.enum(RESOURCE_TYPES),
  url: z.string().min(1),
  name: z.string(),
  labelNameEn: z.string(),
  /** Only for CUSTOMER_SERVICE entries. */
  csType: z.enum(['WHATSAPP', 'TELEGRAM', 'LINE']).optional(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const domainRouteSchema = z.object({
  domain: z.string().min(1),
  /** Which site the domain lands on. */
  site: z.enum(['member', 'agent']),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export const vendorSchema = z.object({
  vassalage: z.string().min(1).max(16),
  gameType: gameTypeSchema,
  name: z.string().min(1),
  icon: z.string().min(1),
  /** VASSALAGE: the vendor's games open in a popup game list instead of launching directly. */
  isGame: z.enum(['VASSALAGE', 'GAME']).default('GAME'),
  /** Who serves its games: INHOUSE (our own vendor) or NONE (not contracted: launching says so). */
  provider: z.enum(VENDOR_PROVIDERS).default('NONE'),
  /** While now is inside the window, launching answers vendor_under_maintenance. */
  maintenance: maintenanceWindowSchema.nullable().default(null),
  /** Risk limit: the most one round of the vendor may win; a seamless credit above it is held. */
  maxWin: maxWinAmountSchema.optional(),
});
export type Vendor = z.infer<typeof vendorSchema>;

/** The demo merchant as `config/` holds it and the database keeps it. */
export const merchantConfigSchema = z
  .object({
    brand: brandSchema,
    features: z.array(featureNodeSchema),
    resources: z.array(resourceSchema),
    domainRoutes: z.array(domainRouteSchema),
    mainDomain: z.string(),
    analyticsId: z.string().nullable(),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    vendors: z.array(vendorSchema),
    /** Account settings and registration rules (config/accounts.json); defaults when absent. */
    accounts: accountSettingsSchema
      .superRefine((settings, ctx) => {
        // The password policy (ASVS V6.2): a rule may add composition, never cap below 64.
        settings.rules.forEach((rule, i) => {
          const problem = rule.key === 'password' ? passwordRuleProblem(rule) : null;
          if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['rules', i] });
        });
      })
      .prefault({}),
    /** Wallet mode, deposit channels, withdrawal and transfer limits (config/cashier.json). */
    cashier: cashierConfigSchema.prefault({}),
    /** The game catalogue (config/games.json): every game of every vendor. */
    games: z.array(gameConfigSchema).default([]),
    /** Banners, notices, announcements, help centre and page texts (config/content.json). */
    content: contentConfigSchema.prefault({}),
    /** Promotion categories and activities (config/promotions.json). */
    promotions: promotionsConfigSchema.prefault({}),
    /** Feedback bounds, chat rooms and limits (config/support.json). */
    support: supportConfigSchema.prefault({}),
    /** Agent contracts: pages on, active members, top agents' terms (config/contracts.json). */
    contracts: contractsConfigSchema.prefault({}),
    /**
     * The lottery (config/lottery.json): games, schedules, odds boards and limits, checked whole by
     * parseLotteryConfig of @aurum/games on the server; absent: the merchant offers no lottery.
     */
    lottery: z.unknown().optional(),
    /**
     * VIP levels, their conditions, bonuses and rebate rates (config/loyalty.json); the server also
     * checks the levels with parseVipRules of @aurum/games when it reads the configuration.
     */
    loyalty: loyaltyConfigSchema.prefault({}),
  })
  .superRefine((config, ctx) => {
    // Artwork from another site shows only from the merchant's image CDNs (the site's CSP img-src
    // allows no other host): an https image elsewhere would be a broken image, so it is refused here.
    for (const { path, url } of httpsImages(config.content, ['content'])) {
      if (!imageFromCdns(config.imageCDNs, url)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `${originOf(url)} is not one of imageCDNs: upload the image to /media/ or add its host`,
        });
      }
    }
  });
export type MerchantConfig = z.infer<typeof merchantConfigSchema>;

/**
 * Whether the site can show an image: a path of the site (/media/…), or an https URL on one of
 * the merchant's image CDNs (the CSP's img-src allows no other host).
 */
export function imageFromCdns(imageCDNs: readonly string[], image: string): boolean {
  if (image.startsWith('/') && !image.startsWith('//')) return true;
  const origin = originOf(image);
  return image.startsWith('https://') && imageCDNs.some((cdn) => originOf(cdn) === origin);
}

/** `https://host[:port]` of a URL, lower-cased (the package has no URL class to lean on). */
const originOf = (url: string) =>
  (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(url.trim())?.[0] ?? url).toLowerCase();

/** Every `image` of the content that is an https URL (the others are /media/ paths), with its path. */
function httpsImages(
  value: unknown,
  path: (string | number)[],
): { path: (string | number)[]; url: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => httpsImages(v, [...path, i]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'image' && typeof v === 'string'
      ? v.startsWith('https://')
        ? [{ path: [...path, k], url: v }]
        : []
      : httpsImages(v, [...path, k]),
  );
}
