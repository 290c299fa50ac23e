import * as client from 'openid-client';
import { HOUR_MS } from '../../../platform/clock.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import type { UsableProvider } from './config.ts';

/** Discovery documents and signing keys change rarely; a failed discovery is retried at once. */
const DISCOVERY_TTL_MS = HOUR_MS;
const TIMEOUT_SECONDS = 10;

/**
 * openid-client configurations, one per issuer and client, from the issuer's discovery document
 * (`<issuer>/.well-known/openid-configuration`; its `issuer` must equal the configured one).
 * The library then checks everything the flow relies on: state, the `iss` of the response, PKCE,
 * and the ID token's signature, issuer, audience, nonce and expiry.
 */
export class OidcClients {
  private readonly cache = new Map<string, { config: Promise<client.Configuration>; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  configuration(p: UsableProvider): Promise<client.Configuration> {
    const key = sha256Hex(JSON.stringify([p.issuer, p.clientId, p.clientSecret]));
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    // The configuration schema allows http only for loopback issuers (local development, tests).
    const insecure = new URL(p.issuer).protocol === 'http:';
    const config = client.discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, {
      timeout: TIMEOUT_SECONDS,
      // The ID token's signature is checked against the issuer's published keys too, not only
      // trusted because it came over TLS (and there is no TLS on a loopback test issuer).
      execute: insecure
        ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
        : [client.enableNonRepudiationChecks],
    });
    const entry = { config, at: this.now() };
    this.cache.set(key, entry);
    config.catch(() => {
      if (this.cache.get(key) === entry) this.cache.delete(key);
    });
    return config;
  }
}
