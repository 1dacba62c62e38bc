/**
 * Privacy choices as the audit trail names them (audit/trail.ts): a family's place in the
 * directory and its own levels, each member's levels, and the church's defaults, each a record of
 * kind 'privacy' whose fields are the shareable details (a level, or null for the church's default).
 */
import type { AuditRecord } from '../contract/audit';
import {
  FAMILY_SHARED_KEYS,
  MEMBER_SHARED_KEYS,
  SHARED_KEYS,
  type Choices,
  type FamilyShared,
  type Levels,
  type MemberShared,
} from '../contract/privacy';
import type { Family, Member } from '../core/entities';
import { recordChange } from '../audit/trail';
import { familyName, memberName } from '../directory/audited';

type FamilyChoices = Choices<FamilyShared> & { listed: boolean; approximateLocation: boolean };

/** The family's place in the directory and its own levels. */
export const familyChoicesChange = (
  family: Pick<Family, 'familyId' | 'surname'>,
  before: FamilyChoices | null,
  after: FamilyChoices,
): AuditRecord | null =>
  recordChange(
    { kind: 'privacy', id: family.familyId, name: familyName(family) },
    ['listed', 'approximateLocation', ...FAMILY_SHARED_KEYS],
    before,
    after,
  );

/** A member's own levels. */
export const memberChoicesChange = (
  member: Pick<Member, 'memberId' | 'name' | 'surname'>,
  before: Choices<MemberShared>,
  after: Choices<MemberShared>,
): AuditRecord | null =>
  recordChange({ kind: 'privacy', id: member.memberId, name: memberName(member) }, MEMBER_SHARED_KEYS, before, after);

/** The church's defaults. */
export const defaultsChange = (orgId: string, before: Levels, after: Levels): AuditRecord | null =>
  recordChange({ kind: 'privacy', id: orgId, name: 'Privacy defaults' }, SHARED_KEYS, before, after);
