import type { Db } from '../../db/client';
import { statements } from './import-statements';

/** An import's job row in `catalog_imports`, which the import page polls: read, created, finished. */
export const ERRORS_KEPT = 500;

export interface ImportError {
  row: number;
  column: string;
  /** Slovak source text, translated on the page. */
  message: string;
}

export interface ImportJob {
  id: number;
  fileName: string;
  dryRun: boolean;
  status: 'queued' | 'checking' | 'writing' | 'done' | 'checked' | 'refused' | 'failed';
  rowsDone: number;
  rowsTotal: number;
  errorCount: number;
  errors: ImportError[];
  created: number;
  updated: number;
  createdAt: number;
  finishedAt: number | null;
}

export const RUNNING_STATUSES: readonly ImportJob['status'][] = ['queued', 'checking', 'writing'];

interface JobRow extends Omit<ImportJob, 'dryRun' | 'errors'> {
  dryRun: number;
  errors: string;
}

export function importJob(db: Db, id: number): ImportJob | null {
  const row = statements(db).job.get(id) as JobRow | undefined;
  return row ? { ...row, dryRun: row.dryRun === 1, errors: JSON.parse(row.errors) as ImportError[] } : null;
}

export function recentImports(db: Db, count = 10): ImportJob[] {
  return (statements(db).recent.all(count) as number[]).map((id) => importJob(db, id)!);
}

export function createImportJob(db: Db, input: { staffId: number | null; fileName: string; dryRun: boolean; now: Date }): number {
  return Number(statements(db).create.run(input.staffId, input.fileName, input.dryRun ? 1 : 0, 'queued', input.now.getTime()).lastInsertRowid);
}

export function finish(
  db: Db,
  id: number,
  status: ImportJob['status'],
  result: { rows: number; errors?: ImportError[]; errorCount?: number; created?: number; updated?: number },
  now: Date,
): void {
  const errors = result.errors ?? [];
  statements(db).finish.run(status, result.rows, result.rows, result.errorCount ?? errors.length, JSON.stringify(errors.slice(0, ERRORS_KEPT)), result.created ?? 0, result.updated ?? 0, now.getTime(), id);
}
