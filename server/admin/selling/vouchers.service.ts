import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { influencerAccount } from '../../vouchers/influencer.service';
import type { VoucherRow } from '../../vouchers/vouchers.service';
import { CODE_ALPHABET, type VoucherDefinition } from '../../vouchers/vouchers.schemas';
import { audited, type Actor } from '../audit';
import { pagedQuery, whereOf, type Paged } from '../paged-query';
import { smallTexts, type SmallTextsData } from '../small-texts';
import { typedDay } from '../shop-days';

/**
 * Vouchers in the back office (issue 20, Selling rules): the codes the operator issues (public ones,
 * user_id null; points-bought ones are listed too), with how often orders used them. The cart reads
 * the same rows through server/vouchers (voucherByCode, checkVoucher), so a saved voucher works in the
 * next cart request.
 */
export const VOUCHERS_PAGE_SIZE = 50;

/** The gift a type 5 voucher gives, in the other languages (content_texts, docs/decisions/249). */
export const VOUCHER_TEXTS = smallTexts('voucher', [{ name: 'gift_item', label: msg('Darček'), kind: 'text', max: 200 }]);

/** A voucher as the back office lists and edits it: the cart's row (server/vouchers) with its influencer and uses. */
export type VoucherListRow = Omit<VoucherRow, 'usedAt' | 'activatedAt' | 'expiredAt' | 'pointItemId'> & {
  influencerId: number | null;
  /** The influencer's e-mail (the form's field). */
  influencerEmail: string | null;
  commissionPercent: number | null;
  uses: number;
};

const COLUMNS = `v.id, v.code, v.type, v.value, v.amount_from AS amountFrom, v.gift_item AS giftItem, v.valid_from AS validFrom, v.date_to AS dateTo,
  v.single_use AS singleUse, v.used_by_order AS usedByOrder, v.user_id AS userId,
  v.influencer_id AS influencerId, (SELECT email FROM users u WHERE u.id = v.influencer_id) AS influencerEmail, v.commission_percent AS commissionPercent, (SELECT COUNT(*) FROM orders o WHERE o.voucher_text = v.code) AS uses`;

export function voucherPage(db: Db, q: string, page: number): Paged<VoucherListRow> {
  const parts: string[] = [];
  const params: string[] = [];
  if (q) {
    parts.push('v.code >= ? AND v.code < ?');
    params.push(q.toUpperCase(), `${q.toUpperCase()}\uffff`);
  }
  return pagedQuery<VoucherListRow>(db, { columns: COLUMNS, from: 'vouchers v', where: whereOf(parts), order: 'v.created_at DESC, v.id DESC' }, params, page, VOUCHERS_PAGE_SIZE);
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    one: s.prepare<[number], VoucherListRow>(`SELECT ${COLUMNS} FROM vouchers v WHERE v.id = ?`),
    taken: s.prepare<[string], { id: number }>('SELECT id FROM vouchers WHERE code = ? COLLATE NOCASE'),
    insert: s.prepare<[string, ...Columns, number], { id: number }>(
      `INSERT INTO vouchers (code, type, value, amount_from, gift_item, valid_from, date_to, single_use, influencer_id, commission_percent, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ),
    update: s.prepare<[string, ...Columns, number]>(
      'UPDATE vouchers SET code = ?, type = ?, value = ?, amount_from = ?, gift_item = ?, valid_from = ?, date_to = ?, single_use = ?, influencer_id = ?, commission_percent = ? WHERE id = ?',
    ),
  };
});

export const voucherById = (db: Db, id: number) => sql(db).one.get(id);

/** A fingerprint of what the form was loaded with: a save over a row changed meanwhile is refused. */
export function voucherVersion(v: VoucherListRow): string {
  const { uses: _uses, ...stored } = v;
  return createHash('sha256').update(JSON.stringify(stored)).digest('base64url').slice(0, 16);
}

/** An unguessable, readable code: 10 characters of 31 (about 50 bits), from the system's CSPRNG. */
export function generateCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

type Columns = [number, number, number, string | null, number | null, number | null, number, number | null, number | null];
const columns = (d: VoucherDefinition, influencerId: number | null): Columns => {
  const from = d.validFrom ? typedDay(d.validFrom)?.from ?? null : null;
  // Valid through the whole last day (checkVoucher: expired when date_to < now).
  const to = d.dateTo ? (typedDay(d.dateTo)?.to ?? 1) - 1 : null;
  return [d.type, d.value, d.amountFrom, d.giftItem, from, to, d.singleUse ? 1 : 0, influencerId, influencerId === null ? null : d.commission];
};

const NO_ACCOUNT = msg('Účet s týmto e-mailom neexistuje');

/** The influencer's account (given ROLE_INFLUENCER, server/vouchers/influencer.service.ts); refused when the e-mail has none. */
function influencerOf(db: Db, d: VoucherDefinition): { ok: true; id: number | null } | { ok: false; value: VoucherSave } {
  if (!d.influencer) return { ok: true, id: null };
  const id = influencerAccount(db, d.influencer);
  return id === null ? { ok: false, value: { ok: false, errors: { influencer: NO_ACCOUNT }, status: 400 } } : { ok: true, id };
}

/** The rules' save (the first code's id) with every code made. */
export type VoucherSave = { ok: true; id: number; ids: number[] } | { ok: false; errors: Record<string, string>; status: 400 | 404 | 409 };

export const CODE_TAKEN = msg('Taký kód už existuje');
export const CHANGED = msg('Medzitým to zmenil niekto iný. Obnovte stránku a skontrolujte to.');

/** New voucher(s): the typed code, or `count` generated codes with the same rules. */
export function createVouchers(db: Db, actor: Actor, d: VoucherDefinition, now: Date, texts: SmallTextsData = {}): VoucherSave {
  if (!d.code && !d.count) return { ok: false, errors: { code: msg('Zadajte kód alebo počet kódov na vygenerovanie') }, status: 400 };
  return audited<VoucherSave>(db, actor, now, () => {
    const codes: string[] = [];
    if (d.code) {
      if (sql(db).taken.get(d.code)) return { value: { ok: false as const, errors: { code: CODE_TAKEN }, status: 409 as const }, audit: null };
      codes.push(d.code);
    } else {
      while (codes.length < d.count) {
        const code = generateCode();
        if (!codes.includes(code) && !sql(db).taken.get(code)) codes.push(code);
      }
    }
    const influencer = influencerOf(db, d);
    if (!influencer.ok) return { value: influencer.value, audit: null };
    const ids = codes.map((code) => sql(db).insert.get(code, ...columns(d, influencer.id), now.getTime())!.id);
    VOUCHER_TEXTS.save(db, ids, texts);
    const { count: _count, code: _code, ...rules } = d;
    const after = { codes, ...rules, texts: VOUCHER_TEXTS.stored(db, ids[0]) };
    return { value: { ok: true as const, id: ids[0], ids }, audit: { section: 'selling', action: 'selling.voucher.create', subject: codes.length === 1 ? codes[0] : `${codes.length}`, after } };
  });
}

const refused = (errors: Record<string, string>, status: 404 | 409): { value: VoucherSave; audit: null } => ({ value: { ok: false, errors, status }, audit: null });

export function updateVoucher(db: Db, actor: Actor, id: number, d: VoucherDefinition, version: string, now: Date, texts: SmallTextsData = {}): VoucherSave {
  return audited<VoucherSave>(db, actor, now, () => {
    const before = sql(db).one.get(id);
    if (!before) return refused({ _form: msg('Taký kupón neexistuje.') }, 404);
    if (voucherVersion(before) !== version) return refused({ _form: CHANGED }, 409);
    const code = d.code || before.code;
    // Orders name a voucher by its code (orders.voucher_text): a used code stays as it is.
    if (code !== before.code && (before.uses > 0 || before.usedByOrder !== null)) {
      return refused({ code: msg('Kód použitého kupónu sa nedá zmeniť') }, 409);
    }
    const other = sql(db).taken.get(code);
    if (other && other.id !== id) return refused({ code: CODE_TAKEN }, 409);
    if (d.influencer && before.userId !== null) return refused({ influencer: msg('Kupón kúpený za body nemôže patriť influencerovi') }, 409);
    const influencer = influencerOf(db, d);
    if (!influencer.ok) return { value: influencer.value, audit: null };
    const textsBefore = VOUCHER_TEXTS.stored(db, id);
    sql(db).update.run(code, ...columns(d, influencer.id), id);
    VOUCHER_TEXTS.save(db, [id], texts);
    const { uses: _u, ...stored } = before;
    const { uses: _a, ...now_ } = sql(db).one.get(id)!;
    const b = { ...stored, texts: textsBefore };
    const a = { ...now_, texts: VOUCHER_TEXTS.stored(db, id) };
    if (JSON.stringify(a) === JSON.stringify(b)) return { value: { ok: true as const, id, ids: [id] }, audit: null };
    return { value: { ok: true as const, id, ids: [id] }, audit: { section: 'selling', action: 'selling.voucher.update', subject: code, before: b, after: a } };
  });
}
