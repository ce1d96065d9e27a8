import { join } from 'node:path';
import { Eta } from 'eta';
import { trimTemplate } from './trim-template';
import { keptBytes } from '../catalog/cache-budget';
import { bytesOf } from '../http/bytes';

/**
 * The shop's Eta: templates under `<root>/templates`, their line-break whitespace trimmed as they are
 * read (decision 187), output gathered as pieces (compileBody), compiled once and cached in production.
 */
export function createEta(options: { root: string; production: boolean }): Eta {
  const eta = new Eta({ views: join(options.root, 'templates'), cache: options.production, autoTrim: false, escapeFunction: escapeHtml, functionHeader: 'const icon = this.icon;' });
  // Templates write `<%~ icon('cart') %>` and name included templates in literals: in production each
  // icon is drawn and each path resolved once (decision 275). A name from the views' root ('/partials/x',
  // a page's own) is the same file from every includer: kept by name, no key is built per include.
  const once = options.production ? (map: Map<string, string>, key: string, make: () => string) => map.get(key) ?? map.set(key, make()).get(key)! : (_map: unknown, _key: string, make: () => string) => make();
  const icons = new Map<string, string>();
  Object.assign(eta, { icon: (name: string, className?: string) => once(icons, `${name} ${className}`, () => eta.render('/partials/icons', { name, className })) });
  const read = eta.readFile.bind(eta);
  eta.readFile = (path: string) => trimTemplate(read(path));
  eta.compileBody = compileBody;
  const resolve = eta.resolvePath.bind(eta);
  const paths = new Map<string, string>();
  eta.resolvePath = (name, at) => (at?.filepath && !name.startsWith('/') ? resolve(name, at) : once(paths, name, () => resolve(name, at)));
  // Includes and layouts pass their options and take pieces; a caller without options gets the string.
  const render = eta.render.bind(eta);
  eta.render = ((template: string, data: object, options?: object) => {
    const pieces = render(template, data, options as never) as unknown as Pieces;
    return options ? pieces : runs(pieces).map((piece) => (typeof piece === 'string' ? piece : Buffer.from(piece).toString())).join('');
  }) as Eta['render'];
  return eta;
}

type Block = string | { t: 'r' | 'i' | 'e' | ''; val: string };

/** A template's output: its pieces in order, an included template's pieces nested as they came. */
type Pieces = (string | number | Uint8Array | Pieces)[];

/**
 * Eta's compileBody with the output gathered as pieces, an include's pieces nested, and the page
 * joined once at the top, instead of `res += …` per piece and a string per include: on a category
 * page the rope cost 2–3× the rendering to flatten and encode, and each include's own join copied
 * the page three times. The same output, piece for piece. A layout is given the page's own data with
 * `body` set, not Eta's copy of its ~30 members: every render gets a new object (decision 273).
 */
function compileBody(blocks: Block[]): string {
  let out = 'const __out = [];\n';
  for (const block of blocks) {
    if (typeof block === 'string') out += `__out.push('${block}')\n`;
    else if (block.t === 'r') out += `__out.push(${block.val})\n`;
    else if (block.t === 'i') out += `__out.push(__eta.e(${block.val}))\n`;
    else if (block.t === 'e') out += `${block.val}\n`;
  }
  return `${out}__eta.res = __out;\nif (__eta.layout) { it.body = __out; Object.assign(it, __eta.layoutData); __eta.res = include(__eta.layout, it); __eta.layout = undefined; }\n`;
}

/** Every piece in order, nested lists walked, each run of text between kept pieces joined (as `res += piece` would have). */
function runs(pieces: Pieces): (string | Uint8Array)[] {
  const out: (string | Uint8Array)[] = [];
  let text = '';
  const walk = (list: Pieces): void => {
    for (const piece of list) {
      if (Array.isArray(piece)) walk(piece);
      else if (!(piece instanceof Uint8Array)) text += piece;
      else {
        // No empty run between two pieces: each run costs bytesOf an encode and a view.
        if (text) out.push(text);
        out.push(piece);
        text = '';
      }
    }
  };
  walk(pieces);
  if (text) out.push(text);
  return out;
}

/** A template's output as runs: its text between the kept pieces in it, and those pieces (not copied). */
export function renderRuns(eta: Eta, template: string, data: object): (string | Uint8Array)[] {
  return runs(eta.render(template, data, {} as never) as unknown as Pieces);
}

/**
 * A page as UTF-8: the text between kept pieces (the header, its menus, product cards, filter panels:
 * HTML kept already encoded, card-cache.ts and chrome.ts) written, the kept pieces copied as they are.
 * Encoding a 60 KB page of Slovak text, two bytes a character in V8, cost more than rendering it; most
 * of it is those pieces. No mark or hole is spliced: a template outputs one like any value (`<%~ it.x %>`).
 */
export const renderBytes = (eta: Eta, template: string, data: object): Uint8Array => bytesOf(renderRuns(eta, template, data));

/** A template's output to keep: its runs, the text ones encoded into memory of their own. */
export const renderParts = (eta: Eta, template: string, data: object): Uint8Array[] => renderRuns(eta, template, data).map((part) => (typeof part === 'string' ? keptBytes(part) : part));

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/** Eta's XML escape, with a test first: most of a page's few hundred values hold nothing to escape. */
export function escapeHtml(value: unknown): string {
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => ENTITIES[char]) : text;
}
