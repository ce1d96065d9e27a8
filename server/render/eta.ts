import { join } from 'node:path';
import { Eta } from 'eta';
import { trimTemplate } from './trim-template';

/** A page template's `<% layout('/layouts/base') %>`: left out by an Eta made `withoutLayout`. */
const LAYOUT_CALL = /<%\s*layout\([^)]*\)\s*%>/;

/**
 * The shop's Eta: templates under `<root>/templates`, their line-break whitespace trimmed as they are
 * read (decision 187), compiled once and cached in production. `withoutLayout` leaves pages'
 * layout() calls out, so a page renders as its own HTML (the layout shell of decision 191).
 */
export function createEta(options: { root: string; production: boolean; withoutLayout?: boolean }): Eta {
  const eta = new Eta({ views: join(options.root, 'templates'), cache: options.production, autoTrim: false });
  const read = eta.readFile.bind(eta);
  eta.readFile = (path: string) => {
    const source = trimTemplate(read(path));
    return options.withoutLayout ? source.replace(LAYOUT_CALL, '') : source;
  };
  if (options.production) {
    // Eta resolves every include's path again (JSON.stringify of a cache key, path.join) on each
    // render; the templates do not move while the process runs, so remember each answer.
    // Per including file, then per path: no key string is built (and hashed) per include.
    const resolve = eta.resolvePath.bind(eta);
    const resolved = new Map<string, Map<string, string>>();
    eta.resolvePath = (path, opts) => {
      const from = opts?.filepath ?? '';
      let files = resolved.get(from);
      if (files === undefined) resolved.set(from, (files = new Map()));
      let file = files.get(path);
      if (file === undefined) {
        file = resolve(path, opts);
        files.set(path, file);
      }
      return file;
    };
  }
  return eta;
}
