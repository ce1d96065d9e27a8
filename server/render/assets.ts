import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../i18n/locales';

/** What build.ts wrote: hashed file names of the site script, its CSS and each locale's widget messages. */
export interface Assets {
  siteJs: string;
  siteCss: string;
  embedJs: string;
  messages: Record<Locale, string>;
}

export class AssetsMissingError extends Error {}

export function loadAssets(root: string): Assets {
  const file = join(root, 'static/build/manifest.json');
  if (!existsSync(file)) throw new AssetsMissingError(`${file} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Assets;
}
