/** Tasks DeleteUsers and DeleteItems: one page of the organisation's accounts/user records, or of its other items. */
import { deletePageStep, type DeletionStep } from '../../domain/orgDeletion';
import type { DeletionPhase } from '../../domain/repos/orgDeletion';

export const handler = (event: DeletionStep & { phase: DeletionPhase }) => deletePageStep(event);
