import type { Db } from '../../db/client';
import { dayConditions, pagedQuery, whereOf, type Paged } from '../paged-query';

/** Reading the audit log: newest first, by person, section and days, 50 a page. */
export const AUDIT_PAGE = 50;

export interface AuditRow {
  id: number;
  at: number;
  staffId: number | null;
  actor: string;
  section: string;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
  requestId: string | null;
}

export interface AuditFilter {
  kto: number | null;
  sekcia: string;
  od: string;
  do: string;
  strana: number;
}

const COLUMNS = 'id, at, staff_id AS staffId, actor, section, action, subject, before, after, request_id AS requestId';

export function auditPage(db: Db, filter: AuditFilter): Paged<AuditRow> {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (filter.kto !== null) {
    parts.push('staff_id = ?');
    params.push(filter.kto);
  }
  if (filter.sekcia) {
    parts.push('section = ?');
    params.push(filter.sekcia);
  }
  const days = dayConditions('at', filter.od, filter.do);
  parts.push(...days.parts);
  params.push(...days.params);
  return pagedQuery<AuditRow>(db, { columns: COLUMNS, from: 'audit_log', where: whereOf(parts), order: 'at DESC, id DESC' }, params, filter.strana, AUDIT_PAGE);
}
