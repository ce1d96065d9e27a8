import { Hono } from 'hono';
import { z } from 'zod';
import { listStaff } from '../../staff/staff.service';
import type { AdminEnv } from '../env';
import { CHOOSE, checkForm } from '../form';
import { dayField, daysInOrder, pageField } from '../list-fields';
import type { AdminRender } from '../render';
import { SECTIONS, type SectionId } from '../sections';
import { auditPage, type AuditFilter } from './audit.service';

export const AUDIT_PATH = '/admin/zaznam-zmien';

const SECTION_IDS = [...new Set(SECTIONS.map((s) => s.id))] as [SectionId, ...SectionId[]];

const auditFilterSchema = z
  .object({
    kto: z.union([z.literal(''), z.coerce.number().int().min(1)]).catch('').default(''),
    sekcia: z.enum(['', ...SECTION_IDS], { error: CHOOSE }).default(''),
    od: dayField,
    do: dayField,
    strana: pageField,
  })
  .superRefine(daysInOrder);

const pretty = (json: string | null) => (json === null ? '' : JSON.stringify(JSON.parse(json), null, 1));

/** /admin/zaznam-zmien: every back-office write, newest first, filtered by person, section and days. */
export function auditAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  app.get(AUDIT_PATH, (c) => {
    const { db } = c.get('deps');
    const i18n = c.get('i18n');
    const checked = checkForm(auditFilterSchema, c.req.query(), i18n);
    const filter: AuditFilter = checked.ok ? { ...checked.data, kto: checked.data.kto === '' ? null : checked.data.kto } : { kto: null, sekcia: '', od: '', do: '', strana: 1 };
    const list = checked.ok ? auditPage(db, filter) : null;
    const query = (page: number) => {
      const params = new URLSearchParams();
      if (filter.kto !== null) params.set('kto', String(filter.kto));
      for (const key of ['sekcia', 'od', 'do'] as const) if (filter[key]) params.set(key, filter[key]);
      if (page > 1) params.set('strana', String(page));
      return `${AUDIT_PATH}${params.size ? `?${params}` : ''}`;
    };
    const sectionLabel = (id: string) => SECTIONS.find((s) => s.id === id && s.label)?.label ?? null;
    return render(
      c,
      'audit',
      {
        values: checked.ok ? { ...filter, kto: filter.kto ?? '' } : c.req.query(),
        errors: checked.ok ? {} : checked.errors,
        list: list && { ...list, rows: list.rows.map((r) => ({ ...r, before: pretty(r.before), after: pretty(r.after) })) },
        staffOptions: [['', i18n._('Všetci')], ...listStaff(db).map((m) => [String(m.id), `${m.name} (${m.email})`])],
        sectionOptions: [['', i18n._('Všetky')], ...SECTION_IDS.map((id) => [id, sectionLabel(id) ? i18n._(sectionLabel(id)!) : id])],
        sectionLabel,
        pageLink: query,
      },
      { title: i18n._('Záznam zmien'), status: checked.ok ? 200 : 400 },
    );
  });

  return app;
}
