import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ShopContext } from '../../http/env';
import { readBody } from '../../http/body';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { shopDay } from '../shop-days';
import { BANNER_FIELDS, bannerSchema, CHANGED_MEANWHILE, postedValues } from './content.schemas';
import { BANNER_TEXTS, campaignById, campaigns, campaignVersion, saveCampaign, type Campaign } from './banners.service';
import type { LocaleTextErrors, LocaleTextValues } from '../locale-texts';
import { chosenFile, storeImage } from './images';

export const BANNERS_PATH = '/admin/bannery';
const NOTICES = { saved: msg('Banner je uložený.'), created: msg('Banner je vytvorený.') };
const NAME_TAKEN = msg('Banner s týmto názvom už v tomto obchode existuje');
const PC_NEEDED = msg('Nahrajte obrázok pre počítač');

/**
 * /admin/bannery: the home page's carousel. A banner is one campaign drawn for pc and phone (two
 * images, each checked by its content and re-encoded), its link (a path of the shop or https), its
 * order, the days it runs and whether it is on. Saved banners show on the shop's next request.
 */
export function bannersAdmin(render: AdminRender, shops: () => ShopContext[], uploadsDir: string) {
  const app = new Hono<AdminEnv>();
  const codeOf = (shopId: number | null) => shops().find((s) => s.id === shopId)?.code ?? '';
  const idOf = (code: string) => shops().find((s) => s.code === code)?.id ?? null;

  app.get(BANNERS_PATH, (c) => {
    const i18n = c.get('i18n');
    return render(
      c,
      'banners',
      { list: campaigns(c.get('deps').db), shopName: (id: number | null) => shops().find((s) => s.id === id)?.name ?? i18n._('Oba obchody'), notice: noticeOf(c, NOTICES) },
      { title: i18n._('Bannery') },
    );
  });

  const formPage = (
    c: Context<AdminEnv>,
    banner: Campaign | null,
    state: { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode; formError?: string; texts?: { values: LocaleTextValues; errors?: LocaleTextErrors } } = {},
  ) => {
    const i18n = c.get('i18n');
    const values =
      state.values ??
      (banner
        ? {
            name: banner.name,
            shop: codeOf(banner.shopId),
            url: banner.url,
            alt: banner.alt,
            headline: banner.headline,
            text: banner.text,
            cta: banner.cta,
            position: String(banner.position),
            validFrom: banner.validFrom === null ? '' : shopDay(banner.validFrom),
            validTo: banner.validTo === null ? '' : shopDay(banner.validTo - 1),
            visible: banner.visible ? 'on' : '',
            version: campaignVersion(banner),
          }
        : { name: '', shop: '', url: '/', alt: '', headline: '', text: '', cta: '', position: '0', validFrom: '', validTo: '', visible: 'on', version: '' });
    return render(
      c,
      'banner',
      {
        banner,
        values,
        texts: BANNER_TEXTS.view(i18n, c.get('deps').db, banner?.id ?? null, state.texts),
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        action: banner ? `${BANNERS_PATH}/${banner.id}` : `${BANNERS_PATH}/novy`,
        shopOptions: [['', i18n._('Oba obchody')], ...shops().map((s) => [s.code, s.name])],
      },
      { title: banner ? i18n._('Banner: {name}', { name: banner.name }) : i18n._('Nový banner'), status: state.status },
    );
  };

  const bannerOf = (c: Context<AdminEnv>) => {
    const banner = campaignById(c.get('deps').db, Number(c.req.param('id')));
    if (!banner) throw new NotFoundError();
    return banner;
  };

  const save = async (c: Context<AdminEnv>, banner: Campaign | null) => {
    const i18n = c.get('i18n');
    const body = await readBody(c, { files: true });
    const posted: Record<string, string> = {};
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') posted[name] = value;
    const values = postedValues(posted, BANNER_FIELDS);
    const texts = BANNER_TEXTS.posted(posted);
    const textsChecked = BANNER_TEXTS.check(texts, i18n);
    const refuse = (errors: Record<string, string>, formError?: string, status: ContentfulStatusCode = 400) =>
      formPage(c, banner, { values, errors, formError, status, texts: { values: texts, errors: textsChecked.ok ? {} : textsChecked.errors } });
    const checked = checkForm(bannerSchema, values, i18n);
    if (!checked.ok) return refuse(checked.errors);
    if (!textsChecked.ok) return refuse({});
    const images: { pc?: string; mobile?: string } = {};
    for (const size of ['pc', 'mobile'] as const) {
      const file = chosenFile(body[size]);
      if (!file) continue;
      const stored = await storeImage(uploadsDir, file);
      if (!stored.ok) return refuse({ [size]: i18n._(stored.message, stored.values) });
      images[size] = stored.file;
    }
    const { db, clock } = c.get('deps');
    const result = saveCampaign(db, actorOf(c), clock.now(), banner, checked.data, idOf(checked.data.shop), images, textsChecked.data);
    if (!result.ok) {
      if (result.reason === 'name') return refuse({ name: i18n._(NAME_TAKEN) });
      if (result.reason === 'image') return refuse({ pc: i18n._(PC_NEEDED) });
      return refuse({}, i18n._(CHANGED_MEANWHILE), 409);
    }
    return c.redirect(`${BANNERS_PATH}/${result.id}?ok=${banner ? 'saved' : 'created'}`, 303);
  };

  app.get(`${BANNERS_PATH}/novy`, (c) => formPage(c, null));
  app.post(`${BANNERS_PATH}/novy`, (c) => save(c, null));
  app.get(`${BANNERS_PATH}/:id{[0-9]{1,9}}`, (c) => formPage(c, bannerOf(c)));
  app.post(`${BANNERS_PATH}/:id{[0-9]{1,9}}`, (c) => save(c, bannerOf(c)));
  return app;
}
