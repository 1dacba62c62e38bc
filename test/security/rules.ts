/**
 * The access rule of every route, as the matrix expects it: which request to send and what each
 * role gets. A route in the manifest with no rule here fails the matrix; so does a rule whose
 * access differs from the manifest's, so changing a route's access means revisiting its rows.
 */
import type { Access, Operation } from '../../lambdas/routes';
import { registrationBody } from '../support/fixtures';
import type { Role, World } from './roles';

export interface Rule {
  access: Access;
  request: (world: World) => { body?: unknown; params?: Record<string, string> };
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

export const rules: Record<Operation, Rule> = {
  registerOrganization: { access: 'public', request: () => ({ body: registrationBody() }), expect: everyone(200) },
  addClaimCreds: { access: 'signedIn', request: () => ({}), expect: signedIn },
  getMe: { access: 'signedIn', request: () => ({}), expect: signedIn },
};
