/**
 * The directory's reads: what a change to the directory can change (queries.ts), and what the
 * offline copy answers (offline/answers.ts). No imports: both use it, and the copy's code is
 * loaded by the API client.
 */
export const DIRECTORY_READS = [
  'getDashboard',
  'listFamilies',
  'searchDirectory',
  'getFamily',
  'getMember',
  'listGroups',
  'getGroup',
] as const;
