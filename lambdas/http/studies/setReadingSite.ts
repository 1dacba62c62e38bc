import { ReadingSiteInput, STUDY_MESSAGES } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { setReadingSite } from '../../studies/readingSite';

/** Where the church's Bible references open (administrators). */
export const handler = defineRoute('setReadingSite', { body: ReadingSiteInput }, async ({ principal, body }) => {
  await setReadingSite(principal, body.readingSite);
  return { success: true, message: STUDY_MESSAGES.readingSiteSaved };
});
