/** What the Bible study pages say beside the contract's messages (STUDY_MESSAGES): marks, counts, help. */
import type { Sharing, StudyGroupView } from '@contract/studies';

/** Each sharing's mark on a study's card and page. */
export const SHARING_MARKS: Record<Sharing, string> = {
  draft: 'Draft',
  groups: 'Shared with groups',
  church: 'Whole church',
};

/** Each sharing as the editor offers it. */
export const SHARING_CHOICES: Record<Sharing, { label: string; hint: string }> = {
  draft: { label: 'Draft', hint: 'Only you and the administrators can read it.' },
  groups: { label: 'Chosen groups', hint: 'The members of the groups you choose can read it.' },
  church: { label: 'Whole church', hint: 'Every member of the church can read it.' },
};

export const STUDY_TEXTS = {
  write: 'Write a study',
  more: 'More studies',
  loadingMore: 'Loading more studies...',
  loading: 'Loading the Bible studies...',
  loadingStudy: 'Loading the study...',
  newTitle: 'Write a Bible Study',
  editTitle: 'Edit Bible Study',
  discuss: 'Discuss',
  read: 'Read',
  noSessions: 'This study has no sessions yet.',
  noItems: 'Nothing in this session yet.',
  markdownHint: '**bold**, *italic*, lists with -, links like [text](https://…)',
  referenceHint: 'For example John 3:16-18 or Psalm 23.',
  readingSiteLabel: 'Reading site',
  readingSiteHint:
    'Where a Bible reference opens, with {passage} where the reference goes, e.g. https://www.biblegateway.com/passage/?search={passage}',
  readingSiteNone: 'Leave it empty and references are shown without a link.',
  addFile: 'Add file',
  file: 'File',
  chooseFile: 'Choose file',
  chooseAnother: 'Choose another file',
  noFile: 'No file chosen yet.',
  fileHint: 'A PDF up to 10 MB, or a JPEG, PNG, WebP or GIF picture (a large picture is made smaller first).',
  fileName: 'Name',
  fileNameHint: 'Readers see the file under this name.',
  uploading: (percent: number) => `Uploading... ${percent}%`,
  checking: 'Checking the file...',
  fileReady: 'Ready:',
  picture: 'Picture',
  /** Save pressed while a file is still on its way. */
  fileBusy: 'Please wait until your file has uploaded and been checked, then save again.',
} as const;

/** "PDF, 3 pages", "PDF, 1 page", or "PDF" when its pages are not known. */
export const pdfText = (pages: number | null) => (pages ? `PDF, ${pages} ${pages === 1 ? 'page' : 'pages'}` : 'PDF');

/** "No sessions", "1 session", "12 sessions". */
export const sessionCountText = (count: number) =>
  count === 0 ? 'No sessions' : `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** "Shared with Choir and Youth Group", as a study's page says who reads it. */
export function sharedWithText(sharing: Sharing, groups: readonly StudyGroupView[]): string {
  if (sharing === 'draft') return 'Draft: only its author and the administrators can read it.';
  if (sharing === 'church') return 'Shared with the whole church.';
  const names = groups.map((g) => g.groupName);
  // Its groups were deleted since: it reaches no member until a writer shares it again.
  if (names.length === 0) return 'Shared with no group: only its author and the administrators can read it.';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Shared with ${list}.`;
}

/** Deleting a study needs the browser's confirmation, as every delete does. */
export const confirmStudyDelete = (title: string) =>
  window.confirm(`Delete the study "${title}" and all its sessions? This cannot be undone.`);
