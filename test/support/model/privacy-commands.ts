/**
 * Commands on who may see what: the church's defaults (its administrator), and a family's choices
 * for itself and some of its members, or leaving the directory (the administrator, or the family's
 * own account). Each asserted against the model; what each viewer then receives is checked at the
 * end of the sequence (viewers.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  FAMILY_SHARED_KEYS,
  LEVELS,
  MEMBER_SHARED_KEYS,
  PRIVACY_MESSAGES,
  SHARED_KEYS,
  type Choices,
  type FamilyPrivacyInput,
  type Level,
  type Levels,
} from '../../../lambdas/contract/privacy';
import { keys } from '../../../lambdas/core/repos/keys';
import { ddb } from '../../../lambdas/platform/aws/ddb';
import { call, idToken } from '../api';
import { stack } from '../env';
import { PASSWORD } from '../fixtures';
import { membersOf, pick, type ChurchModel, type FamilyModel, type Real, type UserModel } from './church';
import { command } from './command';
import { expectStatus } from './picture';
import { openPrivacy } from './privacy-model';
import { OPEN_RULES } from '../../../lambdas/contract/changeRules';
import { sometimes } from './values';

const level = fc.constantFrom(...LEVELS);

/** Per field: left out or null (as the church decides), or a level. */
const choicesOf = <K extends string>(fields: readonly K[]) =>
  fc.record(Object.fromEntries(fields.map((k) => [k, fc.option(level)])) as Record<K, fc.Arbitrary<Level | null>>, {
    requiredKeys: [],
  });

/** What a family's privacy form may send; `stranger` adds a member of another family (refused). */
export const familyChoices = fc.record({
  family: choicesOf(FAMILY_SHARED_KEYS),
  members: fc.array(fc.record({ pick: fc.nat(), choices: choicesOf(MEMBER_SHARED_KEYS) }), { maxLength: 3 }),
  unlisted: fc.nat({ max: 3 }).map((n) => n === 0),
  stranger: sometimes,
});
export type FamilyChoices = typeof familyChoices extends fc.Arbitrary<infer T> ? T : never;

/** The choices as the model keeps them: a field left to the church has no entry. */
const stated = <K extends string>(choices: Partial<Record<K, Level | null>>): Choices<K> =>
  Object.fromEntries(Object.entries(choices).filter(([, l]) => l)) as Choices<K>;

/** The model's accounts are proven sign-ups (with the fixtures' password): a token per account for the whole run. */
const tokens = new Map<string, Promise<string>>();
const tokenOf = (user: UserModel) => {
  if (!tokens.has(user.userId)) tokens.set(user.userId, idToken(user.email, PASSWORD));
  return tokens.get(user.userId)!;
};

export async function setFamilyPrivacy(m: ChurchModel, family: FamilyModel, token: string, input: FamilyChoices) {
  const members = membersOf(m, family.familyId);
  const others = [...m.members.values()].filter((x) => x.familyId !== family.familyId);
  const body: FamilyPrivacyInput = {
    unlisted: input.unlisted,
    family: input.family,
    members: Object.fromEntries(
      members.length ? input.members.map(({ pick: p, choices }) => [pick(members, p).memberId, choices]) : [],
    ),
  };
  const refused = input.stranger && others.length > 0;
  if (refused) body.members[pick(others, input.members.length).memberId] = { email: 'admins' };
  const answer = await call('setFamilyPrivacy', { token, params: { familyId: family.familyId }, body });
  if (refused) {
    expectStatus(answer, 400, 'invalid-argument');
    expect(answer.body.error?.message).toBe(PRIVACY_MESSAGES.member);
    return;
  }
  expectStatus(answer, 200);
  expect(answer.body.message).toBe(PRIVACY_MESSAGES.saved);
  // The family and each member chosen for move to their next version: a form open on the old one is told.
  family.version += 1;
  m.privacy.families.set(family.familyId, stated(body.family));
  for (const [memberId, choices] of Object.entries(body.members)) {
    m.members.get(memberId)!.version += 1;
    m.privacy.members.set(memberId, stated(choices));
  }
  if (body.unlisted) m.privacy.unlisted.add(family.familyId);
  else m.privacy.unlisted.delete(family.familyId);
  m.privacy.stored = true;
}

export const setPrivacyDefaults = command(
  'setPrivacyDefaults',
  fc.record(Object.fromEntries(SHARED_KEYS.map((k) => [k, level])) as Record<keyof Levels, fc.Arbitrary<Level>>),
  {
    run: async (m, r, levels) => {
      const token = r.church.adminToken;
      const answer = expectStatus(await call('setPrivacyDefaults', { token, body: { levels } }), 200);
      expect(answer.body.message).toBe(PRIVACY_MESSAGES.defaultsSaved);
      expect(expectStatus(await call('getPrivacyDefaults', { token }), 200).body).toEqual({
        levels,
        rules: OPEN_RULES,
      });
      m.privacy.defaults = levels;
      m.privacy.stored = true;
    },
  },
);

export const setFamilyPrivacyByAdmin = command(
  'setFamilyPrivacy',
  fc.record({ pick: fc.nat(), input: familyChoices }),
  {
    check: (m) => m.families.size > 0,
    run: (m, r, { pick: p, input }) => setFamilyPrivacy(m, pick(m.families.values(), p), r.church.adminToken, input),
  },
);

const familyUsers = (m: Readonly<ChurchModel>) => [...m.users.values()].filter((u) => u.familyId !== null);

/** The family's own account chooses (a member's sign-up links one). */
export const setFamilyPrivacyByFamily = command(
  'setFamilyPrivacy:byFamily',
  fc.record({ pick: fc.nat(), input: familyChoices }),
  {
    check: (m) => familyUsers(m).length > 0,
    run: async (m, _r, { pick: p, input }) => {
      const user = pick(familyUsers(m), p);
      await setFamilyPrivacy(m, m.families.get(user.familyId!)!, await tokenOf(user), input);
    },
  },
);

/** Accounts that are not administrators, with a family in the church not theirs. */
const outsiders = (m: Readonly<ChurchModel>) =>
  [...m.users.values()].filter((u) => !u.admin && [...m.families.keys()].some((f) => f !== u.familyId));

/** Another family's account may not choose for this family: refused, and the run's checks find nothing changed. */
export const setFamilyPrivacyNotYours = command(
  'setFamilyPrivacy:notYours',
  fc.record({ user: fc.nat(), family: fc.nat() }),
  {
    check: (m) => outsiders(m).length > 0,
    run: async (m, _r, input) => {
      const user = pick(outsiders(m), input.user);
      const family = pick(
        [...m.families.values()].filter((f) => f.familyId !== user.familyId),
        input.family,
      );
      const body: FamilyPrivacyInput = { unlisted: true, family: { phone: 'admins' }, members: {} };
      const token = await tokenOf(user);
      // Not found, as an unknown id (nothing said of another family); an account its church no longer lists is refused first.
      const listed = user.memberId !== null && m.members.has(user.memberId);
      expectStatus(
        await call('setFamilyPrivacy', { token, params: { familyId: family.familyId }, body }),
        listed ? 404 : 403,
      );
    },
  },
);

export const privacyCommands = [
  setPrivacyDefaults,
  setFamilyPrivacyByAdmin,
  setFamilyPrivacyByAdmin,
  setFamilyPrivacyByFamily,
  setFamilyPrivacyNotYours,
];

/**
 * The church's privacy item holds the model's defaults and its families left out of the directory.
 * A deleted family's id may stay in the stored set (no view reads it): only living families count.
 */
export async function expectPrivacyStored(m: ChurchModel, r: Real): Promise<void> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.privacy(r.church.orgId) }),
  );
  expect(Item !== undefined, 'the church has its privacy item').toBe(m.privacy.stored);
  if (!Item) return;
  expect(Item.type).toBe('PRIVACY');
  // A church that only ever had family choices stored no levels: it shares everything with everyone.
  expect(Item.levels ?? openPrivacy().defaults).toEqual(m.privacy.defaults);
  const living = (ids: Iterable<string>) => [...ids].filter((id) => m.families.has(id)).sort();
  expect(living((Item.unlisted as Set<string> | undefined) ?? [])).toEqual(living(m.privacy.unlisted));
}
