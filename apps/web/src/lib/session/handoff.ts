import type { Brand, LoginValue } from '@aurum/contract';
import { secondFactorTicketOf } from '../account/errors';
import { beginSession } from '../account/sign-in';
import { apiCall, errorCodeOf } from '../api';
import { buildHeaders } from '../api/api-client';
import { HEADER, routeTable } from '../contract';
import { readStorage, STORAGE_KEYS } from '../storage/storage';
import { endSession, getAccountName, getToken } from './session-store';

type BrandTypes = Pick<Brand, 'agentType' | 'trialType'>;

/** What redeeming the page's hand-off ticket came to. */
export type HandoffOutcome =
  /** Nobody was signed in (or the same member was): the tab now holds a session of the ticket's member. */
  | { kind: 'signed-in' }
  /** Another member is signed in in this tab: the member decides (switchAccount / stayOnAccount). */
  | { kind: 'ask'; value: LoginValue; current: string }
  /** The member has two-factor sign-in on: the ticket of its check (a social sign-in's hand-off). */
  | { kind: 'second-factor'; ticket: string }
  | { kind: 'failed'; code: string };

/**
 * POST /wps/session/handoff/redeem with the ticket in the body. With nobody signed in, the fresh
 * session is adopted as a login's is; when the same member is signed in already, that session
 * stays and the fresh one is ended; another member's session is never replaced without asking.
 */
export async function redeemTicket(ticket: string, brand: BrandTypes): Promise<HandoffOutcome> {
  let value: LoginValue;
  try {
    value = await apiCall('handoffRedeem', { body: { ticket } });
  } catch (e) {
    const ticket = secondFactorTicketOf(e);
    if (ticket) return { kind: 'second-factor', ticket };
    return { kind: 'failed', code: errorCodeOf(e) ?? 'network.abnormal' };
  }
  if (!getToken()) {
    beginSession(value, brand);
    return { kind: 'signed-in' };
  }
  if (readStorage('session', STORAGE_KEYS.customerId) === String(value.id)) {
    await endFreshSession(value.token);
    return { kind: 'signed-in' };
  }
  return { kind: 'ask', value, current: getAccountName() ?? '' };
}

/** Switch: the current member signs out (server-side too), then the ticket's session begins. */
export async function switchAccount(value: LoginValue, brand: BrandTypes): Promise<void> {
  await apiCall('logout').catch(() => undefined);
  endSession();
  beginSession(value, brand);
}

/** Stay: the current member's session goes on; the fresh one is ended on the server. */
export function stayOnAccount(value: LoginValue): Promise<void> {
  return endFreshSession(value.token);
}

/** DELETE /wps/session/logout with a session the tab never adopted. */
async function endFreshSession(token: string): Promise<void> {
  const headers = buildHeaders(null);
  headers.set(HEADER.authorization, token);
  const { method, path } = routeTable.logout;
  await fetch(path, { method, headers }).catch(() => undefined);
}
