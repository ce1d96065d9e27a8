import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededTemplate, sweepEnded } from '../setup/db-template';

/**
 * Starting the BUILT server (what production runs) as a child process. No vitest import here, so
 * the benchmark uses it too.
 */

export const ROOT = process.cwd();
export const SERVER_ENTRY = join(ROOT, 'dist/server/index.js');
export const TMP_DIR = join(ROOT, 'tests/.tmp');

/**
 * Node's flags for the server, as `npm start` (package.json) gives them: a young generation of 4 MB
 * semi-spaces instead of 16. What the process keeps resident after a busy hour is mostly the young
 * generation it grew to once: at 100,000 products, after 3,000 searches never asked before, 268 MB
 * resident with the default, 255 MB with 8 MB, 211 MB with 4 MB (issue 18: ≤ 200 MB after the bench).
 * And the old generation grown by 30 % of what a full collection left (V8's own conservative
 * factor) instead of up to 4×: requests' garbage promoted under load is collected sooner (decision 266).
 */
export const NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=30'];

export interface ChildServer {
  port: number;
  /** The child's process id (the bench reads its CPU time from /proc). */
  pid: number;
  stdout(): string;
  stderr(): string;
  /** SIGTERM and wait; resolves with the exit code ('timeout' after 10 s, then it is killed). */
  stop(): Promise<number | null | 'timeout'>;
}

/**
 * Spawns `node <entry>` with PORT=0 and resolves once stdout prints a line matching `listens`,
 * whose first group is the port the OS picked: no free-port race.
 */
export async function spawnServer(entry: string, env: Record<string, string>, listens: RegExp, timeoutMs = 90_000): Promise<ChildServer> {
  const child = spawn(process.execPath, [...NODE_FLAGS, entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${entry} did not listen within ${timeoutMs} ms\n${stdout}\n${stderr}`)), timeoutMs);
    const onData = () => {
      const match = stdout.match(listens);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(Number(match[1]));
    };
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    child.stdout.on('data', onData);
    void exited.then((code) => fail(new Error(`${entry} exited with ${code} before listening\n${stdout}\n${stderr}`)));
  });

  return {
    port,
    pid: child.pid!,
    stdout: () => stdout,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(10_000).then(() => 'timeout' as const)]);
      if (code === 'timeout') child.kill('SIGKILL');
      return code;
    },
  };
}

export interface RunningShop {
  /** http://127.0.0.1:PORT, the Slovak shop. */
  url: string;
  port: number;
  pid: number;
  dbFile: string;
  stdout(): string;
  /** What the server wrote to stderr so far (errors it logged). */
  stderr(): string;
  /** The folder the server writes its mails to, one .eml file per message (MAIL_OUTBOX). */
  outbox: string;
  /** SIGTERM, then throws unless it exited 0 (and, when strict, logged nothing to stderr). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Size of the demo catalogue seeded into an empty DB (300 by default). */
  products?: number;
  env?: Record<string, string>;
  /** Use this DB file (kept afterwards) instead of a fresh temp one (removed on stop). */
  dbFile?: string;
  /** stop() throws when the server logged anything to stderr (default); the bench only reports it. */
  strict?: boolean;
}

const TEMPLATES_PREFIX = 'obchod-e2e-templates-';

/** `node dist/server/index.js` with its own SQLite file, seeded with the demo catalogue. */
export async function startShop(options: StartOptions = {}): Promise<RunningShop> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  // In the OS temp folder, not tests/.tmp: the unit-test run empties tests/.tmp when it ends.
  const dir = options.dbFile ? null : mkdtempSync(join(tmpdir(), 'obchod-e2e-'));
  const dbFile = options.dbFile ?? join(dir!, 'shop.db');
  // A fresh demo shop starts from the run's seeded template (the server then finds its catalogue
  // and seeds nothing): the same file, without seeding 300 products in every journey's server.
  if (!options.dbFile && (options.env?.SEED ?? 'demo') === 'demo') {
    sweepEnded(tmpdir(), TEMPLATES_PREFIX);
    copyFileSync(seededTemplate(join(tmpdir(), `${TEMPLATES_PREFIX}${process.ppid}`), Number(options.env?.SEED_PRODUCTS ?? options.products ?? 300)), dbFile);
  }
  // LOG_LEVEL=info rather than error: the "listens" line, which carries the port, is an info line.
  // The server logs nothing per request at that level, and errors still go to stderr, checked on stop.
  const outbox = options.env?.MAIL_OUTBOX ?? join(dir ?? tmpdir(), 'outbox');
  let server: ChildServer;
  try {
    server = await spawnServer(
      SERVER_ENTRY,
      {
        NODE_ENV: 'production',
        DB_FILE: dbFile,
        SEED: 'demo',
        SEED_PRODUCTS: String(options.products ?? 300),
        SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
        MAIL_OUTBOX: outbox,
        LOG_LEVEL: 'info',
        ...options.env,
      },
      /obchod listens on http:\/\/[^\s:]+:(\d+)/,
    );
  } catch (error) {
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port,
    pid: server.pid,
    dbFile,
    outbox,
    stdout: server.stdout,
    stderr: server.stderr,
    async stop() {
      const code = await server.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`the server did not exit cleanly on SIGTERM (exit ${code})\n${server.stderr()}`);
      if ((options.strict ?? true) && server.stderr().trim()) throw new Error(`the server logged errors:\n${summariseLog(server.stderr())}`);
    },
  };
}

/** Distinct lines of a log with their counts, so a warning logged per request reads once. */
export function summariseLog(text: string, max = 40): string {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.trim()) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const lines = [...counts].map(([line, n]) => (n > 1 ? `${line}  (×${n})` : line));
  return lines.length > max ? `${lines.slice(0, max).join('\n')}\n… ${lines.length - max} more distinct lines` : lines.join('\n');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
