import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lines of code of the request path's machinery, before issue 18 and now: server/http/,
 * server/render/ and the caching files of server/catalog/ (server/search/ holds no file whose job
 * is caching: its kept values live in search.service.ts, which stays). Counted both as lines and
 * as code lines (neither blank nor comment).
 */

/** The commit issue 18 started from. */
export const BEFORE = '40e1b4e';
const DIRS = ['server/http', 'server/render'];
const CACHING = /^server\/catalog\/(card-cache|catalog-version|catalog-cache|catalog-views|fragment-cache|lru|panel-cache|row-cache|product-json|product-list-answer)\.ts$/;
const counted = (file: string) => DIRS.some((dir) => file.startsWith(`${dir}/`)) || CACHING.test(file);

function codeLines(text: string): number {
  let n = 0;
  let inComment = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inComment) {
      if (line.includes('*/')) inComment = false;
      continue;
    }
    if (!line || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      inComment = !line.includes('*/');
      continue;
    }
    n++;
  }
  return n;
}

export interface Loc {
  files: number;
  lines: number;
  code: number;
}

function total(texts: string[]): Loc {
  return { files: texts.length, lines: texts.reduce((n, t) => n + t.split('\n').length - 1, 0), code: texts.reduce((n, t) => n + codeLines(t), 0) };
}

/** Now: the working tree. */
export function locNow(root: string): Loc {
  const files: string[] = [];
  for (const dir of [...DIRS, 'server/catalog']) for (const name of readdirSync(join(root, dir))) if (name.endsWith('.ts') && counted(`${dir}/${name}`)) files.push(join(root, dir, name));
  return total(files.map((file) => readFileSync(file, 'utf8')));
}

/** Before: the same files at BEFORE, or null when that commit is not in this clone. */
export function locBefore(root: string): Loc | null {
  if (!existsSync(join(root, '.git'))) return null;
  try {
    const listed = execFileSync('git', ['ls-tree', '-r', '--name-only', BEFORE, ...DIRS, 'server/catalog'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.ts') && counted(f));
    return total(listed.map((file) => execFileSync('git', ['show', `${BEFORE}:${file}`], { cwd: root, encoding: 'utf8' })));
  } catch {
    return null;
  }
}
