import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Widgets run twice: against React and against preact/compat, the runtime the build ships. */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // What the build ships instead of Lingui (docs/decisions/164); widgets-react keeps the real one.
  { find: /^@lingui\/core$/, replacement: fileURLToPath(new URL('widgets/lib/lingui/core.ts', import.meta.url)) },
  { find: /^@lingui\/react$/, replacement: fileURLToPath(new URL('widgets/lib/lingui/react.tsx', import.meta.url)) },
];

export default defineConfig({
  test: {
    // Every core (vitest leaves one free by default: on CI's two cores, one worker ran all files in
    // turn while the other core idled between the main process's bursts).
    maxWorkers: '100%',
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/console.ts'],
    // Widget tests wait for renders with until() (up to 10 s, tests/widgets/helpers.ts): their own
    // timeout must outlast it, or a loaded machine fails a test that is only slow.
    projects: [
      {
        extends: true,
        // Server tests hash passwords and place whole orders; on a shared two-core machine one may
        // take longer than vitest's 5 s default without anything being wrong; a beforeAll that seeds a
        // shop and signs staff in, longer than the hooks' 10 s.
        test: {
          name: 'server',
          environment: 'node',
          // One module graph per worker, as the journeys: each file imported the whole server afresh
          // (~2.7 s of a file's time, 324 s of 417 for the project on two cores). Files keep their state
          // in their own shops; none mocks a module; the fetch globals are reset per file.
          isolate: false,
          setupFiles: ['tests/setup/fetch-globals.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          include: ['tests/server/**/*.test.ts', 'tests/pages/**/*.test.ts', 'server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'widgets-react', environment: 'happy-dom', testTimeout: 15_000, include: ['tests/widgets/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        resolve: { alias: preactAliases },
        test: {
          name: 'widgets-preact',
          environment: 'happy-dom',
          testTimeout: 15_000,
          include: ['tests/widgets/**/*.test.{ts,tsx}'],
          server: { deps: { inline: [/@r2wc/, /@nanostores\/react/, /@lingui\/react/] } },
        },
      },
    ],
  },
});
