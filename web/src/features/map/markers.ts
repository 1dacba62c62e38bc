/**
 * The markers on the map: each a <button> over it (a MapLibre Marker with our own element), so
 * that pins and clusters are drawn without the style's glyphs, which the local style has none of,
 * and each is a keyboard stop with a name. Markers still on screen after a move are kept, not
 * drawn again, so a focused pin keeps its focus.
 */
import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { cx } from '../../lib/classNames';
import type { MapMarker } from './clusters';
import styles from './MapMarkers.module.css';

export interface MarkerPresses {
  press(marker: MapMarker, button: HTMLButtonElement): void;
}

export interface MarkerLayer {
  /** Shows these markers, and only these. */
  show(markers: readonly MapMarker[]): void;
  focus(key: string): void;
}

function buttonFor(marker: MapMarker): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', marker.label);
  if (marker.kind === 'cluster') {
    button.className = cx(styles.cluster, marker.count >= 100 && styles.clusterLarge);
    button.textContent = String(marker.count);
  } else {
    button.className = cx(styles.pin, marker.family.approximate && styles.pinApproximate);
  }
  return button;
}

export function markerLayer(map: MapLibreMap, presses: MarkerPresses): MarkerLayer {
  let shown = new Map<string, { marker: Marker; button: HTMLButtonElement }>();
  return {
    show(markers) {
      const next: typeof shown = new Map();
      for (const m of markers) {
        let drawn = shown.get(m.key);
        if (!drawn) {
          const button = buttonFor(m);
          button.addEventListener('click', (event) => {
            // The map's own click would close the card this press opens.
            event.stopPropagation();
            presses.press(m, button);
          });
          drawn = { marker: new Marker({ element: button }).setLngLat(m.position).addTo(map), button };
        }
        next.set(m.key, drawn);
      }
      for (const [key, { marker }] of shown) if (!next.has(key)) marker.remove();
      shown = next;
    },
    focus(key) {
      shown.get(key)?.button.focus();
    },
  };
}
