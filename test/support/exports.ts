/**
 * The church's export as the Import and export page makes it, for the tests: started
 * (startExport), followed (listExports) until it ends, and downloaded.
 */
import { expect } from 'vitest';
import type { ExportView, ListExportsResult, StartExportResult } from '../../lambdas/contract/exports';
import { call, jobWhenEnded } from './api';

/** The church's newest export once it has ended (null: the church never exported). */
export const finishedExport = (token: string, timeoutMs = 60_000): Promise<ExportView | null> =>
  jobWhenEnded(
    'listExports',
    token,
    (body: ListExportsResult) => body.exports[0] ?? null,
    (newest) => newest?.status === 'RUNNING',
    timeoutMs,
  );

/** Exports the church: the export as it ended, and the file's text (with its byte-order mark). */
export async function exportChurch(token: string): Promise<{ export: ExportView; csv: string }> {
  const started = await call<StartExportResult>('startExport', { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const done = (await finishedExport(token))!;
  expect(done.jobId).toBe(started.body.export.jobId);
  expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
  const response = await fetch(done.url!);
  expect(response.status).toBe(200);
  return { export: done, csv: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

/**
 * Of every kind of record an export carries, on the family: a second member (王秀英, with these
 * values), the Leader of a new group of `groupName`, a group without members (Greeters), and
 * choices (the family left out of the directory, its phone for admins, the member's address for
 * its groups). The export's tests and the import's round trip make the same church this one way.
 */
export async function addMemberGroupsAndChoices(
  token: string,
  familyId: string,
  { email, cellphone, groupName }: { email: string; cellphone: string; groupName: string },
): Promise<{ memberId: string; groupId: string }> {
  const second = await call<{ id: string }>('addMember', {
    token,
    body: { familyId, name: '王秀英', email, cellphone },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  const memberId = second.body.id;
  const group = await call<{ groupId: string }>('addGroup', { token, body: { groupName } });
  const { groupId } = group.body;
  await call('addRole', { token, params: { groupId }, body: { memberId, label: 'Leader' } });
  await call('addGroup', { token, body: { groupName: 'Greeters' } });
  const privacy = await call('setFamilyPrivacy', {
    token,
    params: { familyId },
    body: {
      unlisted: true,
      approximateLocation: true,
      family: { phone: 'admins' },
      members: { [memberId]: { email: 'groups' } },
    },
  });
  expect(privacy.status, JSON.stringify(privacy.body)).toBe(200);
  return { memberId, groupId };
}
