/**
 * Families' change requests (requestChange.ts) as administrators decide them: the queue, oldest
 * first, a page at a time; approve, which applies the change by the forms' own writes in one
 * transaction with the decision (refused with a clear message when the record changed since the
 * request); reject, with a note the family reads. A family's own requests, for its page.
 */
import {
  CHANGE_QUEUE_PAGE,
  CHANGE_REQUEST_MESSAGES,
  type DecideChangeInput,
  type DecideChangeResult,
  type ListChangeRequestsResult,
} from '../contract/changeRequests';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { valuesOf } from '../contract/entity';
import { AppError, denied, notFound } from '../core/errors';
import { placeOf, pointerOf } from '../core/pointer';
import { ConditionFailed, transact, type Step } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep } from '../audit/trail';
import { retirePhoto } from '../photos/photo-retiring';
import { familyToChange, updateFamily } from './families';
import { updateMember } from './members';
import { readMember } from './repos/directory';
import { readChangeQueue, readChangeRequest, requestDecided, type ChangeRequest } from './repos/changeRequests';
import { requestRecord } from './requestChange';
import { viewOf } from './changeViews';

export async function changeQueue(viewer: Viewer, after: string | undefined): Promise<ListChangeRequestsResult> {
  if (!viewer.admin) throw denied();
  const page = await readChangeQueue(
    viewer.orgId,
    after ? placeOf(after, CHANGE_REQUEST_MESSAGES.pointer) : null,
    CHANGE_QUEUE_PAGE,
  );
  return {
    success: true,
    requests: await Promise.all(page.requests.map((r) => viewOf(r))),
    next: page.last ? pointerOf(page.last) : null,
  };
}

/** The request's new values over the record as it is now: the forms' input that applies it. */
const asked = (r: ChangeRequest) => Object.fromEntries(r.changes.map((c) => [c.field, c.new]));

const changedSince = () => new AppError('aborted', CHANGE_REQUEST_MESSAGES.changed);

/** A decision whose request another administrator decided meanwhile: said so, nothing written. */
async function transactOrDecided(orgId: string, steps: Step[]): Promise<void> {
  try {
    await transact(orgId, steps);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new AppError('failed-precondition', CHANGE_REQUEST_MESSAGES.decided);
    throw error;
  }
}

async function approve(viewer: Viewer, r: ChangeRequest, decided: ReturnType<typeof requestDecided>) {
  const applied = { changeRequestId: r.requestId, decided };
  if (r.kind === 'family') {
    const { family } = await familyToChange(viewer, r.familyId);
    if (family.version !== r.baseVersion) throw changedSince();
    await updateFamily(
      viewer,
      r.familyId,
      { ...valuesOf(FAMILY_FIELDS, family), ...asked(r), version: r.baseVersion },
      { ...applied, ...(r.photoSize && { askedPhotoSize: r.photoSize }) },
    );
    return;
  }
  const found = await readMember(viewer.orgId, r.recordId);
  if (!found || found.member.version !== r.baseVersion) throw changedSince();
  const { pendingEmail, ...member } = found.member;
  const current = { ...valuesOf(MEMBER_FIELDS, member), email: member.email ?? pendingEmail ?? null };
  await updateMember(viewer, r.recordId, { ...current, ...asked(r), version: r.baseVersion }, applied);
}

export async function decideChange(
  viewer: Viewer,
  requestId: string,
  input: DecideChangeInput,
): Promise<DecideChangeResult> {
  if (!viewer.admin) throw denied();
  const request = await readChangeRequest(viewer.orgId, requestId);
  if (!request) throw notFound(CHANGE_REQUEST_MESSAGES.notFound);
  if (request.status !== 'pending') throw new AppError('failed-precondition', CHANGE_REQUEST_MESSAGES.decided);
  const decision = {
    status: input.approve ? ('approved' as const) : ('rejected' as const),
    decidedAt: new Date().toISOString(),
    decidedBy: viewer.actor?.email ?? '',
    note: input.note ?? null,
  };
  const decided = requestDecided(request, decision);
  if (input.approve) {
    try {
      await approve(viewer, request, decided);
    } catch (error) {
      // The forms' own "someone else changed this" says the same here, in the queue's words.
      if (error instanceof AppError && error.status === 409 && error.message !== CHANGE_REQUEST_MESSAGES.decided)
        throw changedSince();
      throw error;
    }
  } else {
    await transactOrDecided(viewer.orgId, [
      decided,
      auditStep(viewer, { kind: 'family', id: request.familyId, name: request.familyName }, [
        requestRecord(request, 'changed', [
          { field: 'status', old: 'pending', new: 'rejected' },
          { field: 'note', old: null, new: decision.note },
        ]),
      ]),
    ]);
    const photo = request.changes.find((c) => c.field === 'photo')?.new;
    if (typeof photo === 'string') await retirePhoto(viewer.orgId, request.familyId, photo);
  }
  return {
    success: true,
    message: input.approve ? CHANGE_REQUEST_MESSAGES.approved : CHANGE_REQUEST_MESSAGES.rejected,
    request: await viewOf({ ...request, ...decision }),
  };
}
