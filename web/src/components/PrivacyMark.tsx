/**
 * The mark beside a detail that not every member can see: administrators (and the family itself)
 * receive the levels, so they know what the rest of the church does not see.
 */
import { LEVEL_MARKS, UNLISTED_MARK, type Level } from '@contract/privacy';

export function PrivacyMark({ level }: { level: Level | undefined }) {
  if (!level || level === 'everyone') return null;
  const mark = LEVEL_MARKS[level];
  return (
    <span className={`privacy-mark privacy-mark--${level}`} title={mark.long}>
      <span aria-hidden="true">{mark.short}</span>
      <span className="sr-only">{mark.long}</span>
    </span>
  );
}

export function UnlistedMark({ unlisted }: { unlisted: boolean | undefined }) {
  if (!unlisted) return null;
  return (
    <span className="privacy-mark privacy-mark--unlisted" title={UNLISTED_MARK.long}>
      <span aria-hidden="true">{UNLISTED_MARK.short}</span>
      <span className="sr-only">{UNLISTED_MARK.long}</span>
    </span>
  );
}
