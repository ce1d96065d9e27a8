import type { Config, ShopCode } from '../config';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/**
 * Settings stored in the database (the back office's Nastavenia) over the environment's: a stored
 * value wins, no row means "as configured". Each reader asks when it needs the value (a mail's
 * sender and operator address as it is sent, partner origins per CORS question), so a change counts
 * at once in every process; host names and origins route requests and print canonical links, so they
 * are read when the shop starts (settingsConfig) and the settings page says a restart applies them.
 */
export interface StoredSettings {
  'shop.sk.hosts': string[];
  'shop.cz.hosts': string[];
  'shop.sk.origin': string;
  'shop.cz.origin': string;
  'partner.origins': string[];
  'mail.from': string;
  'mail.operator': string;
}
export type SettingKey = keyof StoredSettings;

const sql = perDatabase((db: Db) => ({
  get: db.$client.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
  put: db.$client.prepare<[string, string, number]>(
    'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  ),
  remove: db.$client.prepare<[string]>('DELETE FROM settings WHERE key = ?'),
}));

/** The stored value of a key, or undefined when the configuration counts. */
export function storedSetting<K extends SettingKey>(db: Db, key: K): StoredSettings[K] | undefined {
  const row = sql(db).get.get(key);
  return row ? (JSON.parse(row.value) as StoredSettings[K]) : undefined;
}

const empty = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0);

/** Stores a validated value (an empty one removes the row); call inside the audited transaction. */
export function writeSetting<K extends SettingKey>(db: Db, key: K, value: StoredSettings[K], now: Date): void {
  if (empty(value)) sql(db).remove.run(key);
  else sql(db).put.run(key, JSON.stringify(value), now.getTime());
}

/** Where the operator's mails go: the stored address, else MAIL_OPERATOR (empty: each shop's supplier e-mail). */
export function operatorAddress(db: Db, config: Config): string {
  return storedSetting(db, 'mail.operator') ?? config.mail.operator;
}

/** The From of every mail: the stored sender, else MAIL_FROM. */
export function mailSender(db: Db, config: Config): string {
  return storedSetting(db, 'mail.from') ?? config.mail.from;
}

/**
 * Origins allowed to embed the shop's widgets (the partner embed's CORS list): the stored ones and
 * those the deployment configures, without repeats.
 */
export function partnerOrigins(db: Db, configured: readonly string[] = []): string[] {
  return [...new Set([...configured, ...(storedSetting(db, 'partner.origins') ?? [])])];
}

/** The configuration with the stored host names and origins over the environment's (read at start). */
export function settingsConfig(config: Config, db: Db): Config {
  const hosts = { ...config.hosts };
  const origins = { ...config.origins };
  for (const code of ['sk', 'cz'] as const satisfies readonly ShopCode[]) {
    hosts[code] = storedSetting(db, `shop.${code}.hosts`) ?? hosts[code];
    origins[code] = storedSetting(db, `shop.${code}.origin`) ?? origins[code];
  }
  return { ...config, hosts, origins };
}
