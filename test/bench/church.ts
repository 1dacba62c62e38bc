/**
 * The generated church the directory bench modules share: families of one to seven members
 * (four on average), names from several countries, addresses, phones, e-mails for the first two
 * members of a family, birthdays and anniversaries spread over the year with some in this month,
 * a photo path on one family in six by default (the objects need not exist: reads only presign). The same
 * seed gives the same church on every machine (only the ids differ). Its records are made by the
 * domain's own builders (directory/newRecords.ts) and written with its item builders, like
 * lib/local/demo.ts, and the organisation's counts are set to match. The domain modules with SDK
 * clients are imported lazily: their clients must be made after the module's local stack has set
 * the endpoints.
 */
import { randomUUID } from 'node:crypto';
import type { Family, Group, Member, Role } from '../../lambdas/core/entities';
import { newFamily, newMember, newRole } from '../../lambdas/directory/newRecords';
import { newPhotoKey } from '../../lambdas/photos/photo-keys';
import { sampleAddress, sampleDay, seededRandom } from '../../lib/local/seeded-random';

/** Family sizes cycling with a mean of exactly 4: n × 8 families make n × 32 members. */
const SIZES = [1, 7, 2, 6, 3, 5, 4, 4];

const SURNAMES = [
  'Adams',
  'Okafor',
  'Nguyễn',
  'Ødegård',
  'Papadopoulos',
  'Kim',
  'García',
  'Johnson',
  'Williams',
  'Brown',
  'Müller',
  'Rossi',
  'Kowalski',
  'Haddad',
  'Mensah',
  'Silva',
  'Patel',
  'O’Brien',
  'Lindqvist',
  'Tanaka',
  'Dubois',
  'Novak',
  'Hernández',
  'Campbell',
  'Baptiste',
  'Ivanova',
  'Chen',
  'Fernandes',
  'Walker',
  'Young',
];
const FIRST = [
  'Grace',
  'Daniel',
  'Maria',
  'James',
  'Ana',
  'Samuel',
  'Ruth',
  'David',
  'Esther',
  'John',
  'Miriam',
  'Peter',
  'Lydia',
  'Paul',
];
const STREETS = ['Oak Street', 'Maple Avenue', 'Church Road', 'Elm Court', 'Cedar Lane', 'Pine Drive'];

export interface GeneratedDirectory {
  families: Family[];
  /** In family order; each family's members together. */
  members: Member[];
}

export interface Names {
  surnames: readonly string[];
  firstNames: readonly string[];
}

/** Names from several countries, in Latin letters. */
export const LATIN_NAMES: Names = { surnames: SURNAMES, firstNames: FIRST };

export interface GenerateOptions {
  names?: Names;
  /** A photo path on one family in this many (default 6). */
  photoEvery?: number;
}

/** `familyCount` families of the church `orgId`, drawn from `seed`. */
export function generateDirectory(
  orgId: string,
  familyCount: number,
  seed: number,
  options: GenerateOptions = {},
): GeneratedDirectory {
  const { surnames, firstNames } = options.names ?? LATIN_NAMES;
  const photoEvery = options.photoEvery ?? 6;
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const thisMonth = new Date().getMonth() + 1;
  const stamp = new Date().toISOString();
  const families: Family[] = [];
  const members: Member[] = [];
  for (let index = 0; index < familyCount; index++) {
    const familyId = randomUUID();
    const surname = pick(surnames);
    // Every twelfth family's anniversary is this month, the rest spread over the year; a few have none.
    const anniversaryMonth = index % 12 === 0 ? thisMonth : 1 + Math.floor(rnd() * 12);
    families.push(
      newFamily(
        {
          familyId,
          orgId,
          surname,
          ...sampleAddress(rnd, STREETS),
          phone: `(919) 555-${String(1000 + ((index * 37) % 9000)).slice(0, 4)}`,
          anniversary: index % 4 === 3 ? null : sampleDay(rnd, anniversaryMonth),
          photo: index % photoEvery === 0 ? newPhotoKey(orgId, familyId, 'image/jpeg') : null,
        },
        stamp,
      ),
    );
    const size = SIZES[index % SIZES.length]!;
    for (let m = 0; m < size; m++) {
      const name = firstNames[(index * 7 + m * 3) % firstNames.length]!;
      const birthdayMonth = (index + m) % 12 === 0 ? thisMonth : 1 + Math.floor(rnd() * 12);
      members.push(
        newMember(
          {
            memberId: randomUUID(),
            familyId,
            orgId,
            name,
            surname,
            birthday: m > 2 && m === size - 1 ? null : sampleDay(rnd, birthdayMonth),
            cellphone: m < 2 ? `(919) 555-${String(2000 + ((index * 41 + m) % 8000)).slice(0, 4)}` : null,
            email: m < 2 ? `${name.toLowerCase()}.${index}.${m}@bench.example` : null,
          },
          stamp,
        ),
      );
    }
  }
  return { families, members };
}

export interface GeneratedGroups {
  groups: Group[];
  roles: Role[];
}

/**
 * `groupCount` groups of the church, the last twentieth of them (at least one) without members;
 * every third member in one of the others (in turn) and every ninth in a second one, one role in
 * ten with a label. Pass the roles to `withGroupMarks` before seeding the directory, so members
 * and families carry the marks the domain writes with a role.
 */
export function generateGroups(orgId: string, members: readonly Member[], groupCount: number): GeneratedGroups {
  const stamp = new Date().toISOString();
  const groups: Group[] = Array.from({ length: groupCount }, (_, g) => ({
    groupId: randomUUID(),
    orgId,
    groupName: `${STREETS[g % STREETS.length]!.split(' ')[0]} Group ${g}`,
    createdAt: stamp,
    rolesVersion: 1,
    roleCount: 0,
  }));
  const withMembers = Math.max(1, groupCount - Math.max(1, Math.floor(groupCount / 20)));
  const roles: Role[] = [];
  const join = (member: Member, group: Group) => {
    group.roleCount!++;
    roles.push(newRole(member, group, roles.length % 10 === 0 ? 'Leader' : null, stamp));
  };
  members.forEach((member, index) => {
    if (index % 3 !== 0) return;
    join(member, groups[(index / 3) % withMembers]!);
    if (index % 9 === 0) join(member, groups[(index / 9 + 1) % withMembers]!);
  });
  return { groups, roles };
}

/** Writes the groups (with their name claims) and their roles, and sets the organisation's group count; returns the items written. */
export async function seedGroups(table: string, orgId: string, { groups, roles }: GeneratedGroups): Promise<number> {
  const { groupItem, groupNameItem, roleItem } = await import('../../lambdas/directory/repos/items');
  const items = [...groups.map(groupItem), ...groups.map(groupNameItem), ...roles.map(roleItem)];
  await writeInLanes(table, items);
  await setCounts(table, orgId, { groupCount: groups.length });
  return items.length;
}

/** Eight BatchWriteItem lanes in flight, each a run of whole 25-item batches. */
async function writeInLanes(table: string, items: readonly Record<string, unknown>[]): Promise<void> {
  const { batchPutAll } = await import('../../lambdas/core/repos/batch');
  const LANES = 8;
  const lane = Math.ceil(items.length / LANES / 25) * 25;
  await Promise.all(Array.from({ length: LANES }, (_, i) => batchPutAll(table, items.slice(i * lane, (i + 1) * lane))));
}

/** Writes the directory (with the members' e-mail claims) and sets the organisation's counts; returns the items written. */
export async function seedDirectory(table: string, orgId: string, directory: GeneratedDirectory): Promise<number> {
  const { directoryItems } = await import('../../lambdas/directory/repos/items');
  const { families, members } = directory;
  const items = directoryItems(families, members);
  await writeInLanes(table, items);
  await setCounts(table, orgId, { familyCount: families.length, memberCount: members.length });
  return items.length;
}

/** Sets the organisation's counts to what was seeded: the seeds write around the domain, which keeps them with every write. */
async function setCounts(
  table: string,
  orgId: string,
  counts: Partial<Record<'familyCount' | 'memberCount' | 'groupCount', number>>,
): Promise<void> {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/core/repos/keys');
  const { ddb } = await import('../../lambdas/platform/aws/ddb');
  const names = Object.keys(counts);
  await ddb.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.org(orgId),
      UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')}`,
      ExpressionAttributeValues: Object.fromEntries(Object.entries(counts).map(([name, n]) => [`:${name}`, n])),
    }),
  );
}
