import { ChangeRequestParams, DecideChangeInput } from '../../contract/changeRequests';
import { decideChange } from '../../directory/changeDecisions';
import { defineRoute } from '../../platform/wiring/route';

/** Approves a family's change (applied at once) or rejects it with a note (admins). */
export const handler = defineRoute(
  'decideChangeRequest',
  { body: DecideChangeInput, params: ChangeRequestParams },
  async ({ principal, body, params }) => decideChange(principal, params.requestId, body),
);
