/**
 * The access rule of every route, as the matrix expects it: which request to send and what each
 * role gets. A route in the manifest with no rule here fails the matrix; so does a rule whose
 * access differs from the manifest's, so changing a route's access means revisiting its rows.
 */
import type { Access, Operation } from '../../lambdas/routes';
import { registrationBody } from '../support/fixtures';
import type { Role, World } from './roles';

export interface Request {
  body?: unknown;
  params?: Record<string, string>;
  query?: string;
}

export interface Rule {
  access: Access;
  /** Made before each call (and before the "nothing changed" snapshot): may create a fresh target. */
  request: (world: World) => Request | Promise<Request>;
  /** Expected HTTP status per role. */
  expect: Record<Role, number>;
}

const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  unverified: status,
  member: status,
  familyUser: status,
  admin: status,
  otherAdmin: status,
  superAdmin: status,
});

const signedIn = { ...everyone(200), anonymous: 401 };
/** Verified members of the church (the super-admin is one here; another church's admin reads its own church). */
const members = { ...signedIn, unverified: 403 };
/** Reads of this church's records by id: another church's admin gets not-found. */
const readById = { ...members, otherAdmin: 404 };
/** Changes to one family: its own user and admins; another church's admin gets not-found. */
const familyChange = { ...members, member: 403, superAdmin: 403, otherAdmin: 404 };
const adminOnly = { ...members, member: 403, familyUser: 403, superAdmin: 403 };

const familyBody = { surname: 'Matrix', street: '2 Elm Court', city: 'Raleigh', state: 'NC', zipcode: '27603', phone: null, anniversary: '11/02', photo: null };

export const rules: Record<Operation, Rule> = {
  registerOrganization: { access: 'public', request: () => ({ body: registrationBody() }), expect: everyone(200) },
  addClaimCreds: { access: 'signedIn', request: () => ({}), expect: signedIn },
  getMe: { access: 'signedIn', request: () => ({}), expect: signedIn },
  getDashboard: { access: 'member', request: () => ({ query: 'month=11' }), expect: members },
  listFamilies: { access: 'member', request: () => ({}), expect: members },
  getFamily: { access: 'member', request: (w) => ({ params: { familyId: w.family.familyId } }), expect: readById },
  getMember: { access: 'member', request: (w) => ({ params: { memberId: w.family.memberId } }), expect: readById },
  addFamily: { access: 'admin', request: () => ({ body: familyBody }), expect: adminOnly },
  updateFamily: {
    access: 'familyUser',
    request: async (w) => {
      const own = await w.ownFamily();
      return { params: { familyId: own.familyId }, body: { ...familyBody, version: own.familyVersion } };
    },
    expect: familyChange,
  },
  deleteFamily: { access: 'familyUser', request: async (w) => ({ params: { familyId: (await w.ownFamily()).familyId } }), expect: familyChange },
  addMember: {
    access: 'familyUser',
    request: async (w) => ({ body: { familyId: (await w.ownFamily()).familyId, name: 'Naomi', birthday: '11/30' } }),
    expect: familyChange,
  },
  updateMember: {
    access: 'familyUser',
    request: async (w) => {
      const own = await w.ownFamily();
      return { params: { memberId: own.memberId }, body: { name: 'Naomi', birthday: null, cellphone: null, email: null, version: own.memberVersion } };
    },
    expect: familyChange,
  },
  deleteMember: { access: 'familyUser', request: async (w) => ({ params: { memberId: (await w.ownFamily()).memberId } }), expect: familyChange },
  createPhotoUpload: {
    access: 'familyUser',
    request: async (w) => ({ body: { contentType: 'image/jpeg', size: 200_000, familyId: (await w.ownFamily()).familyId } }),
    expect: familyChange,
  },
};
