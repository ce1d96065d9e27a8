import type { Db } from '../../db/client';
import { audited, type Actor } from '../audit';
import { typedDay } from '../shop-days';
import type { BannerForm } from './content.schemas';
import { imageUrl } from './images';
import { ChangedMeanwhile, versionOf } from './version';
import { msg } from '../../i18n/msg';
import { smallTexts, type SmallTextsData } from '../small-texts';

/** The copy and the image description in the other languages, the same on both sizes' rows (docs/decisions/249); limits as the Slovak fields'. */
export const BANNER_TEXTS = smallTexts('banner', [
  { name: 'headline', label: msg('Nadpis'), kind: 'text', max: 80 },
  { name: 'text', label: msg('Krátky text'), kind: 'text', max: 160 },
  { name: 'cta', label: msg('Text tlačidla'), kind: 'text', max: 30 },
  { name: 'alt', label: msg('Popis obrázka'), kind: 'text', max: 300 },
]);

/**
 * A banner as the back office edits it: one campaign (a shop's rows sharing a name), drawn once per
 * size, pc and mobile (server/content/banner.service.ts reads them so). Named by its first row's id.
 */
export interface BannerRow {
  id: number;
  shopId: number | null;
  name: string;
  url: string;
  size: 'pc' | 'mobile';
  filePath: string;
  fileName: string;
  alt: string;
  headline: string;
  text: string;
  cta: string;
  position: number;
  visible: number;
  validFrom: number | null;
  validTo: number | null;
}

const COLUMNS = 'id, shop_id AS shopId, name, url, size, file_path AS filePath, file_name AS fileName, alt, headline, text, cta, position, visible, valid_from AS validFrom, valid_to AS validTo';

export interface Campaign {
  id: number;
  shopId: number | null;
  name: string;
  url: string;
  alt: string;
  headline: string;
  text: string;
  cta: string;
  position: number;
  visible: boolean;
  validFrom: number | null;
  validTo: number | null;
  pc: BannerRow | null;
  mobile: BannerRow | null;
  rows: BannerRow[];
  /** The alt in the other languages (one campaign's form: part of its version). */
  texts?: string;
}

function campaignOf(rows: BannerRow[]): Campaign {
  const first = rows.find((r) => r.size === 'pc') ?? rows[0];
  return {
    id: Math.min(...rows.map((r) => r.id)),
    shopId: first.shopId,
    name: first.name,
    url: first.url,
    alt: first.alt,
    headline: first.headline,
    text: first.text,
    cta: first.cta,
    position: first.position,
    visible: Boolean(first.visible),
    validFrom: first.validFrom,
    validTo: first.validTo,
    pc: rows.find((r) => r.size === 'pc') ?? null,
    mobile: rows.find((r) => r.size === 'mobile') ?? null,
    rows,
  };
}

/** Every campaign, in the carousel's order. */
export function campaigns(db: Db): Campaign[] {
  const rows = db.$client.prepare(`SELECT ${COLUMNS} FROM banners ORDER BY position, id`).all() as BannerRow[];
  const groups = new Map<string, BannerRow[]>();
  for (const row of rows) {
    const key = `${row.shopId ?? ''}\u0000${row.name}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map(campaignOf);
}

export function campaignById(db: Db, id: number): Campaign | null {
  const row = db.$client.prepare(`SELECT ${COLUMNS} FROM banners WHERE id = ?`).get(id) as BannerRow | undefined;
  if (!row) return null;
  const rows = db.$client.prepare(`SELECT ${COLUMNS} FROM banners WHERE shop_id IS ? AND name = ? ORDER BY id`).all(row.shopId, row.name) as BannerRow[];
  const campaign = campaignOf(rows);
  return { ...campaign, texts: JSON.stringify(BANNER_TEXTS.stored(db, campaign.id)) };
}

export const campaignVersion = (c: Campaign) => versionOf({ rows: JSON.stringify(c.rows), texts: c.texts ?? '' });

export type BannerSaveResult = { ok: true; id: number } | { ok: false; reason: 'changed' | 'name' | 'image' };

const summary = (c: Campaign | null) =>
  c ? { name: c.name, shopId: c.shopId, url: c.url, headline: c.headline, text: c.text, cta: c.cta, alt: c.alt, position: c.position, visible: c.visible, validFrom: c.validFrom, validTo: c.validTo, pc: c.pc?.fileName ?? null, mobile: c.mobile?.fileName ?? null } : null;

/**
 * Creates or updates a campaign's pc and mobile rows in one transaction with its audit row. A new
 * campaign needs its pc image; an image not sent keeps the stored one.
 */
export function saveCampaign(
  db: Db,
  actor: Actor,
  now: Date,
  before: Campaign | null,
  form: BannerForm,
  shopId: number | null,
  images: { pc?: string; mobile?: string },
  texts: SmallTextsData = {},
): BannerSaveResult {
  try {
    return audited(db, actor, now, () => {
      if (before) {
        const current = campaignById(db, before.id);
        if (!current || campaignVersion(current) !== form.version) throw new ChangedMeanwhile();
      }
      const clash = db.$client.prepare('SELECT 1 FROM banners WHERE shop_id IS ? AND name = ? AND id NOT IN (SELECT value FROM json_each(?))').get(shopId, form.name, JSON.stringify(before?.rows.map((r) => r.id) ?? []));
      if (clash) return { value: { ok: false, reason: 'name' } as BannerSaveResult, audit: null };
      if (!before && !images.pc) return { value: { ok: false, reason: 'image' } as BannerSaveResult, audit: null };
      const common = {
        shopId,
        name: form.name,
        url: form.url,
        alt: form.alt,
        headline: form.headline,
        text: form.text,
        cta: form.cta,
        position: form.position,
        visible: form.visible ? 1 : 0,
        validFrom: form.validFrom ? typedDay(form.validFrom)!.from : null,
        // The end day is shown in full.
        validTo: form.validTo ? typedDay(form.validTo)!.to : null,
      };
      const ids: number[] = [];
      for (const size of ['pc', 'mobile'] as const) {
        const row = before?.[size] ?? null;
        const file = images[size];
        const fileValues = file ? { filePath: imageUrl('banner', file), fileName: file } : row ? { filePath: row.filePath, fileName: row.fileName } : null;
        if (!fileValues) continue;
        if (row) {
          db.$client
            .prepare('UPDATE banners SET shop_id = @shopId, name = @name, url = @url, alt = @alt, headline = @headline, text = @text, cta = @cta, position = @position, visible = @visible, valid_from = @validFrom, valid_to = @validTo, file_path = @filePath, file_name = @fileName WHERE id = @id')
            .run({ ...common, ...fileValues, id: row.id });
          ids.push(row.id);
        } else {
          ids.push(
            Number(
              db.$client
                .prepare('INSERT INTO banners (shop_id, name, url, size, file_path, file_name, alt, headline, text, cta, position, visible, valid_from, valid_to) VALUES (@shopId, @name, @url, @size, @filePath, @fileName, @alt, @headline, @text, @cta, @position, @visible, @validFrom, @validTo)')
                .run({ ...common, ...fileValues, size }).lastInsertRowid,
            ),
          );
        }
      }
      // Rows of the campaign in other sizes than pc and mobile do not exist; a renamed campaign keeps its rows.
      const id = Math.min(...ids);
      const textsBefore = before ? BANNER_TEXTS.stored(db, id) : {};
      BANNER_TEXTS.save(db, ids, texts);
      const after = campaignById(db, id);
      return {
        value: { ok: true, id } as BannerSaveResult,
        audit: {
          section: 'banners',
          action: before ? 'banner.update' : 'banner.create',
          subject: String(id),
          before: before ? { ...summary(before), texts: textsBefore } : null,
          after: { ...summary(after), texts: BANNER_TEXTS.stored(db, id) },
        },
      };
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return { ok: false, reason: 'changed' };
    throw error;
  }
}
