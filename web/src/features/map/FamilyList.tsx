import { MAP_MESSAGES, type MapFamily } from '@contract/map';
import { familyPath } from '../../lib/paths';
import { FamilyEntry } from './FamilyEntry';
import { familyName, listTitle } from './mapWords';
import styles from './MapPage.module.css';

/** The families on the map, as a list: the way to them by keyboard or screen reader, and without the map. */
export function FamilyList({ families }: { families: readonly MapFamily[] }) {
  return (
    <section className={styles.list} aria-labelledby="map-families">
      <h2 id="map-families" className="amplify-heading amplify-heading--2 section-title">
        {listTitle(families.length)}
      </h2>
      <ul className={styles.listFamilies}>
        {families.map((f) => (
          <li key={f.familyId}>
            <FamilyEntry
              name={familyName(f)}
              to={familyPath(f.familyId)}
              address={f.address}
              note={f.approximate ? MAP_MESSAGES.approximate : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
