/**
 * The groups files of a program that exports its groups apart from its people (Breeze's tags,
 * ChurchApps' groups and group members: IMPORT_PRESETS' groupsFiles), offered only when such a
 * program is chosen; uploaded and checked with the people file.
 */
import { useId } from 'react';
import { IMPORT_PRESETS, MAX_GROUPS_FILES, type ImportPresetKey } from '@contract/imports';
import { IMPORT_FILE_ACCEPT } from '@contract/importJobs';
import styles from './TransferPage.module.css';

/** What the program gives its groups in; null: its people file holds them (or no program is chosen). */
export const groupsFilesOf = (preset: ImportPresetKey | '') =>
  IMPORT_PRESETS.find((p) => p.key === preset)?.groupsFiles ?? null;

export function GroupsFilesField({
  preset,
  disabled,
  onChange,
}: {
  preset: ImportPresetKey | '';
  disabled: boolean;
  onChange: (files: File[]) => void;
}) {
  const id = useId();
  const described = groupsFilesOf(preset);
  if (!described) return null;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Groups file (optional)</label>
      <input
        id={id}
        type="file"
        multiple
        accept={IMPORT_FILE_ACCEPT}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange([...(e.target.files ?? [])])}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        Add {described} (up to {MAX_GROUPS_FILES} files): its groups are created and their members put in them.
      </p>
    </div>
  );
}
