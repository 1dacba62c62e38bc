/**
 * The map itself: MapLibre with the deployment's style, the families as pins and clusters, and a
 * family's card. Only the map page loads this module (MemberMap.tsx imports it when it draws), so
 * MapLibre and Supercluster are in chunks of their own and no other page fetches them.
 */
import { Map as MapLibreMap, NavigationControl, Popup, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// Bundled as a worker of our own origin: the Content-Security-Policy has no worker-src, so
// script-src 'self' decides, and MapLibre's default (a blob: copy of a worker it fetches) is refused.
// A .js file, unlike the package's .mjs, is served as JavaScript by every server of ours.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import type { MapFamily, Position } from '@contract/map';
import { boundsOf, indexFamilies, markerHolding, MAX_ZOOM, type MapMarker } from './clusters';
import { markerLayer } from './markers';

setWorkerUrl(workerUrl);

/** Where the map starts until the families are in: the contiguous United States. */
const START = { center: [-98.5, 39.8] as Position, zoom: 3 };
/** A lone family, or a few on one street, are shown in their neighbourhood, not a single house. */
const FIT = { padding: 48, maxZoom: 14, animate: false };

export interface MapEvents {
  /** A pin, or a cluster that never comes apart, was pressed: the card of its families, at the marker. */
  onOpen(families: MapFamily[], at: Position, from: HTMLElement): void;
}

export interface DrawnMap {
  /** Shows these families, and fits the map to them. */
  show(families: readonly MapFamily[]): void;
  /** The card at a place; `onClosed` when the person closes it (its button, Escape), not when this code does. */
  openCard(at: Position, content: HTMLElement, onClosed: () => void): void;
  closeCard(): void;
  remove(): void;
}

/** Throws when the browser cannot draw (no WebGL 2). */
export function drawMap(container: HTMLElement, style: string, events: MapEvents): DrawnMap {
  const map = new MapLibreMap({
    container,
    style: new URL(style, window.location.href).href,
    ...START,
    maxZoom: MAX_ZOOM,
    renderWorldCopies: false,
    // North stays up: the markers and the list read the same way round.
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    // On a phone one finger scrolls the page past the map; two move the map.
    cooperativeGestures: window.matchMedia('(pointer: coarse)').matches,
    attributionControl: { compact: true },
    locale: { 'Map.Title': 'Map of the families' },
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }));

  let index = indexFamilies([]);
  /** After a cluster opened from the keyboard: the family whose marker takes the focus. */
  let focusNext: string | null = null;

  function press(marker: MapMarker, button: HTMLButtonElement) {
    if (marker.kind === 'family') return events.onOpen([marker.family], marker.position, button);
    const families = index.familiesOf(marker.clusterId);
    if (marker.opensAt === null) return events.onOpen(families, marker.position, button);
    if (button === document.activeElement) focusNext = families[0]?.familyId ?? null;
    map.easeTo({ center: marker.position, zoom: marker.opensAt });
  }
  const layer = markerLayer(map, { press });

  function redraw() {
    const b = map.getBounds();
    const markers = index.markers([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom());
    layer.show(markers);
    if (focusNext) {
      const holding = markerHolding(index, markers, focusNext);
      focusNext = null;
      if (holding) layer.focus(holding.key);
    }
  }
  map.on('moveend', redraw);

  let popup: { card: Popup; closed: () => void } | null = null;
  const closeCard = () => {
    if (!popup) return;
    popup.card.off('close', popup.closed);
    popup.card.remove();
    popup = null;
  };

  return {
    show(families) {
      index = indexFamilies(families);
      if (families.length) map.fitBounds(boundsOf(families), FIT);
      redraw();
    },
    openCard(at, content, onClosed) {
      closeCard();
      const card = new Popup({ maxWidth: '18rem', offset: 20 }).setLngLat(at).setDOMContent(content);
      const closed = () => {
        popup = null;
        onClosed();
      };
      card.on('close', closed);
      popup = { card, closed };
      card.addTo(map);
      // Escape closes it as the close button does, wherever in the card the focus is.
      card.getElement().addEventListener('keydown', (event) => {
        if (event.key === 'Escape') card.remove();
      });
    },
    closeCard,
    remove() {
      closeCard();
      map.remove();
    },
  };
}
