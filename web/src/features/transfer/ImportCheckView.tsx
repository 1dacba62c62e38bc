/**
 * What the dry run found, as the administrator reads it before importing: what would be created,
 * updated and left alone, the groups it would create and the members it would put in groups, the
 * rows left out and why (with their lines), what was read with
 * something left out, the duplicates, the columns the directory has no place for, and the columns
 * as read, each of which may be chosen by hand (then the file is checked again).
 */
import { IMPORT_TARGETS, type ImportTarget } from '@contract/imports';
import type { ImportCheck } from '@contract/importJobs';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage } from '../../components/StatusMessage';
import styles from './TransferPage.module.css';

const n = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

function Lines({ title, lines, total }: { title: string; lines: { line: number; message: string }[]; total: number }) {
  if (!total) return null;
  return (
    <details className={styles.lineGroup} open={total <= 10}>
      <summary>
        {title} ({total.toLocaleString()})
      </summary>
      <ul className={styles.lines}>
        {lines.map((l, i) => (
          <li key={`${l.line}-${i}`}>{l.message}</li>
        ))}
      </ul>
      {total > lines.length && <p className={styles.quiet}>and {(total - lines.length).toLocaleString()} more.</p>}
    </details>
  );
}

export function ImportCheckView({
  check,
  mapping,
  onMapping,
  disabled,
  onCheckAgain,
}: {
  check: ImportCheck;
  mapping: Record<string, ImportTarget | null>;
  onMapping: (mapping: Record<string, ImportTarget | null>) => void;
  disabled: boolean;
  onCheckAgain: () => void;
}) {
  const { families, members, groups, roles } = check.counts;
  const used = new Map(check.mapping.map((m) => [m.index, m.target]));
  return (
    <div className={styles.checkView}>
      {check.refusal && <StatusMessage status={{ kind: 'error', text: check.refusal }} />}
      {check.needsMapping ? (
        <StatusMessage status={{ kind: 'warning', text: check.needsMapping }} />
      ) : (
        <ul className={styles.counts} aria-label="What the import would do">
          <li>
            Create {n(families.created, 'family', 'families')} with {n(members.created, 'member', 'members')}, and{' '}
            {n(groups.created, 'group', 'groups')}
          </li>
          <li>
            Update {n(families.updated, 'family', 'families')} ({n(members.updated, 'member', 'members')} changed)
          </li>
          <li>
            Leave {n(families.unchanged, 'family', 'families')} as {families.unchanged === 1 ? 'it is' : 'they are'}
          </li>
          <li>Add {n(roles.added, 'group membership', 'group memberships')}</li>
        </ul>
      )}
      <Lines
        title="Groups to create"
        lines={check.newGroups.map((name, i) => ({ line: i, message: name }))}
        total={groups.created}
      />
      <Lines title="Rows left out" lines={check.problems} total={check.problemCount} />
      <Lines title="Read with something left out" lines={check.notes} total={check.noteCount} />
      <Lines
        title="The same person or family more than once"
        lines={check.duplicates.map((d) => ({ line: d.lines[0] ?? 0, message: d.message }))}
        total={check.duplicates.length}
      />
      {check.extraColumns.length > 0 && (
        <p>Columns the directory has no place for, left out: {check.extraColumns.join(', ')}.</p>
      )}
      <details className={styles.lineGroup} open={Boolean(check.needsMapping)}>
        <summary>Columns</summary>
        <table className={styles.mapping}>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">First values</th>
              <th scope="col">Holds</th>
            </tr>
          </thead>
          <tbody>
            {check.columns.map((c) => {
              const chosen = String(c.index) in mapping ? mapping[String(c.index)] : (used.get(c.index) ?? null);
              const name = c.header ?? `Column ${c.index + 1}`;
              return (
                <tr key={c.index}>
                  <th scope="row">{name}</th>
                  <td>{c.samples.filter(Boolean).join(', ')}</td>
                  <td>
                    <select
                      aria-label={`What ${name} holds`}
                      value={chosen ?? ''}
                      disabled={disabled}
                      onChange={(e) =>
                        onMapping({ ...mapping, [String(c.index)]: (e.target.value || null) as ImportTarget | null })
                      }
                    >
                      <option value="">Leave out</option>
                      {IMPORT_TARGETS.map((t) => (
                        <option key={t.key} value={t.key}>
                          {t.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <PlainButton disabled={disabled} onClick={onCheckAgain}>
          Check again
        </PlainButton>
      </details>
    </div>
  );
}
