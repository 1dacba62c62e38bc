import { StudyParams } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { studyOf } from '../../studies/studyReads';

/** One Bible study with its sessions, for a member it is shared with. */
export const handler = defineRoute('getStudy', { params: StudyParams, church: true }, async ({ principal, params }) =>
  studyOf(principal, params.studyId),
);
