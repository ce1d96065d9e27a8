/**
 * Pickup points from the carriers' published lists, for the operator or a daily cron job:
 *   npx tsx server/cart/pickup-cli.ts import --carrier packeta --url 'https://www.zasilkovna.cz/api/v4/KEY/branch.json' --full
 *   npx tsx server/cart/pickup-cli.ts import --carrier sps --file parcelshops.json [--countries sk,cz]
 *   npx tsx server/cart/pickup-cli.ts list
 * --carrier packeta | sps | post-office. The list is Packeta's branch export (JSON, `{ data: { id:
 * branch } }` or an array); SPS parcel shops and post offices are imported in the same shape.
 * --full: a point missing from the list is deactivated, never deleted (a cart or an order that
 * names it keeps its address). Unchanged points are not written. Reads DB_FILE like the server.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runAsMain } from '../db/cli-main';
import type { Db } from '../db/client';
import { fetchPickupFeed } from './pickup-feed';
import { importPacketaBranches } from './pickup-import';
import { PICKUP_CARRIERS, pickupPointCounts } from './pickup.service';

type Carrier = keyof typeof PICKUP_CARRIERS;
const isCarrier = (value: string | undefined): value is Carrier => value !== undefined && Object.hasOwn(PICKUP_CARRIERS, value);

const USAGE = [
  'usage: import --carrier packeta|sps|post-office (--file FILE | --url URL) [--full] [--countries sk,cz]',
  '       list',
];

export async function runPickupCli(db: Db, argv: string[], out: (line: string) => void = console.log, feed = fetchPickupFeed): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { carrier: { type: 'string' }, file: { type: 'string' }, url: { type: 'string' }, full: { type: 'boolean' }, countries: { type: 'string' } },
    });
  } catch (error) {
    out((error as Error).message);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals[0] === 'list' && positionals.length === 1) return listPoints(db, out);
  const countries = values.countries?.split(',').map((c) => c.trim().toLowerCase());
  if (positionals[0] !== 'import' || positionals.length !== 1 || !isCarrier(values.carrier) || (values.file === undefined) === (values.url === undefined) || countries?.some((c) => !/^[a-z]{2}$/.test(c))) {
    USAGE.forEach((line) => out(line));
    return 2;
  }
  let points: unknown;
  try {
    points = values.file !== undefined ? JSON.parse(readFileSync(values.file, 'utf8')) : await feed(values.url!);
  } catch (error) {
    out(`${values.file ?? values.url}: ${(error as Error).message}`);
    return 1;
  }
  try {
    const result = importPacketaBranches(db, points, { companyId: PICKUP_CARRIERS[values.carrier], full: values.full === true, countries });
    out(`${values.carrier}: ${result.imported} imported, ${result.skipped} skipped, ${result.deactivated} deactivated`);
    return 0;
  } catch (error) {
    out((error as Error).message);
    return 1;
  }
}

/** Active and inactive points per carrier and country. */
function listPoints(db: Db, out: (line: string) => void): number {
  const names = new Map(Object.entries(PICKUP_CARRIERS).map(([name, id]) => [id as number, name]));
  for (const r of pickupPointCounts(db)) out(`${names.get(r.companyId) ?? r.companyId} ${r.country}: ${r.active} active, ${r.inactive} inactive`);
  return 0;
}

void runAsMain(import.meta.url, (db, _config, argv) => runPickupCli(db, argv));
