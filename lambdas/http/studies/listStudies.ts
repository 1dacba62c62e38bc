import { ListStudiesQuery } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { studyList } from '../../studies/studyReads';

/** A page of the Bible studies this member may read, newest first. */
export const handler = defineRoute(
  'listStudies',
  { query: ListStudiesQuery, church: true },
  async ({ principal, query }) => studyList(principal, query),
);
