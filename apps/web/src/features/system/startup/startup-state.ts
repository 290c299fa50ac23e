import type { SitePermission, SystemStatus } from '@aurum/contract';
import { type ApiErrorCode, errorCodeOf } from '../../../lib/api';
import { SYSTEM_STATUS } from '../../../lib/contract';

export type StartupState =
  | { kind: 'loading' }
  | { kind: 'network-error' }
  | { kind: 'maintenance'; maintenanceEnd: number | null }
  | { kind: 'blocked'; ip: string | null }
  | { kind: 'ready' };

interface QuerySnapshot<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

export interface StartupInputs {
  permission: QuerySnapshot<SitePermission>;
  status: QuerySnapshot<SystemStatus>;
}

const refusedWith = (error: unknown, code: ApiErrorCode) => errorCodeOf(error) === code;

/**
 * Spec §2 Start-up and §4 System status. Maintenance (1) wins over region restriction (2), from
 * either the status call or the site permission data; a server that refuses the whitelabel call
 * with system.maintenance / region.restricted counts too. Anything else that stops both start-up
 * calls from answering is "network abnormal".
 */
export function selectStartupState({ permission, status }: StartupInputs): StartupState {
  const code = status.data?.status;
  const maintenanceEnd = status.data?.maintenanceEnd ?? permission.data?.maintenanceEnd ?? null;
  const ip = status.data?.ip || permission.data?.location.ip || null;

  // The status call is polled and authoritative once it answered; the whitelabel flags stand in
  // until it does and still count when they say so.
  const maintenance =
    code === SYSTEM_STATUS.maintenance ||
    (code === undefined && permission.data?.maintenance === true) ||
    (code !== SYSTEM_STATUS.normal && refusedWith(permission.error, 'system.maintenance'));
  if (maintenance) return { kind: 'maintenance', maintenanceEnd };

  const blocked =
    code === SYSTEM_STATUS.regionRestricted ||
    (code === undefined && permission.data?.regionRestriction === true) ||
    (code !== SYSTEM_STATUS.normal && refusedWith(permission.error, 'region.restricted'));
  if (blocked) return { kind: 'blocked', ip };

  if (permission.isPending || (status.isPending && !status.error)) return { kind: 'loading' };
  if (!permission.data) return { kind: 'network-error' };
  if (code === undefined && status.error) return { kind: 'network-error' };
  return { kind: 'ready' };
}
