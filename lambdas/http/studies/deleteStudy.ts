import { STUDY_MESSAGES, StudyParams } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { deleteStudy } from '../../studies/studyChanges';

export const handler = defineRoute('deleteStudy', { params: StudyParams }, async ({ principal, params }) => {
  await deleteStudy(principal, params.studyId);
  return { success: true, message: STUDY_MESSAGES.deleted };
});
