import {
  SESSION_TOUCH_SECONDS,
  type SitePermission,
  SYSTEM_STATUS,
  type SystemStatus,
} from '@aurum/contract';
import { countryOf, inBlockList, normaliseIp } from '../../platform/geo.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { accountSettings } from '../security/settings.ts';

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

/** The site permission data; the merchant part is built once per merchant version. */
export function sitePermission(merchant: MerchantState, rawIp: string): SitePermission {
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
  const ip = normaliseIp(rawIp);
  const country = countryOf(ip);
  return {
    info,
    location: { ip, country },
    maintenance: merchant.maintenanceOn,
    maintenanceEnd: merchant.maintenanceOn ? merchant.maintenanceEnd : null,
    regionRestriction: isRegionRestricted(merchant, ip, country),
  };
}
