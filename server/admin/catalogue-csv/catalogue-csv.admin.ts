import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { readBody } from '../../http/body';
import type { ShopContext } from '../../http/env';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf, type Actor } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm } from '../form';
import type { AdminRender } from '../render';
import { exportQuerySchema, importFormSchema, NO_FILE, NOT_CSV } from './catalogue-csv.schemas';
import { CSV_PATH, IMPORT_PATH } from './paths';
import { productsCsv } from './products-csv';
import { createImportJob, importJob, recentImports, RUNNING_STATUSES, settleStale, startImport, type ImportJob } from './products-import';

const STATUS_LABEL: Record<ImportJob['status'], string> = {
  queued: msg('Čaká na spracovanie'),
  checking: msg('Kontrolujú sa riadky'),
  writing: msg('Zapisujú sa zmeny'),
  done: msg('Hotovo: zmeny sú zapísané'),
  checked: msg('Skúška bez chýb: nič sa nezmenilo'),
  refused: msg('Súbor má chyby: nič sa nezmenilo'),
  failed: msg('Import zlyhal: nič sa nezmenilo'),
};

/** A text file: valid UTF-8 without NUL bytes (what Excel and every spreadsheet write as CSV). */
function isCsvText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const jobJson = (job: ImportJob) => ({
  id: job.id,
  status: job.status,
  running: RUNNING_STATUSES.includes(job.status),
  rowsDone: job.rowsDone,
  rowsTotal: job.rowsTotal,
  errorCount: job.errorCount,
  created: job.created,
  updated: job.updated,
});

/**
 * /admin/produkty/csv: the product CSV (README "Product CSV"). Export streams every product in the
 * columns the import reads; import uploads a file, runs it as a job (dry run or real) and shows its
 * progress on a page that refreshes itself until the job ends (no script needed), with a small JSON
 * answer of the same state for scripts.
 */
export function catalogueCsvAdmin(render: AdminRender, shops: () => ShopContext[]) {
  const app = new Hono<AdminEnv>();
  const label = (c: Context<AdminEnv>, job: ImportJob) => c.get('i18n')._(STATUS_LABEL[job.status]);

  const page = (c: Context<AdminEnv>, errors: Record<string, string>, values: Record<string, string>) =>
    render(
      c,
      'products-csv',
      {
        errors,
        values,
        shops: shops(),
        imports: recentImports(c.get('deps').db).map((job) => ({ ...job, label: label(c, job) })),
      },
      { title: c.get('i18n')._('Produkty v CSV'), status: Object.keys(errors).length ? 400 : 200 },
    );

  app.get(CSV_PATH, (c) => page(c, {}, {}));

  app.get(`${CSV_PATH}/export`, (c) => {
    const query = checkForm(exportQuerySchema, c.req.query(), c.get('i18n'));
    const chosen = query.ok && query.data.shop ? shops().filter((s) => s.code === query.data.shop) : shops();
    const name = `produkty-${query.ok && query.data.shop ? `${query.data.shop}-` : ''}${c.get('deps').clock.now().toISOString().slice(0, 10)}.csv`;
    return c.body(productsCsv(c.get('deps').db, chosen), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });

  app.post(IMPORT_PATH, async (c) => {
    const body = await readBody(c, { files: true });
    const file = body.file;
    const fields = { dry_run: typeof body.dry_run === 'string' ? body.dry_run : '' };
    const form = checkForm(importFormSchema, fields.dry_run ? fields : {}, c.get('i18n'));
    if (!(file instanceof Blob) || file.size === 0) return page(c, { file: c.get('i18n')._(NO_FILE), ...(form.ok ? {} : form.errors) }, fields);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!isCsvText(bytes)) return page(c, { file: c.get('i18n')._(NOT_CSV) }, fields);
    if (!form.ok) return page(c, form.errors, fields);
    const deps = c.get('deps');
    const staff = c.get('staff')!;
    const fileName = (file instanceof File && file.name ? file.name : 'produkty.csv').slice(0, 200);
    const id = createImportJob(deps.db, { staffId: staff.id, fileName, dryRun: form.data.dry_run === '1', now: deps.clock.now() });
    // Kept outside static/ (never served) only while the job reads it.
    const dir = join(deps.config.uploadsDir, 'catalogue-imports');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${id}.csv`);
    writeFileSync(path, bytes);
    const actor: Actor = actorOf(c);
    void startImport({ db: deps.db, clock: deps.clock, logger: deps.logger, mailer: deps.mailer, origins: deps.config.origins, shops: shops(), actor }, id, path);
    return c.redirect(`${IMPORT_PATH}/${id}`, 303);
  });

  const jobOf = (c: Context<AdminEnv>) => {
    const id = Number(c.req.param('id'));
    const { db, clock } = c.get('deps');
    const job = Number.isSafeInteger(id) && id > 0 ? importJob(db, id) : null;
    if (!job) throw new NotFoundError();
    return settleStale(db, job, clock.now());
  };

  app.get(`${IMPORT_PATH}/:id{[0-9]+}`, (c) => {
    const job = jobOf(c);
    const running = RUNNING_STATUSES.includes(job.status);
    return render(
      c,
      'products-csv-import',
      { job, running, label: label(c, job), refresh: running ? 1 : null, statusLink: `${IMPORT_PATH}/${job.id}/stav` },
      { title: c.get('i18n')._('Import produktov') },
    );
  });

  app.get(`${IMPORT_PATH}/:id{[0-9]+}/stav`, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(jobJson(jobOf(c)));
  });

  return app;
}
