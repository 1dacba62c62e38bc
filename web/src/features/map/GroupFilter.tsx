import type { MapGroup } from '@contract/map';
import styles from './MapPage.module.css';

function options(groups: readonly MapGroup[]) {
  return groups.map((g) => (
    <option key={g.groupId} value={g.groupId}>
      {g.groupName}
    </option>
  ));
}

/** Which families the map shows: all, or one group's; the person's own groups first. */
export function GroupFilter({
  groups,
  value,
  onChange,
}: {
  groups: readonly MapGroup[];
  value: string;
  onChange: (groupId: string) => void;
}) {
  const mine = groups.filter((g) => g.mine);
  const others = groups.filter((g) => !g.mine);
  return (
    <label className={styles.filter}>
      <span>Show</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All families</option>
        {mine.length ? (
          <>
            <optgroup label="My groups">{options(mine)}</optgroup>
            {others.length > 0 && <optgroup label="Other groups">{options(others)}</optgroup>}
          </>
        ) : (
          options(others)
        )}
      </select>
    </label>
  );
}
