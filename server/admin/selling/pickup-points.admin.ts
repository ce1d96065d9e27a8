import { Hono } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { formFields, noticeOf } from '../form';
import { pageField } from '../list-fields';
import type { AdminRender } from '../render';
import { PICKUP_CARRIERS } from '../../cart/pickup.service';
import { carrierNames, pickupPointPage, pickupPointSummary, setPickupPointActive } from './pickup-points.service';

export const PICKUP_POINTS_PATH = '/admin/predaj/vydajne-miesta';
const CARRIER_IDS = Object.values(PICKUP_CARRIERS);
const NOTICES = { activated: msg('Výdajné miesto je zapnuté: zákazníci ho opäť nájdu v košíku.'), deactivated: msg('Výdajné miesto je vypnuté: košík ho už neponúka.') };

const listQuery = z.object({
  dopravca: z.coerce.number().int().refine((id) => (CARRIER_IDS as readonly number[]).includes(id)).optional().catch(undefined),
  krajina: z.enum(['sk', 'cz']).optional().catch(undefined),
  stav: z.enum(['all', 'active', 'inactive']).catch('all').default('all'),
  q: z.string().trim().max(100).catch('').default(''),
  strana: pageField,
});
type ListQuery = z.output<typeof listQuery>;

/** The list's address with its filter kept (the pager's links, the return after a switch). */
function listLink(query: ListQuery, page = 1, ok?: string): string {
  const params = new URLSearchParams();
  if (query.dopravca !== undefined) params.set('dopravca', String(query.dopravca));
  if (query.krajina) params.set('krajina', query.krajina);
  if (query.stav !== 'all') params.set('stav', query.stav);
  if (query.q) params.set('q', query.q);
  if (page > 1) params.set('strana', String(page));
  if (ok) params.set('ok', ok);
  const text = params.toString();
  return text ? `${PICKUP_POINTS_PATH}?${text}` : PICKUP_POINTS_PATH;
}

/**
 * /admin/predaj/vydajne-miesta: the pickup points the importer loaded (counts per carrier and
 * country, a search by name, town, zip or the carrier's id) and a switch per point. The list stays
 * where it was after a switch: the form carries the filter back.
 */
export function pickupPointsAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  app.get(PICKUP_POINTS_PATH, (c) => {
    const db = c.get('deps').db;
    const t = c.get('i18n');
    const query = listQuery.parse(c.req.query());
    const list = pickupPointPage(db, { companyId: query.dopravca ?? null, country: query.krajina ?? null, state: query.stav, q: query.q }, query.strana);
    // Every carrier of pickup points is offered, also one whose list is not imported yet.
    const names = carrierNames(db);
    const summary = pickupPointSummary(db, names);
    const carrierOptions = [['', t._('Všetci')], ...CARRIER_IDS.map((id) => [String(id), names.get(id) ?? String(id)])];
    return render(
      c,
      'pickup-points',
      {
        list,
        summary,
        query,
        back: listLink(query, list.page).slice(PICKUP_POINTS_PATH.length),
        pageLink: (n: number) => listLink(query, n),
        carrierOptions,
        countryOptions: [['', t._('Všetky')], ['sk', t._('Slovensko')], ['cz', t._('Česko')]],
        stateOptions: [['all', t._('Všetky')], ['active', t._('Zapnuté')], ['inactive', t._('Vypnuté')]],
        notice: noticeOf(c, NOTICES),
      },
      { title: t._('Výdajné miesta') },
    );
  });

  app.post(`${PICKUP_POINTS_PATH}/:id{[0-9]{1,12}}`, async (c) => {
    const posted = await formFields(c);
    const active = posted.active === '1';
    // The list's own query string came with the form; anything else goes back to the whole list.
    const back = new URLSearchParams(posted.back?.startsWith('?') ? posted.back.slice(1) : '');
    const query = listQuery.parse(Object.fromEntries(back));
    const { db, clock } = c.get('deps');
    const done = setPickupPointActive(db, actorOf(c), Number(c.req.param('id')), active, clock.now());
    if (done === 'missing') throw new NotFoundError();
    return c.redirect(listLink(query, query.strana, active ? 'activated' : 'deactivated'), 303);
  });

  return app;
}
