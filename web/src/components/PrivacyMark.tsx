/**
 * The mark beside a detail that not every member can see: administrators (and the family itself)
 * receive the levels, so they know what the rest of the church does not see.
 */
import { LEVEL_MARKS, UNLISTED_MARK, type Level } from '@contract/privacy';
import { cx } from '../lib/classNames';
import styles from './PrivacyMark.module.css';

/** Each level's colour. */
const LEVEL_CLASS: Record<Exclude<Level, 'everyone'>, string | undefined> = {
  groups: styles.privacyMarkGroups,
  admins: styles.privacyMarkAdmins,
};

export function PrivacyMark({ level }: { level: Level | undefined }) {
  if (!level || level === 'everyone') return null;
  const mark = LEVEL_MARKS[level];
  return (
    <span className={cx(styles.privacyMark, LEVEL_CLASS[level])} title={mark.long}>
      <span aria-hidden="true">{mark.short}</span>
      <span className="sr-only">{mark.long}</span>
    </span>
  );
}

export function UnlistedMark({ unlisted }: { unlisted: boolean | undefined }) {
  if (!unlisted) return null;
  return (
    <span className={cx(styles.privacyMark, styles.privacyMarkUnlisted)} title={UNLISTED_MARK.long}>
      <span aria-hidden="true">{UNLISTED_MARK.short}</span>
      <span className="sr-only">{UNLISTED_MARK.long}</span>
    </span>
  );
}
