/**
 * Member Maps: where the church's families live, for the map page (GET /api/map). A family's
 * address is looked up on the server (lambdas/map/) and kept on the family; the page shows the
 * families this viewer may see at their address under the one visibility rule. No AWS imports:
 * bundled into the browser.
 */
import * as z from 'zod/mini';
import { Id } from './directory';

/** `group`: only the families with someone in that group ("show my small group"). */
export const MapQuery = z.object({ group: z.optional(Id) });
export type MapQuery = z.output<typeof MapQuery>;

/** [longitude, latitude], in GeoJSON's order. */
export type Position = [number, number];

export interface MapFamily {
  familyId: string;
  surname: string;
  /**
   * The family's point. For a family that chose an approximate location, everyone but the family
   * and administrators gets the middle of the few-hundred-metre square its address lies in.
   */
  position: Position;
  /** True when `position` is that square's middle, not the address. */
  approximate: boolean;
  /**
   * The address as this viewer may read it on the family's card: street, city, state and zip code;
   * only the city and state for an approximate location, whose street would give the point away.
   */
  address: string;
}

/** An address the lookup could not place: administrators see these, to correct them. */
export interface MapMiss {
  familyId: string;
  surname: string;
  address: string;
  /** `notFound`: no such address; `failed`: the lookup service failed, and is tried again. */
  reason: 'notFound' | 'failed';
}

export interface MapGroup {
  groupId: string;
  groupName: string;
  /** The viewer's member is in it: offered first ("my groups"). */
  mine: boolean;
}

export interface MapResult {
  /** The families on the map, in surname order. */
  families: MapFamily[];
  /** The church's groups, for the filter: the viewer's own first, then by name. */
  groups: MapGroup[];
  /** Administrators only (null for everyone else): the addresses that could not be placed. */
  missed: MapMiss[] | null;
}

/** How far an approximate location may lie from the address: half the diagonal of its square. */
export const APPROXIMATE_METRES = 400;

export const MAP_MESSAGES = {
  title: 'Member Map',
  intro: 'See where your church family lives, to plan visits, care teams and carpools.',
  empty: 'No families are on the map yet.',
  emptyGroup: 'No family in this group is on the map.',
  approximate: 'Approximate location',
  approximateChoice: 'Show our family on the map near our address, not at it (within a few hundred metres).',
  missedTitle: 'Addresses we could not find',
  missedIntro: 'These families are not on the map. Check their addresses: a corrected address is looked up again.',
  failedNote: 'The lookup failed; it will be tried again.',
  noMap: 'Your browser cannot draw the map. The families are listed below.',
} as const;
