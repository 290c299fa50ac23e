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
const envelopeHeadCache = new WeakMap<MerchantState, string>();

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

/** The visitors whose whole reply a merchant version keeps (a page load asks several calls). */
const MAX_VISITORS_KEPT = 10_000;
const replyCache = new WeakMap<MerchantState, Map<string, Buffer>>();

/**
 * The whole success envelope of the site permission call as UTF-8 bytes, the same text as
 * `JSON.stringify(ok(sitePermission(...)))`. The merchant's part (nearly all of it) is serialised
 * once per merchant version, and the whole reply once per visitor's address of that version, so a
 * repeated call is sent as it is (no encoding, no length scan). A changed merchant is a new state
 * object in every process (the merchant store reloads it on NOTIFY), so the old bytes go with it.
 */
export function sitePermissionJson(merchant: MerchantState, rawIp: string): Buffer {
  let replies = replyCache.get(merchant);
  if (!replies) {
    replies = new Map();
    replyCache.set(merchant, replies);
  }
  const kept = replies.get(rawIp);
  if (kept) return kept;
  let head = envelopeHeadCache.get(merchant);
  if (!head) {
    head = `{"success":true,"value":{"info":${JSON.stringify(merchantInfo(merchant))},"location":`;
    envelopeHeadCache.set(merchant, head);
  }
  const { location, maintenance, maintenanceEnd, regionRestriction } = sitePermission(merchant, rawIp);
  const reply = Buffer.from(
    `${head}${JSON.stringify(location)},"maintenance":${maintenance},"maintenanceEnd":${JSON.stringify(maintenanceEnd)},"regionRestriction":${regionRestriction}}}`,
  );
  if (replies.size >= MAX_VISITORS_KEPT) replies.clear();
  replies.set(rawIp, reply);
  return reply;
}
