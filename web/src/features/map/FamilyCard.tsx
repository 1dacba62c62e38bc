import type { MapFamily } from '@contract/map';
import { MapFamilyEntries } from './FamilyEntry';
import { familiesHere } from './mapWords';
import styles from './FamilyCard.module.css';

/** A marker's card on the map: its family, or the families of a cluster that never comes apart. */
export function FamilyCard({ families }: { families: readonly MapFamily[] }) {
  return (
    <div className={styles.card}>
      {families.length > 1 && <p className={styles.cardCount}>{familiesHere(families.length)}</p>}
      <MapFamilyEntries families={families} className={styles.cardFamilies} />
    </div>
  );
}
