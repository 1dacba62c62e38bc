import { MAP_MESSAGES, type MapMiss } from '@contract/map';
import { familyEditPath } from '../../lib/paths';
import { FamilyEntry } from './FamilyEntry';
import { familyName } from './mapWords';
import styles from './MapPage.module.css';

/** Administrators: the addresses the lookup could not place, each to its family's form to correct it. */
export function MissedList({ missed }: { missed: readonly MapMiss[] }) {
  return (
    <section className={styles.missed} aria-labelledby="map-missed">
      <h2 id="map-missed" className="amplify-heading amplify-heading--2 section-title">
        {MAP_MESSAGES.missedTitle}
      </h2>
      <p>{MAP_MESSAGES.missedIntro}</p>
      <ul className={styles.listFamilies}>
        {missed.map((m) => (
          <li key={m.familyId}>
            <FamilyEntry
              name={familyName(m)}
              to={familyEditPath(m.familyId)}
              address={m.address}
              note={m.reason === 'failed' ? MAP_MESSAGES.failedNote : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
