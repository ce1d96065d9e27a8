import { COLOURS, SIZES } from './attributes-data';
import type { OptionIds } from './catalog';
import type { Draft } from './product-text';
import type { Rng } from './random';

/** What a family of variants differs in, and the filter options each product (or variant) gets. */

const COLOUR_INDEX = new Map(COLOURS.map((c, i) => [c.key, i]));

function packIndex(d: Draft): number {
  const n = d.leaf.specs.length;
  if (d.spec < 0 || n < 2) return 1;
  const at = d.spec / (n - 1);
  return at < 1 / 3 ? 0 : at <= 2 / 3 ? 1 : 2;
}

/** The filter options of a product: its brand, colour, material, size, purpose and pack, where its leaf filters by them. */
export function optionIdsOf(options: OptionIds, d: Draft, isSet: boolean): number[] {
  const a = d.leaf.attrs;
  const ids: number[] = [];
  if (a.has('znacka')) ids.push(options.znacka.get(d.brand)!);
  if (a.has('farba') && d.colour) ids.push(options.farba[COLOUR_INDEX.get(d.colour.key)!]);
  if (a.has('material') && d.material) ids.push(options.material.get(d.material)!);
  if (a.has('velkost') && d.size >= 0) ids.push(options.velkost[d.size]);
  if (a.has('urcenie') && d.purpose >= 0) ids.push(options.urcenie[d.purpose]);
  if (a.has('balenie')) ids.push(options.balenie[isSet ? 3 : packIndex(d)]);
  return ids;
}

export interface Axis {
  kind: 'farba' | 'velkost' | 'spec';
  values: number[];
  apply(d: Draft, value: number): Draft;
}

/** What the variants differ in: colour where the leaf filters by colour, else size, else capacity. */
export function variantAxis(r: Rng, d: Draft, count: number): Axis | null {
  if (count < 2) return null;
  const sorted = (n: number) => r.sample([...Array(n).keys()], Math.min(count, n)).sort((a, b) => a - b);
  if (d.colour) return { kind: 'farba', values: sorted(COLOURS.length), apply: (x, v) => ({ ...x, colour: COLOURS[v] }) };
  if (d.size >= 0 && d.spec < 0) return { kind: 'velkost', values: sorted(SIZES.length), apply: (x, v) => ({ ...x, size: v }) };
  if (d.leaf.specs.length >= 2) return { kind: 'spec', values: sorted(d.leaf.specs.length), apply: (x, v) => ({ ...x, spec: v }) };
  return null;
}
