/**
 * The church's privacy item (`PRIVACY`): its default levels, the families left out of the
 * directory, and what it lets members change.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { OPEN_LEVELS, SHARED_KEYS, type Levels } from '../../contract/privacy';
import { ddb } from '../../platform/aws/ddb';
import type { ChurchPrivacy, Organization } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { batchGetAll } from '../../core/repos/batch';
import { ItemType, tableName, withoutKeys } from '../../core/repos/table';
import { OPEN_RULES, type ChangeRules } from '../../contract/changeRules';
import { update, type Action, type Step } from '../../core/repos/transact';

type Item = Record<string, unknown>;

/** The stored item as the rule reads it; a church with no item shares everything with everyone. */
export function churchPrivacyOf(item: Item | undefined): ChurchPrivacy {
  const stored = (item?.levels ?? {}) as Partial<Levels>;
  return {
    levels: Object.fromEntries(SHARED_KEYS.map((k) => [k, stored[k] ?? OPEN_LEVELS[k]])) as Levels,
    unlisted: new Set((item?.unlisted as Set<string> | undefined) ?? []),
    rules: { ...OPEN_RULES, ...(item?.changeRules as Partial<ChangeRules> | undefined) },
    readingSite: typeof item?.readingSite === 'string' ? item.readingSite : null,
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

/** The church must still be there: a church deleted meanwhile gets no orphan privacy item. */
export const churchExists = (orgId: string): Action => ({
  ConditionCheck: { TableName: tableName(), Key: keys.org(orgId), ConditionExpression: 'attribute_exists(PK)' },
});

/** Writes to the privacy item, creating it with its type tag if the church never had one. */
export const privacyUpdate = (orgId: string, expression: string, values: Record<string, unknown>): Action => ({
  Update: {
    TableName: tableName(),
    Key: keys.privacy(orgId),
    UpdateExpression: expression,
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ...values, ':type': ItemType.privacy, ':org': orgId },
  },
});

/**
 * Sets the choices on an item (or removes them all), and the other attributes given, as a new
 * version: an edit form open on the old one is told.
 */
function choicesUpdate(
  key: Record<string, string>,
  choices: Record<string, unknown>,
  also: Record<string, unknown> = {},
): Action {
  const chosen = Object.keys(choices).length > 0;
  const sets = [...(chosen ? ['privacy = :p'] : []), ...Object.keys(also).map((name) => `${name} = :${name}`)];
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', chosen ? '' : 'REMOVE privacy', 'ADD version :one'];
  return update(key, expression.filter(Boolean).join(' '), {
    ...(chosen ? { ':p': choices } : {}),
    ...Object.fromEntries(Object.entries(also).map(([name, value]) => [`:${name}`, value])),
    ':one': 1,
  });
}

/** A family's choices, with its place on the member map when given (near its address, or at it). */
export const familyChoicesUpdate = (
  orgId: string,
  familyId: string,
  choices: Record<string, unknown>,
  approximateLocation?: boolean,
): Action =>
  choicesUpdate(
    keys.family(orgId, familyId),
    choices,
    approximateLocation === undefined ? {} : { approximateLocation },
  );

export const memberChoicesUpdate = (
  orgId: string,
  familyId: string,
  memberId: string,
  choices: Record<string, unknown>,
): Action => choicesUpdate(keys.member(orgId, familyId, memberId), choices);

/** A family left out of the directory: into the church's list of them (the privacy item made if the church had none). */
export const unlistedAddition = (orgId: string, familyId: string): Step => ({
  action: privacyUpdate(orgId, 'SET #type = :type, orgId = :org ADD unlisted :f', { ':f': new Set([familyId]) }),
});

/** A family out of the church's list of families left out of the directory (the family is deleted). */
export const unlistedRemoval = (orgId: string, familyId: string): Step => ({
  action: update(keys.privacy(orgId), 'DELETE unlisted :f', { ':f': new Set([familyId]) }),
});
