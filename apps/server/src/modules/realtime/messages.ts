import type { RealtimeClientMessage } from '@aurum/contract';

const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,32}$/;
const MAX_TOKEN = 256;

/** A client message, or null when it is not one the protocol knows (the socket is then closed). */
export function parseClientMessage(data: string): RealtimeClientMessage | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const message = raw as Record<string, unknown>;
  const keys = Object.keys(message);
  if (message.type === 'ping') return keys.length === 1 ? { type: 'ping' } : null;
  if (message.type === 'auth') {
    const { merchant, token } = message;
    if (keys.length !== 3 || typeof merchant !== 'string' || typeof token !== 'string') return null;
    if (!MERCHANT_CODE.test(merchant) || !token || token.length > MAX_TOKEN) return null;
    return { type: 'auth', merchant, token };
  }
  return null;
}
