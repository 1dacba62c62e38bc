import { MapQuery } from '../../contract/map';
import { memberMap } from '../../map/memberMap';
import { defineRoute } from '../../platform/wiring/route';

/** The member map's families as this member may see them, optionally one group's. */
export const handler = defineRoute('getMap', { query: MapQuery, church: true }, async ({ principal, query }) =>
  memberMap(principal, query),
);
