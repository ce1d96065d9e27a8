import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../../db/client';
import type { ShopContext } from '../../http/env';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { audited, actorOf, type Actor } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { CHANGED_MEANWHILE, OVERLAY_FIELDS, overlaySchema, postedValues, type OverlayForm } from './content.schemas';
import { ChangedMeanwhile, versionOf } from './version';
import { smallTexts, type SmallTextsData } from '../small-texts';
import type { LocaleTextErrors, LocaleTextValues } from '../locale-texts';

export const OVERLAYS_PATH = '/admin/oznamy';
/** The text in the other languages (docs/decisions/249). */
const TEXTS = smallTexts('overlay', [{ name: 'text', label: msg('Text'), kind: 'textarea', max: 500 }]);
const NOTICES = { saved: msg('Oznam je uložený.'), created: msg('Oznam je vytvorený.') };

interface StoredOverlay {
  id: number;
  shopId: number | null;
  text: string;
  severity: string;
  position: string;
  target: string | null;
  route: string;
  showDelay: number;
  hideDelay: number | null;
  sequence: number | null;
  visible: number;
}

const COLUMNS = 'id, shop_id AS shopId, text, severity, position, target, route, show_delay AS showDelay, hide_delay AS hideDelay, sequence, visible';
const overlays = (db: Db) => db.$client.prepare(`SELECT ${COLUMNS} FROM overlay_messages ORDER BY route, sequence IS NULL, sequence, id`).all() as StoredOverlay[];
/** One message with its texts in the other languages (part of its version: a change meanwhile is refused). */
const overlayById = (db: Db, id: number) => {
  const row = (db.$client.prepare(`SELECT ${COLUMNS} FROM overlay_messages WHERE id = ?`).get(id) as StoredOverlay | undefined) ?? null;
  return row && { ...row, texts: JSON.stringify(TEXTS.stored(db, id)) };
};

function saveOverlay(db: Db, actor: Actor, now: Date, id: number | null, form: OverlayForm, shopId: number | null, texts: SmallTextsData): { ok: true; id: number } | { ok: false } {
  try {
    return audited(db, actor, now, () => {
      const before = id === null ? null : overlayById(db, id);
      if (id !== null && (!before || versionOf({ ...before }) !== form.version)) throw new ChangedMeanwhile();
      const values = {
        shopId,
        text: form.text,
        severity: form.severity,
        position: form.position,
        target: form.target || null,
        route: form.route,
        showDelay: form.showDelay,
        hideDelay: form.hideDelay,
        sequence: form.sequence,
        visible: form.visible ? 1 : 0,
      };
      let saved: number;
      if (before) {
        db.$client
          .prepare('UPDATE overlay_messages SET shop_id = @shopId, text = @text, severity = @severity, position = @position, target = @target, route = @route, show_delay = @showDelay, hide_delay = @hideDelay, sequence = @sequence, visible = @visible WHERE id = @id')
          .run({ ...values, id: before.id });
        saved = before.id;
      } else {
        saved = Number(
          db.$client
            .prepare('INSERT INTO overlay_messages (shop_id, text, severity, position, target, route, show_delay, hide_delay, sequence, visible) VALUES (@shopId, @text, @severity, @position, @target, @route, @showDelay, @hideDelay, @sequence, @visible)')
            .run(values).lastInsertRowid,
        );
      }
      const textsBefore = before ? TEXTS.stored(db, saved) : {};
      TEXTS.save(db, [saved], texts);
      const { id: _id, texts: _texts, ...kept } = before ?? { id: 0, texts: '' };
      return {
        value: { ok: true as const, id: saved },
        audit: { section: 'overlays', action: before ? 'overlay.update' : 'overlay.create', subject: String(saved), before: before ? { ...kept, texts: textsBefore } : null, after: { ...values, texts: TEXTS.stored(db, saved) } },
      };
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return { ok: false };
    throw error;
  }
}

/**
 * /admin/oznamy: overlay messages (toasts, or popovers on an element of the page) with their text,
 * severity, position, target, the route they show on, delays and sequence (spec: overlay messages).
 */
export function overlaysAdmin(render: AdminRender, shops: () => ShopContext[]) {
  const app = new Hono<AdminEnv>();
  const codeOf = (shopId: number | null) => shops().find((s) => s.id === shopId)?.code ?? '';
  const idOf = (code: string) => shops().find((s) => s.code === code)?.id ?? null;

  app.get(OVERLAYS_PATH, (c) => {
    const i18n = c.get('i18n');
    return render(c, 'overlays', { list: overlays(c.get('deps').db), shopName: (id: number | null) => shops().find((s) => s.id === id)?.name ?? i18n._('Oba obchody') }, { title: i18n._('Oznamy') });
  });

  const formPage = (
    c: Context<AdminEnv>,
    overlay: StoredOverlay | null,
    state: { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode; formError?: string; texts?: { values: LocaleTextValues; errors?: LocaleTextErrors } } = {},
  ) => {
    const i18n = c.get('i18n');
    const values =
      state.values ??
      (overlay
        ? {
            text: overlay.text,
            shop: codeOf(overlay.shopId),
            severity: overlay.severity,
            position: overlay.position,
            target: overlay.target ?? '',
            route: overlay.route,
            showDelay: String(overlay.showDelay),
            hideDelay: overlay.hideDelay === null ? '' : String(overlay.hideDelay),
            sequence: overlay.sequence === null ? '' : String(overlay.sequence),
            visible: overlay.visible ? 'on' : '',
            version: versionOf({ ...overlay }),
          }
        : { text: '', shop: '', severity: 'info', position: 'bottom-right', target: '', route: '/', showDelay: '0', hideDelay: '', sequence: '', visible: 'on', version: '' });
    return render(
      c,
      'overlay',
      {
        overlay,
        values,
        texts: TEXTS.view(i18n, c.get('deps').db, overlay?.id ?? null, state.texts),
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        action: overlay ? `${OVERLAYS_PATH}/${overlay.id}` : `${OVERLAYS_PATH}/novy`,
        shopOptions: [['', i18n._('Oba obchody')], ...shops().map((s) => [s.code, s.name])],
        severityOptions: [
          ['info', i18n._('Informácia')],
          ['success', i18n._('Úspech')],
          ['warn', i18n._('Upozornenie')],
          ['error', i18n._('Chyba')],
        ],
        positionOptions: ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'].map((p) => [p, p]),
      },
      { title: overlay ? i18n._('Oznam č. {id}', { id: overlay.id }) : i18n._('Nový oznam'), status: state.status },
    );
  };

  const overlayOf = (c: Context<AdminEnv>) => {
    const overlay = overlayById(c.get('deps').db, Number(c.req.param('id')));
    if (!overlay) throw new NotFoundError();
    return overlay;
  };

  const save = async (c: Context<AdminEnv>, overlay: StoredOverlay | null) => {
    const i18n = c.get('i18n');
    const fields = await formFields(c);
    const values = postedValues(fields, OVERLAY_FIELDS);
    const texts = TEXTS.posted(fields);
    const checked = checkForm(overlaySchema, values, i18n);
    const textsChecked = TEXTS.check(texts, i18n);
    if (!checked.ok || !textsChecked.ok)
      return formPage(c, overlay, { values, errors: checked.ok ? {} : checked.errors, texts: { values: texts, errors: textsChecked.ok ? {} : textsChecked.errors }, status: 400 });
    const { db, clock } = c.get('deps');
    const result = saveOverlay(db, actorOf(c), clock.now(), overlay?.id ?? null, checked.data, idOf(checked.data.shop), textsChecked.data);
    if (!result.ok) return formPage(c, overlay, { values, errors: {}, formError: i18n._(CHANGED_MEANWHILE), texts: { values: texts }, status: 409 });
    return c.redirect(`${OVERLAYS_PATH}/${result.id}?ok=${overlay ? 'saved' : 'created'}`, 303);
  };

  app.get(`${OVERLAYS_PATH}/novy`, (c) => formPage(c, null));
  app.post(`${OVERLAYS_PATH}/novy`, (c) => save(c, null));
  app.get(`${OVERLAYS_PATH}/:id{[0-9]{1,9}}`, (c) => formPage(c, overlayOf(c)));
  app.post(`${OVERLAYS_PATH}/:id{[0-9]{1,9}}`, (c) => save(c, overlayOf(c)));
  return app;
}
