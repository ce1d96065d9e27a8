import * as oidc from 'openid-client';
import { isLoopbackUrl, OAUTH_PROVIDERS, type Config, type OAuthProvider, type OAuthProviderConfig } from '../config';

/** How the sign-in and sign-up pages name each provider; brand names, the same in every language. */
export const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** What we ask for: who the shopper is and their e-mail, nothing else. */
export const SCOPES: Record<OAuthProvider, string> = { google: 'openid email', facebook: 'openid email' };

const TIMEOUT_S = 10;

export function isProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** The configured providers, in the order their links are shown. */
export function enabledProviders(config: Config): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((p) => config.oauth.providers[p] !== null);
}

/**
 * openid-client configurations, one per provider, made from its discovery document on first use and
 * kept for the app's life. A failed discovery is not kept, so the next sign-in tries again.
 */
export class ProviderClients {
  private readonly ready = new Map<OAuthProvider, Promise<oidc.Configuration>>();

  constructor(private readonly config: Config) {}

  get(provider: OAuthProvider): Promise<oidc.Configuration> {
    const settings = this.config.oauth.providers[provider];
    if (!settings) return Promise.reject(new Error(`${provider} sign-in is not configured`));
    let pending = this.ready.get(provider);
    if (!pending) {
      pending = discover(settings);
      pending.catch(() => this.ready.delete(provider));
      this.ready.set(provider, pending);
    }
    return pending;
  }
}

async function discover(settings: OAuthProviderConfig): Promise<oidc.Configuration> {
  // Plain HTTP is allowed only on this machine (the tests' fake provider); config.ts refuses it elsewhere.
  const local = isLoopbackUrl(settings.issuer);
  const discovered = await oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, oidc.ClientSecretPost(), {
    timeout: TIMEOUT_S,
    ...(local ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  const { supportsPKCE: _helper, ...metadata } = discovered.serverMetadata();
  if (metadata.token_endpoint || !settings.tokenUrl) return discovered;
  // Facebook publishes an OIDC discovery document without a token endpoint (it was written for
  // Limited Login); its code flow exchanges codes at the Graph API, so that one address is filled in.
  const completed = new oidc.Configuration({ ...metadata, token_endpoint: settings.tokenUrl }, settings.clientId, settings.clientSecret, oidc.ClientSecretPost());
  completed.timeout = TIMEOUT_S;
  if (local) oidc.allowInsecureRequests(completed);
  return completed;
}
