import type { I18n } from '@lingui/core';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { claimTypes } from '../db/schema';
import { msg } from '../i18n/msg';

/**
 * The claim types every shop starts with (spec 3 "Claim type"). Texts are Slovak source ids,
 * translated at the edge like payment names; success and fail are what the shopper reads after
 * sending (spec 4, 8). Slovak and Czech law give the seller 30 days to settle a claim.
 */
const SEEDED = [
  {
    code: 'defect',
    name: msg('Vada tovaru'),
    description: msg('Tovar nefunguje alebo sa pokazil počas záruky.'),
    success: msg('Reklamáciu vady posúdime a vybavíme najneskôr do 30 dní. O výsledku vám pošleme e-mail.'),
    fail: msg('Reklamáciu vady sa nepodarilo odoslať. Skontrolujte označené údaje a skúste to znova.'),
  },
  {
    code: 'transport',
    name: msg('Poškodenie pri preprave'),
    description: msg('Zásielka prišla poškodená: rozbitý obal alebo poškodený tovar.'),
    success: msg('Poškodenie preveríme s dopravcom a ozveme sa vám najneskôr do 30 dní. Obal si, prosím, zatiaľ odložte.'),
    fail: msg('Reklamáciu poškodenia sa nepodarilo odoslať. Skontrolujte označené údaje a priložte fotografie obalu aj tovaru.'),
  },
  {
    code: 'missing',
    name: msg('Chýbajúci tovar'),
    description: msg('V zásielke chýba niečo, čo ste objednali.'),
    success: msg('Obsah zásielky preveríme a chýbajúci tovar vám pošleme alebo vrátime peniaze.'),
    fail: msg('Reklamáciu chýbajúceho tovaru sa nepodarilo odoslať. Skontrolujte označené údaje a skúste to znova.'),
  },
  {
    code: 'wrong',
    name: msg('Nesprávny tovar'),
    description: msg('Prišiel iný tovar, než ste objednali.'),
    success: msg('Správny tovar vám pošleme hneď, ako zámenu preveríme. Nesprávny tovar, prosím, nepoužívajte.'),
    fail: msg('Reklamáciu nesprávneho tovaru sa nepodarilo odoslať. Skontrolujte označené údaje a skúste to znova.'),
  },
];

/** Adds the seeded types a database lacks; a type the operator changed keeps its texts. */
export function ensureClaimTypes(db: Db): void {
  db.insert(claimTypes)
    .values(SEEDED.map((t, i) => ({ ...t, sort: (i + 1) * 10 })))
    .onConflictDoNothing({ target: claimTypes.code })
    .run();
}

export interface ClaimType {
  id: number;
  name: string;
  description: string;
  success: string;
  fail: string;
}

const sql = perDatabase((db: Db) => ({
  active: db.$client.prepare<[], ClaimType>('SELECT id, name, description, success, fail FROM claim_types WHERE active = 1 ORDER BY sort, id'),
  byId: db.$client.prepare<[number], ClaimType>('SELECT id, name, description, success, fail FROM claim_types WHERE id = ?'),
  offered: db.$client.prepare<[number], ClaimType>('SELECT id, name, description, success, fail FROM claim_types WHERE id = ? AND active = 1'),
}));

/** The types a shopper may choose, in their language. */
export function claimTypesFor(db: Db, i18n: I18n): ClaimType[] {
  return sql(db).active.all().map((t) => translatedType(t, i18n));
}

/** A type by id, offered or not (a filed claim keeps its type); undefined when there is none. */
export function claimTypeById(db: Db, id: number): ClaimType | undefined {
  return sql(db).byId.get(id);
}

export function translatedType(t: ClaimType, i18n: I18n): ClaimType {
  const _ = (id: string) => (id ? i18n._(id) : id);
  return { id: t.id, name: _(t.name), description: _(t.description), success: _(t.success), fail: _(t.fail) };
}

/** A type a new claim may be filed under: it exists and the shop still offers it. */
export function offeredClaimType(db: Db, id: number): ClaimType | undefined {
  return sql(db).offered.get(id);
}
