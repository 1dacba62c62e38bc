import { Link } from 'react-router-dom';
import styles from './FamilyEntry.module.css';

/** One family as the map page lists it (its list, a marker's card, the addresses not found): a link, its address, a note. */
export function FamilyEntry({ name, to, address, note }: { name: string; to: string; address: string; note?: string }) {
  return (
    <>
      <Link to={to} className={styles.entryName}>
        {name}
      </Link>
      <span className={styles.entryAddress}>{address}</span>
      {note && <span className={styles.entryNote}>{note}</span>}
    </>
  );
}
