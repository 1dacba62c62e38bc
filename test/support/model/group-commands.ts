/** Commands on groups and the roles of members in them, each asserted against the model. */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { AddGroupResult } from '../../../lambdas/contract/api';
import { GROUP_MESSAGES } from '../../../lambdas/contract/groups';
import { call } from '../api';
import { pick, type ChurchModel } from './church';
import { command } from './command';
import { expectStatus } from './picture';
import { freshGroupName } from './values';

const hasGroups = (m: Readonly<ChurchModel>) => m.groups.size > 0;

/** A fresh name, or an existing one typed differently (case, spacing): already-exists either way. */
export const addGroup = command('addGroup', fc.option(fc.nat()), {
  run: async (m, r, duplicateOf) => {
    const existing = duplicateOf !== null && m.groups.size ? pick(m.groups.values(), duplicateOf) : null;
    const groupName = existing ? `  ${existing.groupName.toUpperCase().replace(' ', '   ')} ` : freshGroupName();
    const answer = await call<AddGroupResult>('addGroup', { token: r.church.adminToken, body: { groupName } });
    if (existing) {
      expectStatus(answer, 409, 'already-exists');
      return;
    }
    expectStatus(answer, 200);
    m.groups.set(answer.body.groupId, { groupId: answer.body.groupId, groupName, roles: new Map() });
  },
});

export const deleteGroup = command('deleteGroup', fc.nat(), {
  check: hasGroups,
  run: async (m, r, p) => {
    const group = pick(m.groups.values(), p);
    expectStatus(await call('deleteGroup', { token: r.church.adminToken, params: { groupId: group.groupId } }), 200);
    m.groups.delete(group.groupId);
  },
});

/** A member into a group with an optional label; a member already there is refused. */
export const addRole = command(
  'addRole',
  fc.record({ group: fc.nat(), member: fc.nat(), label: fc.option(fc.constantFrom('Tenor', 'Leader', 'Treasurer')) }),
  {
    check: (m) => hasGroups(m) && m.members.size > 0,
    run: async (m, r, input) => {
      const group = pick(m.groups.values(), input.group);
      const member = pick(m.members.values(), input.member);
      const answer = await call('addRole', {
        token: r.church.adminToken,
        params: { groupId: group.groupId },
        body: { memberId: member.memberId, label: input.label },
      });
      if (group.roles.has(member.memberId)) {
        expectStatus(answer, 409, 'already-exists');
        expect(answer.body.error?.message).toBe(GROUP_MESSAGES.alreadyInGroup);
        return;
      }
      expectStatus(answer, 200);
      group.roles.set(member.memberId, input.label);
    },
  },
);

export const deleteRole = command('deleteRole', fc.record({ group: fc.nat(), role: fc.nat() }), {
  check: (m) => [...m.groups.values()].some((g) => g.roles.size),
  run: async (m, r, input) => {
    const group = pick(
      [...m.groups.values()].filter((g) => g.roles.size),
      input.group,
    );
    const memberId = pick(group.roles.keys(), input.role);
    expectStatus(
      await call('deleteRole', { token: r.church.adminToken, params: { groupId: group.groupId, memberId } }),
      200,
    );
    group.roles.delete(memberId);
  },
});

export const groupCommands = [addGroup, deleteGroup, addRole, deleteRole];
