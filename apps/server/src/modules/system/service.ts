import {
  SESSION_TOUCH_SECONDS,
  type SitePermission,
  SYSTEM_STATUS,
  type SystemStatus,
} from '@aurum/contract';
import { countryOf, inBlockList, normaliseIp } from '../../platform/geo.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { accountSettings } from '../accounts/index.ts';

/** Region restriction decides by the visitor's country and by the operator's IP ranges. */
export function isRegionRestricted(merchant: MerchantState, ip: string, country: string | null): boolean {
  if (!merchant.regionOn) return false;
  if (country && merchant.regionCountries.has(country)) return true;
  return inBlockList(merchant.regionRanges, ip);
}

export function systemStatus(merchant: MerchantState, rawIp: string): SystemStatus {
  const ip = normaliseIp(rawIp);
  // Maintenance wins over region restriction.
  const status = merchant.maintenanceOn
    ? SYSTEM_STATUS.maintenance
    : isRegionRestricted(merchant, ip, countryOf(ip))
      ? SYSTEM_STATUS.regionRestricted
      : SYSTEM_STATUS.normal;
  return { status, maintenanceEnd: merchant.maintenanceOn ? merchant.maintenanceEnd : null, ip };
}

const infoCache = new WeakMap<MerchantState, SitePermission['info']>();
/** The site permission reply's bytes per merchant state: its head, and its tail per visitor address. */
const replyCache = new WeakMap<MerchantState, { head: Buffer; tails: Map<string, Buffer> }>();
/** Visitor addresses whose reply tail a merchant state keeps; past this the tails start over. */
const MAX_CACHED_TAILS = 10_000;

/** The merchant part of the site permission data, built once per merchant version. */
function merchantInfo(merchant: MerchantState): SitePermission['info'] {
  let info = infoCache.get(merchant);
  if (!info) {
    const c = merchant.config;
    info = {
      brand: c.brand,
      domainRoute: c.domainRoutes,
      resources: c.resources,
      whitelabelVal: c.features,
      mainDomain: c.mainDomain,
      analyticsId: c.analyticsId,
      imageCDNs: c.imageCDNs,
      launchGameCDNs: c.launchGameCDNs,
      session: {
        idleSeconds: accountSettings(merchant).sessionIdleMinutes * 60,
        touchSeconds: SESSION_TOUCH_SECONDS,
      },
    };
    infoCache.set(merchant, info);
  }
  return info;
}

/** The site permission data of one visitor: all of it but the location and the switches is the merchant's. */
export function sitePermission(merchant: MerchantState, rawIp: string): SitePermission {
  const ip = normaliseIp(rawIp);
  const country = countryOf(ip);
  return {
    info: merchantInfo(merchant),
    location: { ip, country },
    maintenance: merchant.maintenanceOn,
    maintenanceEnd: merchant.maintenanceOn ? merchant.maintenanceEnd : null,
    regionRestriction: isRegionRestricted(merchant, ip, country),
  };
}

/**
 * The whole success envelope of the site permission call as UTF-8 bytes, the same text as
 * `JSON.stringify(ok(sitePermission(...)))`. The merchant's part (nearly all of it) is encoded
 * once per merchant version, the visitor's part (address, country, region restriction) once per
 * address: a changed merchant is a new state object in every process (the merchant store
 * reloads it on NOTIFY), so the old bytes go with it. A call copies the two into one buffer.
 */
export function sitePermissionBody(merchant: MerchantState, rawIp: string): Buffer {
  let cached = replyCache.get(merchant);
  if (!cached) {
    const head = `{"success":true,"value":{"info":${JSON.stringify(merchantInfo(merchant))},"location":`;
    cached = { head: Buffer.from(head, 'utf8'), tails: new Map() };
    replyCache.set(merchant, cached);
  }
  let tail = cached.tails.get(rawIp);
  if (!tail) {
    const { location, maintenance, maintenanceEnd, regionRestriction } = sitePermission(merchant, rawIp);
    tail = Buffer.from(
      `${JSON.stringify(location)},"maintenance":${maintenance},"maintenanceEnd":${JSON.stringify(maintenanceEnd)},"regionRestriction":${regionRestriction}}}`,
      'utf8',
    );
    if (cached.tails.size >= MAX_CACHED_TAILS) cached.tails.clear();
    cached.tails.set(rawIp, tail);
  }
  return Buffer.concat([cached.head, tail], cached.head.length + tail.length);
}
