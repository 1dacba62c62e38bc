import { Link } from 'react-router-dom';
import { MAP_MESSAGES, type MapFamily } from '@contract/map';
import { familyPath } from '../../lib/paths';
import { familyName } from './mapWords';
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

/** Families on the map as entries, each to its page (the list beside the map, a marker's card). */
export function MapFamilyEntries({ families, className }: { families: readonly MapFamily[]; className?: string }) {
  return (
    <ul className={className}>
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
  );
}
