/**
 * The member map's data (GET /api/map): the church's looked-up families as this viewer may see
 * them, one answer. A family is on it only for a viewer who may see its street address under the
 * one visibility rule (privacy/visibility.ts), so a family left out of the directory, or one whose
 * address this viewer may not read, is neither on it nor counted; a family that chose an
 * approximate location is placed in its square for everyone but itself and administrators.
 */
import type { MapFamily, MapMiss, MapQuery, MapResult } from '../contract/map';
import { GROUP_MESSAGES } from '../contract/groups';
import type { Family } from '../core/entities';
import { notFound } from '../core/errors';
import type { Viewer } from '../core/viewer';
import { churchOf, sightOf } from '../directory/sight';
import { familyGroupIds } from '../groups/repos/groupMarks';
import { readGroupList } from '../groups/repos/groups';
import { seesFamilyDetail, type Audience } from '../privacy/visibility';
import { addressLine, currentLocation, placeLine } from './address';
import { approximatePosition } from './approximate';
import { readLocatedFamilies } from './repos/locations';

/** The family on this viewer's map, or null when it is not there for it. */
function mapFamily(audience: Audience, family: Family): MapFamily | null {
  const position = currentLocation(family)?.position;
  if (!position) return null;
  const exact = !family.approximateLocation || audience.admin || audience.familyId === family.familyId;
  return {
    familyId: family.familyId,
    surname: family.surname,
    position: exact ? position : approximatePosition(position),
    approximate: !exact,
    address: exact ? addressLine(family) : placeLine(family),
  };
}

/** An address that could not be placed, for administrators. */
function missOf(family: Family): MapMiss | null {
  const missed = currentLocation(family)?.missed;
  return missed
    ? { familyId: family.familyId, surname: family.surname, address: addressLine(family), reason: missed }
    : null;
}

export async function memberMap(viewer: Viewer, query: MapQuery): Promise<MapResult> {
  const [church, families, groups] = await Promise.all([
    churchOf(viewer),
    readLocatedFamilies(viewer.orgId),
    readGroupList(viewer.orgId),
  ]);
  // Another church's group, or none, is not found, as a group page answers it.
  if (query.group && !groups.some((g) => g.groupId === query.group)) throw notFound(GROUP_MESSAGES.groupNotFound);
  const { audience } = await sightOf(viewer, church);
  const shown = families.filter(
    (f) => seesFamilyDetail(audience, church, f, 'street') && (!query.group || familyGroupIds(f).has(query.group)),
  );
  return {
    families: shown.map((f) => mapFamily(audience, f)).filter((f) => f !== null),
    groups: groups
      .map((g) => ({ groupId: g.groupId, groupName: g.groupName, mine: audience.groups.has(g.groupId) }))
      // Already in name order: a stable sort puts the viewer's own first.
      .sort((a, b) => Number(b.mine) - Number(a.mine)),
    missed: viewer.admin ? families.map(missOf).filter((m) => m !== null) : null,
  };
}
