import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/**
 * nginx in front of a shop, started by a test or the benchmark (never as a system service): the
 * site of deploy/nginx/obchod.conf with its ports and paths moved to loopback and a temporary
 * folder, in a main configuration of its own. No vitest import here, so the benchmark uses it too.
 */

export const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
const DEPLOY = join(process.cwd(), 'deploy/nginx');

export const nginxInstalled = (): boolean => existsSync(NGINX);
export const brotliLoadable = (): boolean => existsSync(BROTLI_MODULE);

export interface RunningProxy {
  /** http://127.0.0.1:PORT, the public side. */
  url: string;
  port: number;
  /** The master's process id (the workers are its children). */
  pid: number;
  workerPids(): number[];
  brotli: boolean;
  errorLog(): string;
  stop(): Promise<void>;
}


/** deploy/nginx/obchod.conf with `what` replaced by `by`, failing loudly if the file no longer has it. */
function replaced(config: string, what: string, by: string): string {
  if (!config.includes(what)) throw new Error(`deploy/nginx/obchod.conf no longer contains "${what}": update tests/setup/nginx.ts`);
  return config.split(what).join(by);
}

/** Starts nginx in front of the shop at `upstreamPort`; resolves once it answers. */
export async function startProxy(upstreamPort: number, options: { workers?: number } = {}): Promise<RunningProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'obchod-nginx-'));
  // Workers run as an unprivileged user when the master is root: they must write the cache.
  chmodSync(dir, 0o777);
  for (const sub of ['cache', 'snippets', 'temp']) mkdirSync(join(dir, sub), { mode: 0o777 });
  const [port, sharedLayer] = [await freePort(), await freePort()];
  const brotli = brotliLoadable();
  if (brotli) copyFileSync(join(DEPLOY, 'obchod-brotli.conf'), join(dir, 'snippets/obchod-brotli.conf'));
  let site = readFileSync(join(DEPLOY, 'obchod.conf'), 'utf8');
  site = replaced(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`);
  site = replaced(site, '127.0.0.1:8081', `127.0.0.1:${sharedLayer}`);
  site = replaced(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = replaced(site, '/var/cache/nginx/obchod', join(dir, 'cache'));
  site = replaced(site, '/etc/nginx/snippets/', `${join(dir, 'snippets')}/`);
  writeFileSync(join(dir, 'obchod.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      brotli ? `load_module ${BROTLI_MODULE};` : '',
      'daemon off;',
      `worker_processes ${options.workers ?? 1};`,
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${join(dir, 'obchod.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    const file = join(dir, 'error.log');
    return `${stderr}${existsSync(file) ? readFileSync(file, 'utf8') : ''}`;
  };
  // Up once it answers; nginx prints nothing when it starts well.
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${errorLog()}`);
    try {
      await fetch(`${url}/robots.txt`);
      break;
    } catch (error) {
      if (tries > 2000) throw new Error(`nginx did not answer: ${String(error)}\n${errorLog()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return {
    url,
    port,
    pid: child.pid!,
    brotli,
    errorLog,
    workerPids() {
      try {
        return readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
