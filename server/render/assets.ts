import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../i18n/locales';

/** What build.ts wrote: hashed file names of the site script, its CSS, each locale's widget messages and the embed. */
export interface Assets {
  siteJs: string;
  siteCss: string;
  /** The pickup dialog's map stylesheet (Leaflet's); absent in a build from before it. */
  mapCss?: string;
  messages: Record<Locale, string>;
  /** The partner embed (build/embed.ts): its loader, one bundle per locale, and what a carousel costs gzipped. */
  embed?: EmbedAssets;
}

export interface EmbedAssets {
  /** `/build/embed-loader-<hash>.js`, served at the stable /embed.js. */
  loader: string;
  bundles: Record<Locale, string>;
  /** Gzipped bytes of the loader plus the largest bundle (the CSS is inside it): the budget's figure. */
  gzip: number;
}

export class AssetsMissingError extends Error {}

export function loadAssets(root: string): Assets {
  const file = join(root, 'static/build/manifest.json');
  if (!existsSync(file)) throw new AssetsMissingError(`${file} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Assets;
}
