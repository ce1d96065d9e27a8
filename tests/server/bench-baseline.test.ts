import { describe, expect, it } from 'vitest';
import { baselineOf, type Load, type Measured } from '../bench/load';

const loadOf = (cpuMicros: number, rps: number): Load => ({ rps, p50: 1, p99: 2, cpuMicros, proxyMicros: null, clientMicros: 10, bytes: 2, non2xx: 0, errors: 0 });
const run = (when: string, cpu: number, wrkCpu: number): Measured => ({ ...loadOf(cpu, 1_000_000 / cpu), name: `bare hono (${when})`, shop: '—', wrk: loadOf(wrkCpu, 1_000_000 / wrkCpu) });

describe("the bench's unit, the bare route", () => {
  it('is the run with the median CPU per request, chosen per load tool', () => {
    const base = baselineOf([run('first', 45, 70), run('between the parts', 77, 52), run('last', 58, 61)]);
    expect(base.cpuMicros).toBe(58);
    expect(base.rps).toBeCloseTo(1_000_000 / 58);
    expect(base.wrk?.cpuMicros).toBe(61);
    expect(base.name).toBe('bare hono (median of 3)');
  });

  it('of two runs takes the cheaper, so every ratio is the harsher', () => {
    const base = baselineOf([run('first', 60, 50), run('last', 48, 66)]);
    expect(base.cpuMicros).toBe(48);
    expect(base.wrk?.cpuMicros).toBe(50);
  });
});
