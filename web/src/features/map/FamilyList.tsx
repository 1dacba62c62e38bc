import type { MapFamily } from '@contract/map';
import { MapFamilyEntries } from './FamilyEntry';
import { listTitle } from './mapWords';
import styles from './MapPage.module.css';

/** The families on the map, as a list: the way to them by keyboard or screen reader, and without the map. */
export function FamilyList({ families }: { families: readonly MapFamily[] }) {
  return (
    <section className={styles.list} aria-labelledby="map-families">
      <h2 id="map-families" className="amplify-heading amplify-heading--2 section-title">
        {listTitle(families.length)}
      </h2>
      <MapFamilyEntries families={families} className={styles.listFamilies} />
    </section>
  );
}
