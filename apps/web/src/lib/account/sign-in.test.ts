import type { LoginValue } from '@aurum/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage, STORAGE_KEYS } from '../storage/storage';
import { beginSession } from './sign-in';

const recordFirstLogin = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('./first-login', () => ({ recordFirstLogin }));

const brand = { agentType: [1, 2, 41, 42], trialType: [4] };
const login = (firstTimeLogin: boolean): LoginValue =>
  ({
    token: 't'.repeat(43),
    firstTimeLogin,
    passwordExpired: false,
    id: 7,
    userName: 'demo',
    customerType: 0,
  }) as LoginValue;

describe('beginSession', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    recordFirstLogin.mockClear();
  });

  it('marks a first login for the session (announcements F) and records it', () => {
    beginSession(login(true), brand);
    expect(readStorage('session', STORAGE_KEYS.firstTimeLogin)).toBe('1');
    expect(recordFirstLogin).toHaveBeenCalledTimes(1);
  });

  it('clears the mark on a later login', () => {
    window.sessionStorage.setItem(STORAGE_KEYS.firstTimeLogin, '1');
    beginSession(login(false), brand);
    expect(readStorage('session', STORAGE_KEYS.firstTimeLogin)).toBeNull();
    expect(recordFirstLogin).not.toHaveBeenCalled();
  });
});
