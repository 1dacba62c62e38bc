import type { Sharing } from '@contract/studies';
import { cx } from '../../lib/classNames';
import { SHARING_MARKS } from './studyWords';
import styles from './studies.module.css';

/** Each sharing's colour. */
const SHARING_CLASS: Record<Sharing, string | undefined> = {
  draft: styles.sharingMarkDraft,
  groups: styles.sharingMarkGroups,
  church: styles.sharingMarkChurch,
};

/** Who reads a study, as a mark: Draft, Shared with groups, Whole church. */
export function SharingMark({ sharing, className }: { sharing: Sharing; className?: string }) {
  return <span className={cx(styles.sharingMark, SHARING_CLASS[sharing], className)}>{SHARING_MARKS[sharing]}</span>;
}
