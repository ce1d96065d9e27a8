import { describe, expect, it } from 'vitest';
import { readWrkReport, SETTLE_MS, wrkMillis, wrkScript } from '../bench/wrk';

// wrk 4.1's report for `--latency`, as Debian's package prints it.
const REPORT = `Running 5s test @ http://127.0.0.1:3998/hladaj?q=hrniec
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    13.07ms   14.20ms 291.06ms   98.64%
    Req/Sec     4.24k   350.12     4.60k    86.00%
  Latency Distribution
     50%   11.55ms
     75%   12.20ms
     90%   13.33ms
     99%    1.20s
  21115 requests in 5.00s, 268.52MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:   4223.00
Transfer/sec:     53.70MB
`;

describe('the bench reads wrk', () => {
  it('reads rate, percentiles in any unit, bytes, errors and the CPU from `times`', () => {
    const r = readWrkReport(REPORT, '0m0.010s 0m0.004s\n0m0.402s 0m0.231s\n');
    expect(r.requests).toBe(21115);
    // Over the 5 s less the first requests' hold: 21115 / 4.7.
    expect(SETTLE_MS).toBe(300);
    expect(r.rps).toBe(4493);
    expect(r.p50).toBe(11.55);
    expect(r.p99).toBe(1200);
    expect(r.bytes).toBe(Math.round((268.52 * 1024 * 1024) / 21115));
    expect(r.errors).toBe(5);
    expect(r.non2xx).toBe(7);
    expect(r.clientMicros).toBeCloseTo((0.633 * 1e6) / 21115, 3);
  });

  it('converts every unit wrk prints', () => {
    expect(wrkMillis('830.00us')).toBe(0.83);
    expect(wrkMillis('2.50ms')).toBe(2.5);
    expect(wrkMillis('1.5s')).toBe(1500);
    expect(wrkMillis('1.00m')).toBe(60_000);
    expect(wrkMillis('-nan%')).toBeNaN();
  });

  it('writes the request as Lua long strings no text inside can close', () => {
    const body = '{"q":"]]","x":"]=]"}';
    const script = wrkScript({ connections: 50, method: 'POST', body, headers: { 'content-type': 'application/json', cookie: 'sid=a]]b' } });
    expect(script.split('\n')).toEqual([
      'wrk.method = [[POST]]',
      'wrk.body = [==[{"q":"]]","x":"]=]"}]==]',
      // `t[[x]]` would be a call in Lua, not an index: a space keeps it an index.
      'wrk.headers[ [[content-type]] ] = [[application/json]]',
      'wrk.headers[ [[cookie]] ] = [=[sid=a]]b]=]',
      // Each of the 50 connections' first requests held, the rest not.
      'settling = 0',
      'delay = function()',
      '  settling = settling + 1',
      '  return settling <= 50 and 300 or 0',
      'end',
      '',
    ]);
  });
});
