/**
 * A route whose manifest says it only reads the table (`uses.table: 'read'`) is granted read-only
 * access in AWS (lib/grants.ts): here, where no IAM stands in the way, the local stack records the
 * DynamoDB calls of each route as it runs (lib/local/table-access.ts), and this test calls every
 * such route, as the callers it serves, and finds none that writes.
 */
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../lambdas/routes';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, memberAccountIn } from '../support/fixtures';
import { superAdminIn } from '../support/jobs';
import { studyBody } from '../support/studies';

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
const readOnly = (routes as readonly RouteDef[]).filter((r) => r.uses.table === 'read');

describe('routes that only read the table', () => {
  it('send DynamoDB no write, for an administrator, a member and the super-admin', async () => {
    const church = await createChurch();
    const family = await addFamilyVia(church.adminToken);
    const member = await memberAccountIn(church);
    const superAdmin = await superAdminIn(church.orgId);
    const study = await call<{ studyId: string }>('addStudy', { token: church.adminToken, body: studyBody });
    const group = await call<{ groupId: string }>('addGroup', {
      token: church.adminToken,
      body: { groupName: 'Readers' },
    });
    // Every id a read route names, so that each reaches its handler whatever else this stack ran.
    const params: Record<string, string> = {
      groupId: group.body.groupId,
      studyId: study.body.studyId,
      attachmentId: '00000000-0000-4000-8000-000000000000',
      familyId: family.familyId,
      memberId: family.memberId,
      photoId: '00000000-0000-4000-8000-000000000000',
      jobId: '00000000-0000-4000-8000-000000000000',
      orgId: church.orgId,
    };
    for (const route of readOnly)
      for (const token of [church.adminToken, member.token, superAdmin.token])
        await call(route.operation as never, {
          token,
          params,
          query: route.operation === 'getDashboard' ? 'month=11' : undefined,
        });

    const sent = (await (await fetch(`${stack.url}/_local/table-access`)).json()) as Record<string, string[]>;
    // The record sees writes: adding the family above wrote in one transaction.
    expect(sent.addFamily).toContain('TransactWriteItems');
    for (const route of readOnly) {
      expect(sent[route.operation], `${route.operation} never reached DynamoDB here`).toBeDefined();
      expect(
        sent[route.operation]!.filter((command) => WRITES.has(command)),
        route.operation,
      ).toEqual([]);
    }
  });
});
