import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CONNECTIONS, cpuMeter, DURATION_S, half, medianBy, WARMUP_S, WRK, type Target } from './load';
import { wrkOn } from './wrk';

/**
 * A target's CPU per request beside the bare route's, both loaded AT ONCE and pinned to the same CPU
 * (decision 272). This machine's two vCPUs each change speed by up to 2×, each on its own, from one
 * second to the next (the bare route pinned: 24–62 µs), so two runs one after the other, on whichever
 * CPU the scheduler picked, divide a fast second by a slow one: the same page read 5 × or 15 × the
 * bare route. Sharing one CPU in the same seconds, both meet the same speed, and their ratio held
 * within a tenth while both figures doubled.
 *
 * Their two wrk run on that CPU too: a wrk on the other CPU sleeps between the answers of a server
 * slower than itself, and waking it there costs the server an interrupt between vCPUs (~15 µs a
 * signed-in page here), which the bare route, never slower than its wrk, does not pay. The pair
 * with the wrk apart is measured as well and printed beside it.
 */

/** A server under load: where it answers and its process (whose CPU is counted). */
export interface Served {
  url: string;
  pid: number;
}

/** CPU per request of the target's server and of the bare route, in the same seconds on one CPU. */
export interface Pair {
  shopMicros: number;
  bareMicros: number;
  ratio: number;
}

/** The pair with the load generators on the servers' CPU, and (`apart`) on the other one. */
export interface Paired extends Pair {
  apart: Pair | null;
}

/** The CPUs this process may run on ("0-1", "2,5-7" in /proc: a container may allow any of them). */
export function allowedCpus(list: string): number[] {
  return list.split(',').filter((part) => part.trim() !== '').flatMap((part) => {
    const [from, to = from] = part.trim().split('-').map(Number);
    return Number.isInteger(from) && Number.isInteger(to) ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [];
  });
}

const ALLOWED = (() => {
  try {
    return /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
  } catch {
    return '';
  }
})();

/** Pairing needs wrk, Linux's `taskset` and two CPUs; without them the bench leaves the row out. */
export const PAIRABLE = WRK && allowedCpus(ALLOWED).length >= 2 && spawnSync('taskset', ['-V']).status === 0;

/** Every thread of a process (threads it starts later inherit it) onto the CPUs listed. */
const pin = (pid: number, list: string) => execFileSync('taskset', ['-a', '-c', '-p', list, String(pid)], { stdio: 'ignore' });

/** Back onto every allowed CPU; a server that already exited has nothing to give back. */
const unpin = (pid: number) => {
  try {
    pin(pid, ALLOWED);
  } catch {
    // The process is gone: the error that ended it is the one to report.
  }
};

/** `target` at `origin` (served by `shopPid`) and the bare route, under load at once; null when not pairable. */
export async function paired(target: Target, origin: string, shopPid: number, bare: Served): Promise<Paired | null> {
  if (!PAIRABLE) return null;
  const [servers, other] = allowedCpus(ALLOWED);
  pin(shopPid, String(servers));
  pin(bare.pid, String(servers));
  try {
    const pair = await pairOn(servers, target, origin, shopPid, bare);
    return pair && { ...pair, apart: await pairOn(other, target, origin, shopPid, bare) };
  } finally {
    unpin(shopPid);
    unpin(bare.pid);
  }
}

/** One pair, the two wrk on CPU `generators`. */
async function pairOn(generators: number, target: Target, origin: string, shopPid: number, bare: Served): Promise<Pair | null> {
  const both = (durationS: number) =>
    Promise.all([
      wrkOn(generators, { url: `${origin}${target.path}`, connections: CONNECTIONS, durationS, method: target.method, body: target.body, headers: target.headers, paths: half(target, 1) }),
      wrkOn(generators, { url: `${bare.url}/`, connections: CONNECTIONS, durationS }),
    ]);
  await both(WARMUP_S);
  const [shopCpu, bareCpu] = [cpuMeter([shopPid]), cpuMeter([bare.pid])];
  const [shop, base] = await both(DURATION_S);
  const [shopMicros, bareMicros] = [shopCpu(shop.requests), bareCpu(base.requests)];
  return shopMicros === null || bareMicros === null || bareMicros === 0 ? null : { shopMicros, bareMicros, ratio: shopMicros / bareMicros };
}

/** Of several runs' pairs, the median ratio (of an even count, the higher: the harsher). */
export function medianPaired(pairs: (Paired | null | undefined)[]): Paired | null {
  const known = pairs.filter((p): p is Paired => !!p);
  return known.length ? medianBy(known, (p) => p.ratio, 'higher') : null;
}
