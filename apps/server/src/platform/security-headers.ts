import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MerchantConfig } from '@aurum/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MerchantStore } from './merchants.ts';

/** One year: the least browsers' preload lists and audits accept. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Powerful browser features the site never uses: no page of it (or frame in it) may ask for them. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The Google tag (gtag.js / Tag Manager) that a Google analytics id (G-, GT-, AW-, GTM-) loads:
 * its script, and where it sends hits. Other ids load nothing the policy must allow.
 */
const GOOGLE_TAG_ID = /^(G|GT|AW|GTM)-[A-Z0-9]+$/i;
const GOOGLE_TAG = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  frame: ['https://www.googletagmanager.com'],
};

/**
 * Firebase Authentication phone sign-in (the registration's firebase channel): its API calls, and
 * the invisible reCAPTCHA it loads (script and frame, per Google's CSP guidance for reCAPTCHA).
 */
const FIREBASE_PHONE = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** What the firebase channel needs, when the merchant has it on: Google's, or the emulator's. */
function firebasePhoneSources(config: MerchantConfig | null, emulatorHost: string | undefined) {
  const f = config?.accounts?.firebasePhone;
  if (!f?.enabled) return null;
  if (emulatorHost && HOST.test(emulatorHost))
    return { script: [], connect: [`http://${emulatorHost}`], frame: [] };
  const authDomain = HOST.test(f.authDomain) ? `https://${f.authDomain.toLowerCase()}` : null;
  return { ...FIREBASE_PHONE, frame: unique([...FIREBASE_PHONE.frame, authDomain]) };
}

/** What the site's pages need beyond the merchant's configuration. */
export interface SitePolicyInputs {
  /** FIREBASE_AUTH_EMULATOR_HOST: the firebase channel talks to this emulator instead of Google. */
  firebaseEmulatorHost?: string | undefined;
  /** PUBLIC_URL: its WebSocket origin is named explicitly (older browsers do not count ws: as 'self'). */
  publicUrl?: string;
  /** 'sha256-…' sources of the inline <style> blocks of the built pages (index.html, play.html). */
  styleHashes?: readonly string[];
}

const SAFE_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** The origin of a configured URL ("https://cdn.example/img/" → "https://cdn.example"), or null. */
function originOf(url: string): string | null {
  try {
    const u = new URL(url.startsWith('//') ? `https:${url}` : url);
    // Only plain host names: nothing that could end a CSP source or directive (' ; space).
    return SAFE_ORIGIN.test(u.origin) ? u.origin : null;
  } catch {
    return null;
  }
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** The site's own WebSocket origins: PUBLIC_URL's, and wss: on each of the merchant's domains. */
function socketOrigins(config: MerchantConfig | null, publicUrl: string | undefined): string[] {
  const out: string[] = [];
  if (publicUrl) {
    const u = new URL(publicUrl);
    out.push(`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`);
  }
  if (config) {
    for (const domain of [config.mainDomain, ...config.domainRoutes.map((r) => r.domain)]) {
      if (domain && HOST.test(domain)) out.push(`wss://${domain.toLowerCase()}`);
    }
  }
  return out;
}

const unique = (list: readonly (string | null)[]) => [...new Set(list.filter((s): s is string => !!s))];

/**
 * The Content-Security-Policy of the site's pages, from the merchant's configuration: images from
 * the site and its image CDNs, frames from the site and its game launch CDNs, connections to the
 * site and its own WebSocket, plus what the analytics tag needs when the merchant has an id.
 * No inline script anywhere, and no inline style but the build's own hashed blocks.
 */
export function contentSecurityPolicy(config: MerchantConfig | null, inputs: SitePolicyInputs = {}): string {
  const analytics = config?.analyticsId && GOOGLE_TAG_ID.test(config.analyticsId) ? GOOGLE_TAG : null;
  const imageCdns = (config?.imageCDNs ?? []).map(originOf);
  const launchCdns = (config?.launchGameCDNs ?? []).map(originOf);
  const firebase = firebasePhoneSources(config, inputs.firebaseEmulatorHost);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', unique(["'self'", ...(analytics?.script ?? []), ...(firebase?.script ?? [])])],
    ['style-src', unique(["'self'", ...(inputs.styleHashes ?? []).map((h) => `'${h}'`)])],
    ['img-src', unique(["'self'", 'data:', 'blob:', ...imageCdns, ...(analytics?.img ?? [])])],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      unique([
        "'self'",
        ...socketOrigins(config, inputs.publicUrl),
        ...(analytics?.connect ?? []),
        ...(firebase?.connect ?? []),
      ]),
    ],
    ['frame-src', unique(["'self'", ...launchCdns, ...(analytics?.frame ?? []), ...(firebase?.frame ?? [])])],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** 'sha256-…' of every inline <style> block of an HTML page, as a CSP source lists it. */
export function inlineStyleHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    hashes.push(
      `sha256-${createHash('sha256')
        .update(m[1] ?? '', 'utf8')
        .digest('base64')}`,
    );
  }
  return hashes;
}

/** The hashes of the inline styles of the built pages that the server sends. */
export function builtPageStyleHashes(
  webDist: string,
  pages = ['index.html', 'play.html', 'console.html'],
): string[] {
  const hashes = new Set<string>();
  for (const page of pages) {
    const file = path.join(webDist, page);
    if (existsSync(file)) for (const h of inlineStyleHashes(readFileSync(file, 'utf8'))) hashes.add(h);
  }
  return [...hashes];
}

/** Inline style blocks a page carries beyond the built ones (the prerendered home page's), by reply. */
const pageStyles = new WeakMap<FastifyReply, string[]>();

/** Lets the page this reply sends carry an inline `<style>` block of this 'sha256-…' hash. */
export function allowPageStyle(reply: FastifyReply, hash: string): void {
  pageStyles.set(reply, [...(pageStyles.get(reply) ?? []), hash]);
}

export interface SecurityHeadersOptions {
  store: MerchantStore;
  /** The merchant whose site the pages are; without one the policy names only the site itself. */
  siteMerchant?: string;
  publicUrl?: string;
  styleHashes?: readonly string[];
  firebaseEmulatorHost?: string | undefined;
}

/**
 * The headers of every answer: HSTS when the site is https, a Permissions-Policy denying what the
 * site does not use, Cross-Origin-Opener-Policy, and on pages the merchant's CSP. The CSP is
 * computed once per merchant configuration version, so a reloaded configuration shows at once.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const inputs: SitePolicyInputs = {
    publicUrl: options.publicUrl,
    styleHashes: options.styleHashes,
    firebaseEmulatorHost: options.firebaseEmulatorHost,
  };
  const https = options.publicUrl?.startsWith('https:') ?? false;
  let cached: { code: string; version: number; policy: string } | null = null;
  const fallback = contentSecurityPolicy(null, inputs);

  const pagePolicy = async (): Promise<string> => {
    const code = options.siteMerchant;
    const merchant = code ? await options.store.get(code) : null;
    if (!merchant) return fallback;
    if (cached?.code !== merchant.code || cached.version !== merchant.version) {
      cached = {
        code: merchant.code,
        version: merchant.version,
        policy: contentSecurityPolicy(merchant.config, inputs),
      };
    }
    return cached.policy;
  };

  // same-origin opener policy: the game window and the customer-service popup are opened without
  // an opener (opener = null) and social sign-in is a full-page redirect, so nothing needs a handle
  // on a window of another origin.
  const everyAnswer: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
  // A callback hook: an API answer gets its fixed headers without a promise; only a page waits
  // (for the merchant's policy, plus the style block of its rendered-ahead home shell).
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(everyAnswer);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return done(null, payload);
    pagePolicy().then((base) => {
      const extra = pageStyles.get(reply);
      const policy = extra
        ? base.replace(/(^|; )style-src [^;]*/, (d) => `${d} ${extra.map((h) => `'${h}'`).join(' ')}`)
        : base;
      reply.header('content-security-policy', policy);
      reply.header('x-frame-options', 'SAMEORIGIN');
      done(null, payload);
    }, done);
  });
}
