/** The church's reading site for Bible references (administrators): kept on its privacy item, read with the caller. */
import { denied } from '../core/errors';
import { transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject, recordChange } from '../audit/trail';
import { churchExists, privacyUpdate, readChurchPrivacy } from '../privacy/repos/privacy';

export async function setReadingSite(viewer: Viewer, readingSite: string | null): Promise<void> {
  if (!viewer.admin) throw denied();
  const before = (await readChurchPrivacy(viewer.orgId)).readingSite;
  await transact(viewer.orgId, [
    { action: churchExists(viewer.orgId) },
    {
      action: privacyUpdate(viewer.orgId, 'SET readingSite = :site, #type = :type, orgId = :org', {
        ':site': readingSite,
      }),
    },
    auditStep(viewer, churchSubject(viewer.orgId), [
      recordChange(
        { kind: 'settings', id: 'readingSite', name: 'Where Bible references open' },
        ['readingSite'],
        { readingSite: before },
        { readingSite },
      ),
    ]),
  ]);
}
