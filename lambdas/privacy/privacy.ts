/**
 * Changing who sees what: the church's defaults (administrators) and a family's own choices for
 * itself and its members (the family, or an administrator). One transaction each.
 */
import { PRIVACY_MESSAGES, type Choices, type FamilyPrivacyInput, type Levels } from '../contract/privacy';
import { count } from '../platform/metrics';
import { denied, invalid } from '../core/errors';
import { familyToChange } from '../directory/families';
import {
  churchExists,
  familyChoicesUpdate,
  memberChoicesUpdate,
  privacyUpdate,
  readChurchPrivacy,
} from './repos/privacy';
import { transact, type Step } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject } from '../audit/trail';
import { familySubject } from '../directory/audited';
import { mustAllowLevels } from './changeRules';
import type { PrivacyDefaultsResult } from '../contract/changeRules';
import { defaultsChange, familyChoicesChange, memberChoicesChange } from './audited';

export async function churchDefaults(viewer: Viewer): Promise<PrivacyDefaultsResult> {
  if (!viewer.admin) throw denied();
  const { levels, rules } = await readChurchPrivacy(viewer.orgId);
  return { levels, rules };
}

export async function setChurchDefaults(viewer: Viewer, levels: Levels): Promise<void> {
  if (!viewer.admin) throw denied();
  const before = (await readChurchPrivacy(viewer.orgId)).levels;
  await transact(viewer.orgId, [
    { action: churchExists(viewer.orgId) },
    {
      action: privacyUpdate(viewer.orgId, 'SET levels = :levels, #type = :type, orgId = :org', { ':levels': levels }),
    },
    auditStep(viewer, churchSubject(viewer.orgId), [defaultsChange(viewer.orgId, before, levels)]),
  ]);
  count('PrivacyChanged');
}

/** The choices as stored: only the fields that differ from "as the church decides". */
function chosen<K extends string>(choices: Partial<Record<K, string | null | undefined>>): Choices<K> {
  return Object.fromEntries(Object.entries(choices).filter(([, level]) => level)) as Choices<K>;
}

export async function setFamilyPrivacy(viewer: Viewer, familyId: string, input: FamilyPrivacyInput): Promise<void> {
  const [{ family, members }, church] = await Promise.all([
    familyToChange(viewer, familyId),
    viewer.church ?? readChurchPrivacy(viewer.orgId),
  ]);
  const ids = new Set(members.map((m) => m.memberId));
  if (Object.keys(input.members).some((id) => !ids.has(id))) throw invalid(PRIVACY_MESSAGES.member);
  const familyChoices = chosen(input.family);
  const memberChoices = Object.entries(input.members).map(([memberId, choices]) => ({
    member: members.find((m) => m.memberId === memberId)!,
    choices: chosen(choices),
  }));
  mustAllowLevels(viewer, church.rules, family.privacy ?? {}, familyChoices);
  for (const { member, choices } of memberChoices) mustAllowLevels(viewer, church.rules, member.privacy ?? {}, choices);
  const unlisted = new Set([familyId]);
  const approximate = family.approximateLocation ?? false;
  const steps: Step[] = [
    { action: churchExists(viewer.orgId) },
    { action: familyChoicesUpdate(viewer.orgId, familyId, familyChoices, input.approximateLocation) },
    ...memberChoices.map(({ member, choices }) => ({
      action: memberChoicesUpdate(viewer.orgId, familyId, member.memberId, choices),
    })),
    {
      action: privacyUpdate(
        viewer.orgId,
        `SET #type = :type, orgId = :org ${input.unlisted ? 'ADD' : 'DELETE'} unlisted :family`,
        { ':family': unlisted },
      ),
    },
    auditStep(viewer, familySubject(family), [
      familyChoicesChange(
        family,
        { listed: !church.unlisted.has(familyId), approximateLocation: approximate, ...family.privacy },
        { listed: !input.unlisted, approximateLocation: input.approximateLocation ?? approximate, ...familyChoices },
      ),
      ...memberChoices.map(({ member, choices }) => memberChoicesChange(member, member.privacy ?? {}, choices)),
    ]),
  ];
  await transact(viewer.orgId, steps);
  count('PrivacyChanged');
}
