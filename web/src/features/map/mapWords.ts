/** The map page's own words: its markers', its card's and its list's. */
import type { MapFamily } from '@contract/map';

/** A family as every directory page names it. */
export const familyName = (family: Pick<MapFamily, 'surname'>) => `${family.surname} Family`;

/** A pin's name to a screen reader: an approximate one says so, as its card does. */
export const pinLabel = (family: MapFamily) =>
  family.approximate ? `${familyName(family)}, approximate location` : familyName(family);

/** A cluster's name: what pressing it does (zoom in, or list families that never come apart). */
export const clusterLabel = (count: number, opens: boolean) => `${count} families, ${opens ? 'zoom in' : 'show them'}`;

export const familiesHere = (count: number) => `${count} families here`;

export const listTitle = (count: number) => `Families on the map (${count})`;
