/**
 * The map style the local stack gives the member map instead of Amazon Location's (which needs an
 * account and the internet): no tiles, no fonts, only the outlines of the US states and counties
 * from the US Census (the us-atlas package, TopoJSON turned into GeoJSON once at start), so the
 * demo church's pins stand on a real map. The same MapLibre style format as AWS's: the page cannot
 * tell the two apart.
 */
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
import counties from 'us-atlas/counties-10m.json' with { type: 'json' };

/** Served beside the style, so the style itself stays small. */
export const MAP_OUTLINES_PATH = '/_local/map/outlines.json';
export const MAP_STYLE_PATH = '/_local/map/style.json';

let outlines: string | undefined;

/** The states as areas, and the county borders as lines, in one GeoJSON FeatureCollection. */
export function mapOutlines(): string {
  if (outlines) return outlines;
  const topology = counties as unknown as Topology<{ states: GeometryCollection; counties: GeometryCollection }>;
  const states = feature(topology, topology.objects.states);
  const borders = mesh(topology, topology.objects.counties, (a, b) => a !== b);
  outlines = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      ...states.features.map((f) => ({
        ...f,
        properties: { kind: 'state', name: (f.properties as { name?: string } | null)?.name ?? '' },
      })),
      { type: 'Feature', geometry: borders, properties: { kind: 'county-border' } },
    ],
  });
  return outlines;
}

/** The style, pointing at the outlines on the same gateway. */
export function mapStyle(gatewayUrl: string) {
  return {
    version: 8,
    name: 'Local outlines',
    sources: { outlines: { type: 'geojson', data: `${gatewayUrl}${MAP_OUTLINES_PATH}` } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#dbe8f0' } },
      {
        id: 'states',
        type: 'fill',
        source: 'outlines',
        filter: ['==', ['get', 'kind'], 'state'],
        paint: { 'fill-color': '#f6f4ee', 'fill-outline-color': '#9a9588' },
      },
      {
        id: 'counties',
        type: 'line',
        source: 'outlines',
        filter: ['==', ['get', 'kind'], 'county-border'],
        paint: { 'line-color': '#cfc9bb', 'line-width': 0.6 },
      },
      {
        id: 'state-borders',
        type: 'line',
        source: 'outlines',
        filter: ['==', ['get', 'kind'], 'state'],
        paint: { 'line-color': '#9a9588', 'line-width': 1.2 },
      },
    ],
  };
}
