import { StudyParams } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { studyHandout } from '../../studies/handout';

/** A Bible study printed as a PDF handout, for a member it is shared with. */
export const handler = defineRoute('printStudyHandout', { params: StudyParams }, async ({ principal, params }) =>
  studyHandout(principal, params.studyId),
);
