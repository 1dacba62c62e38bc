import { StudyInput } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { addStudy } from '../../studies/studyWrites';

/** A new Bible study (administrators and group leaders). */
export const handler = defineRoute('addStudy', { body: StudyInput }, async ({ principal, body }) =>
  addStudy(principal, body),
);
