/**
 * wrk (Debian's `wrk` package, written in C) as a second load generator for `npm run bench`
 * (decision 202). autocannon parses every answer in JavaScript and spends 175–250 µs of CPU on a
 * 13 KB search page, as much as the shop spends making it, on the same two cores; wrk spends
 * 20–70 µs, so its throughput is less bound by the load generator. Each connection's first request
 * waits SETTLE_MS, so that its tail is the server's (below).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkRequest {
  url: string;
  connections: number;
  durationS: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Paths asked in turn instead of the URL's (60 different product pages). */
  paths?: string[];
  /** A path with `{n}` replaced by a counter: every request different (a search never asked before). */
  unique?: string;
}

export interface WrkResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU (user + system) of wrk itself per request, from the shell's `times` for its children. */
  clientMicros: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

/**
 * How long each connection holds its first request (ms; wrk's `delay` hook), and so how much of a
 * run's duration is not measured. wrk writes a first request as soon as its connection opens, and
 * counts from there: a Node server busy with the connections that came first took the others' first
 * requests one after another, ~7 ms apart, up to 340 ms after the first (the shop's), and a run's
 * largest latencies were exactly those offsets. That start made wrk's p99 erratic for any server
 * here: a bare route spinning 110 µs, eight 3-second runs, p99 8.4–92 ms, though no connection ever
 * waited more than 20 ms at the server between two of its requests (the server's own record of every
 * request); with the first requests held 300 ms, 13.2–14.0 ms and no latency over 27 ms. Later
 * requests are not delayed.
 */
export const SETTLE_MS = 300;

/** Whether a `wrk` binary is on PATH (`apt-get install -y wrk`). */
export function wrkInstalled(): boolean {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return probe.error === undefined && /^wrk /m.test(`${probe.stdout}${probe.stderr}`);
}

/** A Lua long string that cannot be closed by the text inside it. */
function luaString(text: string): string {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/**
 * The request as a wrk script: method, body and headers (header flags cannot carry a body), which
 * paths, and each connection's first request held SETTLE_MS.
 */
export function wrkScript(request: Pick<WrkRequest, 'connections' | 'method' | 'body' | 'headers' | 'paths' | 'unique'>): string {
  const lines = [`wrk.method = ${luaString(request.method ?? 'GET')}`];
  if (request.body !== undefined) lines.push(`wrk.body = ${luaString(request.body)}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`); // `t[[x]]` would be a call
  if (request.paths) {
    lines.push(`paths = { ${request.paths.map(luaString).join(', ')} }`, 'n = 0');
    lines.push('request = function()', '  n = n + 1', '  return wrk.format(nil, paths[(n % #paths) + 1])', 'end');
  } else if (request.unique) {
    const [before, after] = request.unique.split('{n}');
    lines.push('n = 0', 'request = function()', '  n = n + 1', `  return wrk.format(nil, ${luaString(before)} .. n .. ${luaString(after ?? '')})`, 'end');
  }
  // Called before every request (one thread: the first `connections` calls are the connections' first requests).
  lines.push('settling = 0', 'delay = function()', '  settling = settling + 1', `  return settling <= ${request.connections} and ${SETTLE_MS} or 0`, 'end');
  return `${lines.join('\n')}\n`;
}

/** wrk's "11.94ms", "830.00us", "1.20s" in milliseconds. */
export function wrkMillis(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
}

const SIZES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** Reads wrk's report (`--latency`) and the shell's `times` line for its CPU; the rate is over the run after SETTLE_MS. */
export function readWrkReport(report: string, times: string): WrkResult {
  const requests = Number(/(\d+) requests in ([\d.]+)(ms|s|m)/.exec(report)?.[1] ?? 0);
  const seconds = /requests in ([\d.]+)(ms|s|m)/.exec(report);
  const elapsed = seconds ? Number(seconds[1]) * ({ ms: 0.001, s: 1, m: 60 } as Record<string, number>)[seconds[2]] : NaN;
  const read = /requests in [^,]+, ([\d.]+)(B|KB|MB|GB) read/.exec(report);
  const bytes = read ? Number(read[1]) * SIZES[read[2]] : 0;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  // `times` prints the shell's own line, then its children's: "0m1.234s 0m0.567s".
  const children = times.trim().split('\n').at(-1) ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
  return {
    requests,
    rps: requests > 0 ? Math.round(requests / (elapsed - SETTLE_MS / 1000)) : 0,
    p50: wrkMillis(/^\s*50%\s+(\S+)/m.exec(report)?.[1] ?? ''),
    p99: wrkMillis(/^\s*99%\s+(\S+)/m.exec(report)?.[1] ?? ''),
    clientMicros: requests > 0 ? (cpu * 1e6) / requests : 0,
    bytes: requests > 0 ? Math.round(bytes / requests) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0),
    errors,
  };
}

/** bash running wrk on one thread, then `times` for its CPU; on CPU `cpu` alone (taskset) when given. */
export function wrkCommandFor(request: WrkRequest, script: string, cpu?: number): [string, string[]] {
  const args = ['-c', 'wrk "$@" >&2; times', 'bash', '-t1', `-c${request.connections}`, `-d${request.durationS}s`, '--latency', '-s', script, request.url];
  return cpu === undefined ? ['bash', args] : ['taskset', ['-c', String(cpu), 'bash', ...args]];
}

/** The request's script in a folder of its own, and how to remove it. */
function scriptFile(request: WrkRequest): { script: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'obchod-wrk-'));
  const script = join(dir, 'request.lua');
  writeFileSync(script, wrkScript(request));
  return { script, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One wrk run on one thread (the machine has two cores; the shop is one process). */
export function wrk(request: WrkRequest): WrkResult {
  const { script, remove } = scriptFile(request);
  try {
    const run = spawnSync(...wrkCommandFor(request, script), { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
    return readWrkReport(run.stderr, run.stdout);
  } finally {
    remove();
  }
}

/** The same run without blocking this process, on CPU `cpu` alone: several at once (paired.ts). */
export async function wrkOn(cpu: number, request: WrkRequest): Promise<WrkResult> {
  const { script, remove } = scriptFile(request);
  try {
    const child = spawn(...wrkCommandFor(request, script, cpu));
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (status !== 0) throw new Error(`wrk failed: ${stderr}`);
    return readWrkReport(stderr, stdout);
  } finally {
    remove();
  }
}
