import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ShopCode } from '../../config';
import { supplierOf, updateSupplier } from '../../shops/supplier.service';
import type { SupplierInput } from '../../shops/supplier.schemas';
import { mailSender, operatorAddress, partnerOrigins, storedSetting, writeSetting, type SettingKey, type StoredSettings } from '../../settings/settings.service';
import { audited, type Actor } from '../audit';

/**
 * Writes of the settings section, each audited with the values before and after in its transaction:
 * the supplier through the same service and schema as the command line (server/shops), the stored
 * settings through server/settings. A save that changes nothing writes no row.
 */
export function saveSupplier(db: Db, actor: Actor, shop: { id: number; code: ShopCode }, input: SupplierInput, now: Date): void {
  audited(db, actor, now, () => {
    const before = supplierOf(db, shop.id);
    const after = updateSupplier(db, shop.id, input, now);
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    return { value: undefined, audit: changed ? { section: 'settings', action: 'settings.supplier', subject: shop.code, before, after } : null };
  });
}

/** Stores several keys as one change (one form), recording what each was and became. */
export function saveSettings(db: Db, actor: Actor, action: string, values: Partial<StoredSettings>, now: Date): void {
  audited(db, actor, now, () => {
    const keys = Object.keys(values) as SettingKey[];
    const before = Object.fromEntries(keys.map((key) => [key, storedSetting(db, key) ?? null]));
    for (const key of keys) writeSetting(db, key, values[key] as never, now);
    const after = Object.fromEntries(keys.map((key) => [key, storedSetting(db, key) ?? null]));
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    return { value: undefined, audit: changed ? { section: 'settings', action, before, after } : null };
  });
}

/** What the settings page shows: stored values (for the forms) and what counts now (stored or configured). */
export function settingsView(db: Db, config: Config, running: Config) {
  const stored = (key: SettingKey) => storedSetting(db, key);
  const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));
  return {
    stored: {
      skHosts: text(stored('shop.sk.hosts')),
      czHosts: text(stored('shop.cz.hosts')),
      skOrigin: text(stored('shop.sk.origin')),
      czOrigin: text(stored('shop.cz.origin')),
      origins: (stored('partner.origins') as string[] | undefined)?.join('\n') ?? '',
      from: text(stored('mail.from')),
      operator: text(stored('mail.operator')),
    },
    configured: { hosts: config.hosts, origins: config.origins, from: config.mail.from, operator: config.mail.operator },
    running: { hosts: running.hosts, origins: running.origins },
    effective: { from: mailSender(db, config), operator: operatorAddress(db, config), partners: partnerOrigins(db, config.partnerOrigins) },
  };
}
