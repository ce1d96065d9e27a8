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
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
