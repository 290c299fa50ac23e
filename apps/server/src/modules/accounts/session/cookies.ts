import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE_MAX_AGE_MS } from '../../../platform/housekeeping.ts';

export const REMEMBER_COOKIE = 'remember';
/** A random token naming the browser a member signed in from (a known device, see login.ts). */
export const DEVICE_COOKIE = 'device';
/** Only the session calls ever see the cookie. */
const COOKIE_PATH = '/wps/session';

/** The value of one cookie of the request, or null. */
export function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** HttpOnly so scripts cannot read it, Lax so other sites cannot spend it, Secure on https. */
export function setRememberCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) {
  setCookie(req, reply, REMEMBER_COOKIE, token, maxAgeMs);
}

export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  setCookie(req, reply, DEVICE_COOKIE, token, DEVICE_COOKIE_MAX_AGE_MS);
}

function setCookie(req: FastifyRequest, reply: FastifyReply, name: string, token: string, maxAgeMs: number) {
  const attrs = [
    `${name}=${token}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (req.protocol === 'https') attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

export function clearRememberCookie(req: FastifyRequest, reply: FastifyReply) {
  setRememberCookie(req, reply, '', 0);
}
