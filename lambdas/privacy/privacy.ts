/**
 * Changing who sees what: the church's defaults (administrators) and a family's own choices for
 * itself and its members (the family, or an administrator). One transaction each.
 */
import {
  PRIVACY_MESSAGES,
  type Choices,
  type FamilyPrivacyInput,
  type Levels,
  type PrivacyDefaultsResult,
} from '../contract/privacy';
import { count } from '../platform/metrics';
import { denied, invalid } from '../core/errors';
import { familyToChange } from '../directory/families';
import { keys } from '../core/repos/keys';
import { readChurchPrivacy } from './repos/privacy';
import { ItemType, tableName } from '../core/repos/table';
import { transact, update, type Action, type Step } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';

/** The church must still be there: a church deleted meanwhile gets no orphan privacy item. */
const churchExists = (orgId: string): Action => ({
  ConditionCheck: { TableName: tableName(), Key: keys.org(orgId), ConditionExpression: 'attribute_exists(PK)' },
});

/** Writes to the privacy item, creating it with its type tag if the church never had one. */
const privacyUpdate = (orgId: string, expression: string, values: Record<string, unknown>): Action => ({
  Update: {
    TableName: tableName(),
    Key: keys.privacy(orgId),
    UpdateExpression: expression,
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ...values, ':type': ItemType.privacy, ':org': orgId },
  },
});

export async function churchDefaults(viewer: Viewer): Promise<PrivacyDefaultsResult> {
  if (!viewer.admin) throw denied();
  return { levels: (await readChurchPrivacy(viewer.orgId)).levels };
}

export async function setChurchDefaults(viewer: Viewer, levels: Levels): Promise<void> {
  if (!viewer.admin) throw denied();
  await transact(viewer.orgId, [
    { action: churchExists(viewer.orgId) },
    {
      action: privacyUpdate(viewer.orgId, 'SET levels = :levels, #type = :type, orgId = :org', { ':levels': levels }),
    },
  ]);
  count('PrivacyChanged');
}

/** The choices as stored: only the fields that differ from "as the church decides". */
function chosen<K extends string>(choices: Partial<Record<K, string | null | undefined>>): Choices<K> {
  return Object.fromEntries(Object.entries(choices).filter(([, level]) => level)) as Choices<K>;
}

/** Sets the choices on an item (or removes them all), as a new version: an edit form open on the old one is told. */
function choicesUpdate(key: Record<string, string>, choices: Record<string, unknown>): Action {
  return Object.keys(choices).length
    ? update(key, 'SET privacy = :p ADD version :one', { ':p': choices, ':one': 1 })
    : update(key, 'REMOVE privacy ADD version :one', { ':one': 1 });
}

export async function setFamilyPrivacy(viewer: Viewer, familyId: string, input: FamilyPrivacyInput): Promise<void> {
  const { members } = await familyToChange(viewer, familyId);
  const ids = new Set(members.map((m) => m.memberId));
  if (Object.keys(input.members).some((id) => !ids.has(id))) throw invalid(PRIVACY_MESSAGES.member);
  const unlisted = new Set([familyId]);
  const steps: Step[] = [
    { action: churchExists(viewer.orgId) },
    { action: choicesUpdate(keys.family(viewer.orgId, familyId), chosen(input.family)) },
    ...Object.entries(input.members).map(([memberId, choices]) => ({
      action: choicesUpdate(keys.member(viewer.orgId, familyId, memberId), chosen(choices)),
    })),
    {
      action: privacyUpdate(
        viewer.orgId,
        `SET #type = :type, orgId = :org ${input.unlisted ? 'ADD' : 'DELETE'} unlisted :family`,
        { ':family': unlisted },
      ),
    },
  ];
  await transact(viewer.orgId, steps);
  count('PrivacyChanged');
}
