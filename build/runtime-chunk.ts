import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';

/**
 * What the site entry itself runs, and the widgets written in plain DOM (the overlay messages,
 * decision 166; the consent bar's buttons and dialog, decision 243; the video's chapter list and the
 * events it shares with the player): these must not pull the runtime into the page.
 */
const ENTRY_SIDE = [
  /^widgets\/entries\//,
  /^widgets\/overlay-messages\//,
  /^widgets\/consent\//,
  /^widgets\/video-player\//,
  /^widgets\/video\/events\.ts$/,
  /^widgets\/lib\/(registry|analytics|defaults|runtime)\.ts$/,
];

/**
 * Makes every widget module import widgets/lib/runtime.ts (docs/decisions/160), so every chunk that
 * loads lazily (a widget, lib/api, a checkout step) reaches the same shared code and esbuild puts it
 * in ONE chunk instead of one chunk per set of importers.
 */
export function runtimeChunk(root: string): Plugin {
  const runtime = join(root, 'widgets/lib/runtime.ts');
  return {
    name: 'runtime-chunk',
    setup(build) {
      build.onLoad({ filter: /\/widgets\/.*\.tsx?$/ }, (args) => {
        const path = relative(root, args.path);
        if (ENTRY_SIDE.some((re) => re.test(path))) return undefined;
        const source = readFileSync(args.path, 'utf8');
        return { contents: `${source}\nimport ${JSON.stringify(runtime)};\n`, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** The libraries every widget runs on (ky and zod load with the widgets that call them). */
const RUNTIME_CODE = /^(node_modules\/(preact|@lingui|nanostores|@nanostores|@r2wc)\/|widgets\/lib\/((define|i18n|defaults|ids)\.ts|lingui\/))/;

/** The chunk holding the runtime; throws when part of it landed in another chunk. */
export function assertOneRuntimeChunk(meta: Metafile): string {
  const holders = Object.entries(meta.outputs)
    .filter(([, output]) => Object.entries(output.inputs).some(([input, { bytesInOutput }]) => bytesInOutput > 0 && RUNTIME_CODE.test(input)))
    .map(([file]) => file);
  if (holders.length !== 1) {
    throw new Error(`the widget runtime is split over ${holders.length} chunks (${holders.join(', ')}); name what they share in widgets/lib/runtime.ts`);
  }
  return holders[0];
}
