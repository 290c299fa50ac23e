/**
 * Test support only: a real OpenID Provider (oidc-provider 8, the line that runs on Node 20) on a
 * random loopback port, with one static client and in-memory test users. Its development
 * interactions are completed programmatically by `CookieBrowser.authorize` below, the way a
 * user's browser would: follow redirects, submit the login form, then the consent form.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestUser {
  sub: string;
  name?: string;
  given_name?: string;
  email?: string;
  email_verified?: boolean;
}

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  users: TestUser[];
}

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const users = new Map(options.users.map((u) => [u.sub, u]));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Like Google and Facebook: the profile and email claims are in the ID token itself.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name'],
    },
    findAccount: (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ ...user }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { methods: ['S256'], required: () => true },
    cookies: { keys: ['test-provider-cookie-key'] },
    // Explicit lifetimes (the library's defaults log a notice on every use).
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    jwks: { keys: [jwk as never] },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookie jar for the provider's pages, and the hand-driven interaction. */
export class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  private header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async request(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
    });
    this.keep(res);
    return res;
  }

  /**
   * Follows the provider's redirects from its authorization URL, signing in as `login` and
   * granting consent (or cancelling with `deny`), until the provider redirects to a URL that
   * starts with `until` (the client's callback). Returns that URL.
   */
  async authorize(authorizationUrl: string, until: string, login: string, deny = false): Promise<URL> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 20; hop++) {
      if (url.startsWith(until)) return new URL(url);
      const res = await this.request(url);
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location') ?? '', url).href;
        continue;
      }
      const html = await res.text();
      const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
      if (res.status !== 200 || !prompt) throw new Error(`unexpected provider page ${res.status}: ${html}`);
      const form = new URL(url);
      const next = deny
        ? await this.request(`${form.origin}${form.pathname}/abort`)
        : await this.request(`${form.origin}${form.pathname}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(
              prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
            ).toString(),
          });
      if (next.status < 300 || next.status >= 400)
        throw new Error(`interaction not accepted: ${next.status}`);
      url = new URL(next.headers.get('location') ?? '', url).href;
    }
    throw new Error('too many redirects at the provider');
  }
}
