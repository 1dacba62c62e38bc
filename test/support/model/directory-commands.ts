/** Commands on families, members and family photos, each asserted against the model. */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { SavedResult } from '../../../lambdas/contract/api';
import { call } from '../api';
import { dropFamily, dropMember, memberEmails, pick, saveFamily, type ChurchModel, type MemberModel } from './church';
import { command, uploadFamilyPhoto, uploadNewFamilyPhoto } from './command';
import { expectStatus } from './picture';
import { emailChoice, familyFields, freshEmail, memberFields, sometimes, type EmailChoice } from './values';

const hasFamilies = (m: Readonly<ChurchModel>) => m.families.size > 0;
const hasMembers = (m: Readonly<ChurchModel>) => m.members.size > 0;

/** The e-mail a choice stands for: `taken` picks one held by another member, half the time typed in capitals (none left: a fresh one). */
function emailFor(m: ChurchModel, choice: EmailChoice, self?: MemberModel): string | null {
  if (choice.kind === 'none') return null;
  const others = memberEmails(m).filter((e) => e !== self?.email);
  if (choice.kind !== 'taken' || !others.length) return freshEmail();
  const email = pick(others, choice.pick);
  return choice.pick % 2 ? email.toUpperCase() : email;
}

/** A version the record does not have: the one before (a form opened before the last save), or the next. */
const staleVersion = (version: number) => (version > 1 ? version - 1 : version + 1);

/** Addresses are one per church, whatever their case. */
const taken = (m: ChurchModel, email: string | null, self?: MemberModel) =>
  email !== null && [...m.members.values()].some((x) => x.email === email.toLowerCase() && x !== self);

export const addFamily = command('addFamily', fc.record({ fields: familyFields, withPhoto: fc.boolean() }), {
  run: async (m, r, { fields, withPhoto }) => {
    const upload = withPhoto ? await uploadNewFamilyPhoto(r) : null;
    const photo = upload?.photo ?? null;
    const answer = expectStatus(
      await call<SavedResult>('addFamily', {
        token: r.church.adminToken,
        body: { ...fields, photo },
        requestKey: upload?.requestKey,
      }),
      200,
    );
    expect(answer.body.version).toBe(1);
    m.families.set(answer.body.id, { familyId: answer.body.id, ...fields, photo, version: 1 });
  },
});

/** Every field at once, as the edit form sends them (the photo left out: kept); the surname may change (members and roles follow). `stale` sends an old version. */
export const updateFamily = command(
  'updateFamily',
  fc.record({ pick: fc.nat(), fields: familyFields, stale: sometimes }),
  {
    check: hasFamilies,
    run: async (m, r, { pick: p, fields, stale }) => {
      const family = pick(m.families.values(), p);
      const version = stale ? staleVersion(family.version) : family.version;
      const answer = await call<SavedResult>('updateFamily', {
        token: r.church.adminToken,
        params: { familyId: family.familyId },
        body: { ...fields, version },
      });
      if (stale) {
        expectStatus(answer, 409, 'aborted');
        return;
      }
      expectStatus(answer, 200);
      expect(answer.body.version).toBe(family.version + 1);
      saveFamily(m, family, fields);
    },
  },
);

/** A new photo uploaded and saved (replacing any), or the photo removed. */
export const changePhoto = command('changePhoto', fc.record({ pick: fc.nat(), remove: fc.boolean() }), {
  check: (m, { remove }) => hasFamilies(m) && (!remove || [...m.families.values()].some((f) => f.photo)),
  run: async (m, r, { pick: p, remove }) => {
    const family = pick(remove ? [...m.families.values()].filter((f) => f.photo) : m.families.values(), p);
    const photo = remove ? null : await uploadFamilyPhoto(r, family.familyId);
    const { familyId, version, photo: _stored, ...fields } = family;
    const answer = expectStatus(
      await call<SavedResult>('updateFamily', {
        token: r.church.adminToken,
        params: { familyId },
        body: { ...fields, photo, version },
      }),
      200,
    );
    expect(answer.body.version).toBe(version + 1);
    saveFamily(m, family, { photo });
  },
});

/** Another family's photo offered as this family's: refused, and nothing changes (the run's S3 check finds its object still there). */
export const takeOthersPhoto = command('takeOthersPhoto', fc.record({ pick: fc.nat(), from: fc.nat() }), {
  check: (m) => m.families.size > 1 && [...m.families.values()].some((f) => f.photo),
  run: async (m, r, { pick: p, from }) => {
    const owner = pick(
      [...m.families.values()].filter((f) => f.photo),
      from,
    );
    const family = pick(
      [...m.families.values()].filter((f) => f !== owner),
      p,
    );
    const { familyId, version, photo: _stored, ...fields } = family;
    expectStatus(
      await call('updateFamily', {
        token: r.church.adminToken,
        params: { familyId },
        body: { ...fields, photo: owner.photo, version },
      }),
      400,
      'invalid-argument',
    );
  },
});

export const deleteFamily = command('deleteFamily', fc.nat(), {
  check: hasFamilies,
  run: async (m, r, p) => {
    const family = pick(m.families.values(), p);
    expectStatus(
      await call('deleteFamily', { token: r.church.adminToken, params: { familyId: family.familyId } }),
      200,
    );
    dropFamily(m, family.familyId);
  },
});

export const addMember = command('addMember', fc.record({ pick: fc.nat(), fields: memberFields, email: emailChoice }), {
  check: hasFamilies,
  run: async (m, r, { pick: p, fields, email: choice }) => {
    const family = pick(m.families.values(), p);
    const email = emailFor(m, choice);
    const answer = await call<SavedResult>('addMember', {
      token: r.church.adminToken,
      body: { familyId: family.familyId, ...fields, email },
    });
    if (taken(m, email)) {
      expectStatus(answer, 409, 'already-exists');
      return;
    }
    expectStatus(answer, 200);
    m.members.set(answer.body.id, {
      memberId: answer.body.id,
      familyId: family.familyId,
      ...fields,
      email,
      version: answer.body.version,
    });
  },
});

/** The member's fields; the e-mail kept, cleared, changed to a fresh one or to one another member holds. `stale` sends an old version. */
export const updateMember = command(
  'updateMember',
  fc.record({ pick: fc.nat(), fields: memberFields, email: fc.option(emailChoice), stale: sometimes }),
  {
    check: hasMembers,
    run: async (m, r, { pick: p, fields, email: choice, stale }) => {
      const member = pick(m.members.values(), p);
      const email = choice ? emailFor(m, choice, member) : member.email;
      const version = stale ? staleVersion(member.version) : member.version;
      const answer = await call<SavedResult>('updateMember', {
        token: r.church.adminToken,
        params: { memberId: member.memberId },
        body: { ...fields, email, familyId: member.familyId, version },
      });
      if (stale) {
        expectStatus(answer, 409, 'aborted');
        return;
      }
      if (taken(m, email, member)) {
        expectStatus(answer, 409, 'already-exists');
        return;
      }
      expectStatus(answer, 200);
      expect(answer.body.version).toBe(member.version + 1);
      Object.assign(member, fields, { email, version: member.version + 1 });
    },
  },
);

export const deleteMember = command('deleteMember', fc.nat(), {
  check: hasMembers,
  run: async (m, r, p) => {
    const member = pick(m.members.values(), p);
    expectStatus(
      await call('deleteMember', { token: r.church.adminToken, params: { memberId: member.memberId } }),
      200,
    );
    dropMember(m, member.memberId);
  },
});

export const directoryCommands = [
  addFamily,
  updateFamily,
  changePhoto,
  takeOthersPhoto,
  deleteFamily,
  addMember,
  updateMember,
  deleteMember,
];
