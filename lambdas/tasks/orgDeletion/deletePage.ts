/** Tasks DeleteUsers and DeleteItems: one page of the organisation's accounts/user records, or of its other items. */
import { deletePageStep } from '../../jobs/orgDeletion';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('orgDeletion/deletePage', deletePageStep);
