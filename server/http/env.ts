import type { I18n } from '@lingui/core';
import type { Config, ShopCode } from '../config';
import type { Db } from '../db/client';
import type { Locale } from '../i18n/locales';
import type { Mailer } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import type { ViesClient } from '../orders/vies';
import type { FiguresAsBegun } from '../sessions/sessions.service';
import type { ResponseHead } from './response-head';
import type { ParsedBody } from './body';

export interface Clock {
  now(): Date;
}

export interface Logger {
  error(message: string, detail?: unknown): void;
  info(message: string): void;
}

/** Everything a request may touch; created once in index.ts (or per test) and passed to createApp. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** The EU VAT check; defaults to the SOAP client on config.vies (tests pass a client to a fake). */
  vies?: ViesClient;
}

export interface ShopContext {
  id: number;
  code: ShopCode;
  name: string;
  locale: Locale;
  country: string;
  currency: string;
  currencySymbol: string;
  rounding: number;
  vatRate: number;
  email: string;
  termsPath: string;
  /** The claim page (reklamácia / reklamace) in the shop's language (server/claims/paths.ts). */
  claimPath: string;
  /** The withdrawal function's address in this shop (server/withdrawal/paths.ts); the footer links it. */
  withdrawalPath: string;
  origin: string;
}

export interface SessionState {
  /** The raw id from the cookie; never stored or logged. */
  id: string;
  /** SHA-256 of the id: the key of the sessions row. */
  hash: string;
  /** No session cookie was sent: the id is sent only once something is stored under it (session.ts). */
  fresh: boolean;
  /** A sessions row existed when the request began: without one there is no cart to look up. */
  stored: boolean;
  userId: number | null;
  username: string | null;
  roles: string[];
  /** A kept session's page header figures, read with it as the request began (server/cart/shopper-header.ts). */
  header?: FiguresAsBegun;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** Mails queued by a write go out through it after the commit (server/mail/outbox.ts). */
    outbox: Outbox;
    shop: ShopContext;
    locale: Locale;
    i18n: I18n;
    session: SessionState;
    csrfToken: string;
    /** The catalogue version, read once per request (server/catalog/catalog-version.ts). */
    catalogVersion: number;
    requestId: string;
    /** The answer's headers until it is made (server/http/response-head.ts). */
    head: ResponseHead;
    /** The request's body, parsed once (server/http/body.ts). */
    parsedBody: Promise<ParsedBody>;
  };
};
