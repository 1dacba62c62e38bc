/** The church's privacy item (`PRIVACY`): its default levels and the families left out of the directory. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { OPEN_LEVELS, SHARED_KEYS, type Levels } from '../../contract/privacy';
import { ddb } from '../../platform/aws/ddb';
import type { ChurchPrivacy, Organization } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { batchGetAll } from '../../core/repos/batch';
import { ItemType, tableName, withoutKeys } from '../../core/repos/table';

type Item = Record<string, unknown>;

/** The stored item as the rule reads it; a church with no item shares everything with everyone. */
export function churchPrivacyOf(item: Item | undefined): ChurchPrivacy {
  const stored = (item?.levels ?? {}) as Partial<Levels>;
  return {
    levels: Object.fromEntries(SHARED_KEYS.map((k) => [k, stored[k] ?? OPEN_LEVELS[k]])) as Levels,
    unlisted: new Set((item?.unlisted as Set<string> | undefined) ?? []),
  };
}

export async function readChurchPrivacy(orgId: string): Promise<ChurchPrivacy> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.privacy(orgId) }));
  return churchPrivacyOf(Item);
}

/** The organisation and its privacy item in one BatchGetItem (the dashboard needs both). */
export async function readOrganizationWithPrivacy(
  orgId: string,
): Promise<{ org: Organization | null; privacy: ChurchPrivacy }> {
  const items = await batchGetAll(tableName(), [keys.org(orgId), keys.privacy(orgId)]);
  const org = items.find((i) => i.type === ItemType.org);
  return {
    org: org ? withoutKeys<Organization>(org) : null,
    privacy: churchPrivacyOf(items.find((i) => i.type === ItemType.privacy)),
  };
}
