import { existsSync, readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Paired } from './paired';
import { wrk, wrkInstalled } from './wrk';

/**
 * One target under load, as `npm run bench` measures it: autocannon (JavaScript, this process), then
 * wrk (C) right after when installed (decision 202). CPU per request is read from /proc for the
 * processes that serve the target (the shop, and nginx's workers when it is in front).
 */

export const CONNECTIONS = 50;
export const WARMUP_S = 2;
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const WRK = wrkInstalled();

export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Paths asked in turn instead of `path`; split between the two load generators so none repeats. */
  paths?: string[];
}

/** One load generator's figures for one target. */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** CPU per request of the serving processes over the measured interval (shop, then proxy). */
  cpuMicros: number | null;
  proxyMicros: number | null;
  /** The load generator's own CPU per request: on the same two cores, it competes with the shop. */
  clientMicros: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

export interface Measured extends Load {
  name: string;
  shop: string;
  wrk?: Load;
  /** Its CPU per request beside the bare route's, measured at once on one CPU (paired.ts). */
  paired?: Paired | null;
}

/**
 * Whether a run measured its load generator rather than the server: each is one thread on these two
 * cores, and at 90 % of a core or more its rate and latency are its own limit (autocannon, JavaScript,
 * reaches it first: the bare route and anything nginx answers from its cache).
 */
export function clientBound(l: Load): boolean {
  return l.clientMicros * l.rps >= 900_000;
}

/** utime + stime of a process in clock ticks (100 per second on Linux); null elsewhere. */
export function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Starts counting processes' CPU; the function answers their µs per request since then (null off Linux). */
export function cpuMeter(pids: number[]): (requests: number) => number | null {
  const sum = () => {
    let total = 0;
    for (const pid of pids) {
      const ticks = cpuTicks(pid);
      if (ticks === null) return null;
      total += ticks;
    }
    return total;
  };
  const before = pids.length ? sum() : null;
  return (requests) => {
    const after = pids.length ? sum() : null;
    return before !== null && after !== null && requests > 0 ? ((after - before) * 10_000) / requests : null;
  };
}

/** A process's resident memory in MB, split: V8's heap, buffers outside it, the rest of the anonymous memory. */
export interface Memory {
  rss: number;
  /** Mapped files resident (mostly the node binary's code) and anonymous memory. */
  file: number;
  anon: number;
  heapTotal: number;
  heapUsed: number;
  /** Memory V8 does not manage but knows of (Buffers, typed arrays). */
  external: number;
  /** anon − heapTotal − external: malloc's share (SQLite's page caches, statements, ICU, threads' arenas). */
  malloc: number;
}

const MB = 1024 * 1024;

/** `pid`'s memory: /proc for the resident set, tests/bench/memory-probe.mjs (SIGUSR2) for V8's figures. */
export async function memoryOf(pid: number, probeFile: string): Promise<Memory | null> {
  try {
    rmSync(probeFile, { force: true });
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 200 && !existsSync(probeFile); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const v8 = JSON.parse(readFileSync(probeFile, 'utf8')) as NodeJS.MemoryUsage;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    const mb = (bytes: number) => Math.round(bytes / MB);
    const anon = kb('RssAnon');
    return { rss: mb(kb('VmRSS')), file: mb(kb('RssFile') + kb('RssShmem')), anon: mb(anon), heapTotal: mb(v8.heapTotal), heapUsed: mb(v8.heapUsed), external: mb(v8.external), malloc: mb(anon - v8.heapTotal - v8.external) };
  } catch {
    return null;
  }
}

/** From this many paths on, a target's paths must never repeat (a search never asked before). */
const UNREPEATED = 1000;

/** Whether a target's paths must never repeat: then each generator asks its own half of them. */
const unrepeated = (target: Target): boolean => (target.paths?.length ?? 0) >= UNREPEATED;

/** The paths one generator asks: all of them, or its own half when they must not repeat. */
export function half(target: Target, which: 0 | 1): string[] | undefined {
  if (!target.paths) return undefined;
  if (!unrepeated(target)) return target.paths;
  const middle = Math.floor(target.paths.length / 2);
  return which === 0 ? target.paths.slice(0, middle) : target.paths.slice(middle);
}

async function autocannonRun(target: Target, origin: string, duration: number, paths: string[] | undefined, from: { next: number }) {
  const options: autocannon.Options = { url: `${origin}${target.path}`, connections: CONNECTIONS, method: target.method ?? 'GET', body: target.body, headers: target.headers, duration };
  if (paths) {
    options.requests = [
      {
        setupRequest: (request) => {
          request.path = paths[from.next++ % paths.length];
          return request;
        },
      },
    ];
  }
  return autocannon(options);
}

/**
 * Throws when a generator asked more than its `paths`: it went round again, and what the shop keeps
 * for a search already asked made that part cheaper than a new one, so the figure would mix the two.
 */
export function checkUnrepeated(target: Target, asked: number, paths: string[] | undefined): void {
  if (paths && unrepeated(target) && asked > paths.length) {
    throw new Error(`${target.name}: ${asked} requests from ${paths.length} different paths; it needs more paths than that`);
  }
}

/** The header wrk's requests carry when `markWrk`: the same-work route spins per generator (bare-server.mjs). */
export const GENERATOR_HEADER = 'x-load-generator';

/**
 * Measures `target` at `origin`, counting the CPU of `shopPid` and of `proxyPids` (nginx's workers);
 * with `markWrk`, wrk's requests say so in GENERATOR_HEADER.
 */
export async function load(target: Target, origin: string, shopPid: number | null, shop: string, proxyPids: number[] = [], markWrk = false): Promise<Measured> {
  const paths = half(target, 0);
  const from = { next: 0 };
  await autocannonRun(target, origin, WARMUP_S, paths, from);
  const server = cpuMeter(shopPid === null ? [] : [shopPid]);
  const proxy = cpuMeter(proxyPids);
  const client = process.cpuUsage();
  const r = await autocannonRun(target, origin, DURATION_S, paths, from);
  const clientUsed = process.cpuUsage(client);
  checkUnrepeated(target, from.next, paths);
  return {
    name: target.name,
    shop,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMicros: server(r.requests.total),
    proxyMicros: proxyPids.length ? proxy(r.requests.total) : null,
    clientMicros: r.requests.total > 0 ? (clientUsed.user + clientUsed.system) / r.requests.total : 0,
    bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    wrk: WRK ? loadWithWrk(markWrk ? { ...target, headers: { ...target.headers, [GENERATOR_HEADER]: 'wrk' } } : target, origin, shopPid, proxyPids) : undefined,
  };
}

/** The same target through wrk, right after autocannon's run (the shop is warm). */
function loadWithWrk(target: Target, origin: string, shopPid: number | null, proxyPids: number[]): Load {
  const server = cpuMeter(shopPid === null ? [] : [shopPid]);
  const proxy = cpuMeter(proxyPids);
  const paths = half(target, 1);
  const r = wrk({ url: `${origin}${target.path}`, connections: CONNECTIONS, durationS: DURATION_S, method: target.method, body: target.body, headers: target.headers, paths });
  checkUnrepeated(target, r.requests, paths);
  return {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    cpuMicros: server(r.requests),
    proxyMicros: proxyPids.length ? proxy(r.requests) : null,
    clientMicros: r.clientMicros,
    bytes: r.bytes,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Of several runs, the one with the median `key`; of an even count, the lower or the higher. */
export function medianBy<T>(runs: T[], key: (run: T) => number, ofEven: 'lower' | 'higher'): T {
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[ofEven === 'lower' ? Math.floor((runs.length - 1) / 2) : Math.floor(runs.length / 2)];
}

/** Of several runs, the one with the median CPU per request; of an even count, the lower or the higher. */
export const medianByCpu = <T extends Load>(loads: T[], ofEven: 'lower' | 'higher'): T => medianBy(loads, (l) => l.cpuMicros ?? 0, ofEven);

/**
 * Of several runs of one target, the one with the median CPU per request, carrying the runs' median
 * p99 (of an even count, the higher of each: the harsher).
 */
export function medianLoad<T extends Load>(loads: T[]): T {
  return { ...medianByCpu(loads, 'higher'), p99: medianBy(loads, (l) => l.p99, 'higher').p99 };
}

/**
 * The bare route's figures the ratios divide by: per load tool, the run with the median CPU per
 * request (of an even count, the lower one, which makes every ratio the harsher).
 */
export function baselineOf(runs: Measured[]): Measured {
  const wrk = runs.flatMap((r) => (r.wrk ? [r.wrk] : []));
  return { ...medianByCpu(runs, 'lower'), name: `bare hono (median of ${runs.length})`, wrk: wrk.length > 0 ? medianByCpu(wrk, 'lower') : undefined };
}
