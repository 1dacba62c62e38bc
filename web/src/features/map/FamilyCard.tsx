import { MAP_MESSAGES, type MapFamily } from '@contract/map';
import { familyPath } from '../../lib/paths';
import { FamilyEntry } from './FamilyEntry';
import { familiesHere, familyName } from './mapWords';
import styles from './FamilyCard.module.css';

/** A marker's card on the map: its family, or the families of a cluster that never comes apart. */
export function FamilyCard({ families }: { families: readonly MapFamily[] }) {
  return (
    <div className={styles.card}>
      {families.length > 1 && <p className={styles.cardCount}>{familiesHere(families.length)}</p>}
      <ul className={styles.cardFamilies}>
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
    </div>
  );
}
