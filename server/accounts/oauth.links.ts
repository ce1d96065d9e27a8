import type { Context } from 'hono';
import type { OAuthProvider } from '../config';
import type { AppEnv } from '../http/env';
import { msg } from '../i18n/msg';
import { enabledProviders } from './oauth.providers';

const LABELS: Record<OAuthProvider, string> = {
  google: msg('Prihlásiť sa cez Google'),
  facebook: msg('Prihlásiť sa cez Facebook'),
};

export interface SocialLink {
  provider: OAuthProvider;
  href: string;
  label: string;
}

/**
 * The "sign in with …" links of the sign-in and sign-up pages: only configured providers, each
 * carrying the page's return path. Plain links, so they work without JavaScript.
 */
export function socialLinks(c: Context<AppEnv>, returnTo: string): SocialLink[] {
  const query = returnTo ? `?r=${encodeURIComponent(returnTo)}` : '';
  return enabledProviders(c.get('deps').config).map((provider) => ({
    provider,
    href: `/connect/${provider}${query}`,
    label: c.get('i18n')._(LABELS[provider]),
  }));
}
