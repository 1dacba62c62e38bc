import { StudyParams, UpdateStudyInput } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { updateStudy } from '../../studies/studyUpdates';

/** A Bible study changed, over the version its writer read. */
export const handler = defineRoute(
  'updateStudy',
  { params: StudyParams, body: UpdateStudyInput },
  async ({ principal, params, body }) => updateStudy(principal, params.studyId, body),
);
