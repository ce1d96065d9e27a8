import { describe, expect, it } from 'vitest';
import { baselineOf, checkUnrepeated, clientBound, half, medianLoad, type Load, type Measured } from '../bench/load';
import { allowedCpus, medianPaired } from '../bench/paired';
import { nextSpin, p99Ratios, sameAnswer } from '../bench/same-work';
import { wrkCommandFor } from '../bench/wrk';

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

describe('a search never asked before', () => {
  const searches = { name: 'search', path: '/hladaj', paths: Array.from({ length: 4000 }, (_, i) => `/hladaj?q=w${i}`) };
  it("gives each load generator its own half, and throws when one asks more than its half (it went round again)", () => {
    const [first, second] = [half(searches, 0)!, half(searches, 1)!];
    expect(first.length + second.length).toBe(4000);
    expect(first.some((path) => second.includes(path))).toBe(false);
    expect(() => checkUnrepeated(searches, 2000, first)).not.toThrow();
    expect(() => checkUnrepeated(searches, 2001, first)).toThrow(/2001 requests from 2000 different paths/);
  });
  it('throws for a half under 1,000 paths too when the whole has more (1,500 split into 750s)', () => {
    const fewer = { ...searches, paths: searches.paths.slice(0, 1500) };
    expect(() => checkUnrepeated(fewer, 751, half(fewer, 0))).toThrow(/751 requests from 750 different paths/);
  });
  it('lets 60 product pages repeat', () => {
    const products = { name: 'products', path: '/', paths: Array.from({ length: 60 }, (_, i) => `/p${i}`) };
    expect(() => checkUnrepeated(products, 5000, half(products, 0))).not.toThrow();
  });
});

describe('a figure its load generator limited', () => {
  it('is one whose client spent 90 % of a core or more on its requests', () => {
    // autocannon through nginx's cache: 15,844 requests a second at 64 µs of its own each.
    expect(clientBound({ ...loadOf(0, 15_844), clientMicros: 64 })).toBe(true);
    // The same page from the shop itself: 3,741 a second at 194 µs (0.73 of a core).
    expect(clientBound({ ...loadOf(239, 3_741), clientMicros: 194 })).toBe(false);
  });
});

describe('a target paired with the bare route', () => {
  const pair = (ratio: number) => ({ shopMicros: ratio * 30, bareMicros: 30, ratio, apart: null });

  it("of repeated runs reports the median ratio, of an even count the higher, and skips runs that could not pair", () => {
    expect(medianPaired([pair(7.1), null, pair(6.2), pair(8.4)])?.ratio).toBe(7.1);
    expect(medianPaired([pair(6.2), pair(7.1)])?.ratio).toBe(7.1);
    expect(medianPaired([null, undefined])).toBeNull();
  });

  it("reads the CPUs a container allows as /proc lists them", () => {
    expect(allowedCpus('0-1')).toEqual([0, 1]);
    expect(allowedCpus('2,5-7')).toEqual([2, 5, 6, 7]);
    expect(allowedCpus('')).toEqual([]);
  });

  it('runs its load generator on the CPU it is given, and any other wrk where the scheduler puts it', () => {
    const request = { url: 'http://127.0.0.1:1/', connections: 50, durationS: 5 };
    expect(wrkCommandFor(request, '/tmp/x.lua', 1)).toEqual(['taskset', ['-c', '1', 'bash', ...wrkCommandFor(request, '/tmp/x.lua')[1]]]);
    expect(wrkCommandFor(request, '/tmp/x.lua')[0]).toBe('bash');
  });
});

describe("the same-work route's answer", () => {
  it("sends the shop's header lines but node's own, and the shop's body as long as its answers were", () => {
    const raw = ['cache-control', 'public, max-age=0', 'content-type', 'application/json', 'content-length', '14', 'Date', 'Sat, 28 Nov 2026 05:56:00 GMT', 'connection', 'keep-alive', 'keep-alive', 'timeout=5'];
    const shops = Buffer.from('{"count":1234}');
    const { lines, body } = sameAnswer(raw, shops, 220);
    expect(lines).toEqual([['cache-control', 'public, max-age=0'], ['content-type', 'application/json']]);
    // "HTTP/1.1 200 OK\r\n", six lines (each name with ": ", each value with "\r\n") and the empty line.
    const head = 17 + raw.reduce((sum, text) => sum + text.length + 2, 0) + 2;
    expect(body.length).toBe(220 - head);
    // The shop's bytes in turn, cut where the length ends.
    expect(body.toString()).toBe(shops.toString().repeat(10).slice(0, 220 - head));
    expect(sameAnswer(raw, shops, 10).body.length).toBe(0);
  });
});

describe("the same-work route's spin", () => {
  it('moves by how far one try landed, then along the line through the last two', () => {
    // The filter count's 42 µs wanted: spinning 30 µs came to 60, 12 to 32 (1.56 µs a µs of spin).
    expect(nextSpin([{ spin: 30, cpu: 60 }], 42)).toBe(12);
    expect(nextSpin([{ spin: 30, cpu: 60 }, { spin: 12, cpu: 32 }], 42)).toBe(18);
    // Never below nothing, and a line that does not rise is not followed.
    expect(nextSpin([{ spin: 5, cpu: 60 }], 42)).toBe(0);
    expect(nextSpin([{ spin: 30, cpu: 60 }, { spin: 12, cpu: 60 }], 42)).toBe(0);
  });
});

describe('a target run several times', () => {
  it('reports the run with the median CPU and the median p99 of the runs, of an even count the higher of each', () => {
    const runs = [{ ...loadOf(120, 8000), p99: 15 }, { ...loadOf(130, 7700), p99: 11 }, { ...loadOf(125, 7900), p99: 12 }];
    const median = medianLoad(runs);
    expect(median.cpuMicros).toBe(125);
    expect(median.rps).toBe(7900);
    expect(median.p99).toBe(12);
    expect(medianLoad(runs.slice(0, 2))).toMatchObject({ cpuMicros: 130, p99: 15 });
  });
});

describe("the shop's p99 against its same-work route", () => {
  it('pairs each round with its own reference and takes the median ratio, of an even count the higher', () => {
    // Medians of each side alone would say 14.36 against 14.44 here, from different rounds.
    const shop = [{ p99: 12.64 }, { p99: 14.36 }, { p99: 16.02 }];
    const same = [{ p99: 12.8 }, { p99: 15.42 }, { p99: 14.44 }];
    const { each, median } = p99Ratios(shop, same);
    expect(each.map((x) => x.toFixed(3))).toEqual(['0.988', '0.931', '1.109']);
    expect(median).toBeCloseTo(12.64 / 12.8, 10);
    expect(p99Ratios(shop.slice(0, 2), same.slice(0, 2)).median).toBeCloseTo(12.64 / 12.8, 10);
    expect(p99Ratios([{ p99: 10 }, { p99: 30 }], [{ p99: 10 }, { p99: 10 }]).median).toBe(3);
    expect(p99Ratios([], []).median).toBeNaN();
  });
});
