/**
 * Which markers the map shows at a view: a family's pin, or a cluster of the families too close
 * together to tell apart at that zoom. Pure (no map, no DOM), so the rules are tested alone; only
 * the map's lazy chunk imports it, with Supercluster.
 */
import Supercluster from 'supercluster';
import type { MapFamily, Position } from '@contract/map';
import { clusterLabel, pinLabel } from './mapWords';

/**
 * The deepest zoom the map goes to, and at which clusters still form: families at one address (or
 * in one approximate square) never come apart, so there a cluster lists them instead of zooming.
 */
export const MAX_ZOOM = 16;

/** [west, south, east, north], in degrees. */
export type Bounds = [number, number, number, number];

export type MapMarker =
  | { kind: 'family'; key: string; position: Position; family: MapFamily; label: string }
  | {
      kind: 'cluster';
      key: string;
      position: Position;
      clusterId: number;
      count: number;
      /** The zoom at which it comes apart, or null when it never does (then it lists its families). */
      opensAt: number | null;
      label: string;
    };

export interface FamilyIndex {
  markers(bounds: Bounds, zoom: number): MapMarker[];
  /** The families a cluster holds, in surname order. */
  familiesOf(clusterId: number): MapFamily[];
}

/**
 * Radius in pixels of the map's 512-pixel tiles (Supercluster's extent below): two markers closer
 * than this become one cluster, so buttons (at most 52 px across) seldom overlap.
 */
const RADIUS = 60;

export function indexFamilies(families: readonly MapFamily[]): FamilyIndex {
  const byId = new Map(families.map((f) => [f.familyId, f]));
  const order = new Map(families.map((f, i) => [f.familyId, i]));
  const index = new Supercluster<{ familyId: string }>({ radius: RADIUS, extent: 512, maxZoom: MAX_ZOOM });
  index.load(
    families.map((f) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: f.position },
      properties: { familyId: f.familyId },
    })),
  );
  const familyOf = (id: string) => byId.get(id)!;

  return {
    markers(bounds, zoom) {
      return index.getClusters(bounds, Math.floor(zoom)).map((feature): MapMarker => {
        const position = feature.geometry.coordinates as Position;
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const expansion = index.getClusterExpansionZoom(props.cluster_id);
          const opensAt = expansion <= MAX_ZOOM ? expansion : null;
          return {
            kind: 'cluster',
            key: `c:${props.cluster_id}`,
            position,
            clusterId: props.cluster_id,
            count: props.point_count,
            opensAt,
            label: clusterLabel(props.point_count, opensAt !== null),
          };
        }
        const family = familyOf((props as { familyId: string }).familyId);
        return { kind: 'family', key: `f:${family.familyId}`, position, family, label: pinLabel(family) };
      });
    },
    familiesOf(clusterId) {
      return index
        .getLeaves(clusterId, Infinity)
        .map((leaf) => familyOf(leaf.properties.familyId))
        .sort((a, b) => order.get(a.familyId)! - order.get(b.familyId)!);
    },
  };
}

/** The marker that shows `familyId` now: its pin, or the cluster it is in. */
export function markerHolding(index: FamilyIndex, markers: readonly MapMarker[], familyId: string) {
  return markers.find((m) =>
    m.kind === 'family'
      ? m.family.familyId === familyId
      : index.familiesOf(m.clusterId).some((f) => f.familyId === familyId),
  );
}

/** The smallest box around the families, for the map to fit on load ([[west, south], [east, north]]). */
export function boundsOf(families: readonly MapFamily[]): [Position, Position] {
  const lngs = families.map((f) => f.position[0]);
  const lats = families.map((f) => f.position[1]);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
