import type { RootDef } from './catalog-data';
import { HOME_DEPARTMENTS } from './catalog-tree-home';
import { LEISURE_DEPARTMENTS } from './catalog-tree-leisure';

/** The demo category tree, root by root in the order the menu shows them. */
export const CATALOG: RootDef[] = [...HOME_DEPARTMENTS, ...LEISURE_DEPARTMENTS];
