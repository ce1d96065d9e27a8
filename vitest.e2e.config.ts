import { defineConfig } from 'vitest/config';

/**
 * Chromium journeys against the built server (`npm run build` first; `npm test` does).
 * One file at a time: each file starts its own server and browser, and the machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    setupFiles: ['tests/setup/console.ts'],
    fileParallelism: false,
    // One module graph for all files: each file imported the server's modules (the seed, the
    // database helpers) afresh, ~11 s of imports per file on CI's two cores for code no journey
    // changes; journeys keep their state in their own files and servers, and none mocks a module.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the page will show after a server round trip (a wizard's choice is
    // marked once the server saved it). Vitest's 1 s default is a sampling window, not a speed
    // requirement, and under the whole suite's load on two cores one such wait ran out (checkout's
    // "Bankový prevod"); 10 s, as the journeys that set their own already used.
    expect: { poll: { timeout: 10_000 } },
  },
});
