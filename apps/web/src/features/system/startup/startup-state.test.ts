import type { SitePermission, SystemStatus } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { sitePermission } from '../../../testing/fixtures';
import { selectStartupState } from './startup-state';

const done = <T>(data: T) => ({ data, error: null, isPending: false });
const pending = { data: undefined, error: null, isPending: true };
const failed = (code: string) => ({ data: undefined, error: new ApiError(code, '', 503), isPending: false });
const status = (code: 0 | 1 | 2, maintenanceEnd: number | null = null): SystemStatus => ({
  status: code,
  maintenanceEnd,
  ip: '198.51.100.4',
});
const permission = (patch: Partial<SitePermission> = {}) => ({ ...sitePermission(), ...patch });

describe('selectStartupState', () => {
  it('waits for both start-up calls', () => {
    expect(selectStartupState({ permission: pending, status: pending })).toEqual({ kind: 'loading' });
    expect(selectStartupState({ permission: done(permission()), status: pending })).toEqual({
      kind: 'loading',
    });
  });

  it('0 shows the app', () => {
    expect(selectStartupState({ permission: done(permission()), status: done(status(0)) })).toEqual({
      kind: 'ready',
    });
  });

  it('1 shows the maintenance page with its end time', () => {
    expect(
      selectStartupState({ permission: done(permission()), status: done(status(1, 1_900_000_000_000)) }),
    ).toEqual({
      kind: 'maintenance',
      maintenanceEnd: 1_900_000_000_000,
    });
  });

  it('2 shows the blocked page with the visitor IP', () => {
    expect(selectStartupState({ permission: done(permission()), status: done(status(2)) })).toEqual({
      kind: 'blocked',
      ip: '198.51.100.4',
    });
  });

  it('maintenance wins over region restriction', () => {
    const both = permission({ maintenance: true, regionRestriction: true });
    expect(selectStartupState({ permission: done(both), status: pending }).kind).toBe('maintenance');
    expect(
      selectStartupState({
        permission: done(permission({ regionRestriction: true })),
        status: done(status(1)),
      }).kind,
    ).toBe('maintenance');
  });

  it('the polled status decides once it has answered', () => {
    const flagged = permission({ maintenance: true });
    expect(selectStartupState({ permission: done(flagged), status: done(status(0)) }).kind).toBe('ready');
  });

  it('a whitelabel call refused for maintenance or region shows that page', () => {
    expect(
      selectStartupState({ permission: failed('system.maintenance'), status: done(status(1)) }).kind,
    ).toBe('maintenance');
    expect(selectStartupState({ permission: failed('system.maintenance'), status: pending }).kind).toBe(
      'maintenance',
    );
    expect(selectStartupState({ permission: failed('region.restricted'), status: pending }).kind).toBe(
      'blocked',
    );
  });

  it('start-up calls that fail show network abnormal', () => {
    expect(selectStartupState({ permission: failed('network.abnormal'), status: done(status(0)) })).toEqual({
      kind: 'network-error',
    });
    expect(
      selectStartupState({ permission: done(permission()), status: failed('network.abnormal') }),
    ).toEqual({
      kind: 'network-error',
    });
  });
});
