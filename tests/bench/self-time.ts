/**
 * `npx tsx tests/bench/self-time.ts x.cpuprofile [--top 40] [--rounds N] [--inclusive] [--callers name]`:
 * self time per function of a profile written by profile.ts, largest first (µs per request when
 * --rounds is the loop's count). --inclusive adds each function's callees (time on the stack);
 * --callers splits one function's self time by its caller. --last-ms N counts only the profile's last
 * N ms (a server profiled under load: leaves out its start-up, e.g. building the search index).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
const file = process.argv[2];
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const top = Number(arg('--top')) || 40;
const rounds = Number(arg('--rounds')) || 1;
const inclusive = process.argv.includes('--inclusive');
const callersOf = arg('--callers');
const lastMs = Number(arg('--last-ms')) || 0;
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
const time = new Map<string, number>();
let total = 0;
const span = profile.timeDeltas.reduce((sum, dt) => sum + dt, 0);
let clock = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  clock += dt;
  if (lastMs > 0 && clock < span - lastMs * 1000) return;
  total += dt;
  const n = byId.get(id)!;
  if (callersOf) {
    if (!name(n).startsWith(callersOf)) return;
    const p = byId.get(parent.get(id)!);
    const key = p ? name(p) : '(root)';
    time.set(key, (time.get(key) ?? 0) + dt);
    return;
  }
  if (!inclusive) {
    time.set(name(n), (time.get(name(n)) ?? 0) + dt);
    return;
  }
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = name(byId.get(at)!);
    if (!seen.has(key)) time.set(key, (time.get(key) ?? 0) + dt);
    seen.add(key);
  }
});
console.log(`total ${Math.round(total / rounds)} µs per round`);
for (const [key, us] of [...time].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(Math.round(us / rounds)).padStart(6)}  ${key}`);
