/**
 * Demo data for `npm start`, made on first start: Grace Community Church with about 40 families
 * at addresses across five Raleigh zip codes (looked up for the member map by the lookup job it
 * starts), their members (birthdays and anniversaries spread over the year, several this month), a few
 * family photos (stored with their renditions by the photo pipeline's own code), four groups with
 * roles, and three accounts. Written with the domain's own item builders and account functions, so
 * it is data the product itself could have written.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import jpeg from 'jpeg-js';
import { randomUUID } from 'node:crypto';
import type { Family, Group, Member, Organization, Role, UserRecord } from '../../lambdas/core/entities';
import { trialEnd } from '../../lambdas/core/entities';
import { createAccount, markEmailVerified } from '../../lambdas/accounts/identity';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { withGroupMarks } from '../../lambdas/groups/repos/groupMarks';
import { keys } from '../../lambdas/core/repos/keys';
import { newPhotoKey } from '../../lambdas/photos/photo-keys';
import { directoryItems, groupItem, groupNameItem, roleItem } from '../../lambdas/directory/repos/items';
import { newFamily, newMember, newRole } from '../../lambdas/directory/newRecords';
import { createOrganization, isOrgNameTaken } from '../../lambdas/accounts/repos/orgs';
import { userItem } from '../../lambdas/accounts/repos/users';
import { ddb } from '../../lambdas/platform/aws/ddb';
import type { LocalConfig } from './config';
import { turnOnOperatorTotp } from './operator-totp';
import { auditStep } from '../../lambdas/audit/trail';
import { accountChange, accountSubject } from '../../lambdas/accounts/audited';
import { sampleAddress, sampleDay, seededRandom } from './seeded-random';
import { seedDemoStudy } from './demoStudy';

export const DEMO_CHURCH = 'Grace Community Church';
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@grace.example', password: 'grace-admin-1', name: 'Pastor Ruth Adeyemi' },
  member: { email: 'member@grace.example', password: 'grace-member-1', name: 'Daniel Okafor' },
};
export const demoSuperAdmin = (config: LocalConfig) => ({
  email: config.superAdminEmail,
  password: 'super-admin-1',
  name: 'Directory Operator',
});

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
  'Abernathy',
  'Ellison',
  'Fitzgerald',
  'Grant',
  'Hughes',
  'Jansen',
  'Kaur',
  'Lopez',
  'Moreau',
  'Quinn',
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
  'Hannah',
  'Joseph',
  'Naomi',
  'Elijah',
  'Sarah',
  'Caleb',
  'Abigail',
  'Noah',
  'Leah',
  'Isaac',
  'Rebecca',
  'Levi',
  'Martha',
  'Simon',
  'Phoebe',
  'Timothy',
];
const STREETS = [
  'Oak Street',
  'Maple Avenue',
  'Church Road',
  'Elm Court',
  'Cedar Lane',
  'Pine Drive',
  'Willow Way',
  'Main Street',
];
/** The families the member map shows its cases with: an address it cannot place, and a location shown near, not at, it. */
const MISTYPED_ZIP_FAMILY = 9;
const APPROXIMATE_FAMILY = 7;
const GROUPS: [string, string[]][] = [
  ['Choir', ['Director', 'Soprano', 'Alto', 'Tenor', 'Bass']],
  ['Youth Group', ['Leader', 'Helper', '']],
  ['Welcome Team', ['Coordinator', 'Greeter', '']],
  ['Wednesday Bible Study', ['Host', 'Teacher', '']],
];

/** A soft two-colour gradient with a warm disc: a pleasant stand-in for a family photo. */
function demoPhoto(hue: number): Buffer {
  const width = 640;
  const height = 480;
  const data = Buffer.alloc(width * height * 4);
  const [r1, g1, b1] = [60 + hue * 0.4, 110 + (hue % 80), 160 - (hue % 60)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = y / height;
      const d = Math.hypot(x - width * 0.65, y - height * 0.4) / 160;
      const glow = Math.max(0, 1 - d) * 90;
      const i = (y * width + x) * 4;
      data[i] = Math.min(255, r1 * (1 - t) + 230 * t + glow);
      data[i + 1] = Math.min(255, g1 * (1 - t) + 200 * t + glow * 0.8);
      data[i + 2] = Math.min(255, b1 * (1 - t) + 150 * t + glow * 0.4);
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, 80).data;
}

export async function seedDemo(config: LocalConfig): Promise<boolean> {
  if (await isOrgNameTaken(DEMO_CHURCH)) return false;
  const rnd = seededRandom(20261121);
  const thisMonth = new Date().getMonth() + 1;
  const now = new Date();
  const stamp = now.toISOString();
  const orgId = randomUUID();

  const families: Family[] = [];
  const members: Member[] = [];
  const photos: { key: string; body: Buffer; family: Family }[] = [];
  SURNAMES.forEach((surname, index) => {
    const familyId = randomUUID();
    // Every fifth family's anniversary falls in this month; the rest spread over the year.
    const anniversaryMonth = index % 5 === 0 ? thisMonth : 1 + Math.floor(rnd() * 12);
    const photo = index % 6 === 0 ? newPhotoKey(orgId, familyId, 'image/jpeg') : null;
    families.push(
      newFamily(
        {
          familyId,
          orgId,
          surname,
          ...sampleAddress(rnd, STREETS),
          // One address the lookup cannot place (a zip code no one has): the map page lists it for the administrator.
          ...(index === MISTYPED_ZIP_FAMILY ? { zipcode: '27698' } : {}),
          phone: `(919) 555-${String(1000 + index * 37).slice(0, 4)}`,
          anniversary: index % 4 === 3 ? null : sampleDay(rnd, anniversaryMonth),
          photo,
        },
        stamp,
      ),
    );
    // One family shown on the member map near its address, not at it.
    if (index === APPROXIMATE_FAMILY) families.at(-1)!.approximateLocation = true;
    if (photo) photos.push({ key: photo, body: demoPhoto(index * 37), family: families.at(-1)! });
    const size = 1 + Math.floor(rnd() * 5);
    for (let m = 0; m < size; m++) {
      const name = index === 1 && m === 0 ? 'Daniel' : FIRST[(index * 7 + m * 3) % FIRST.length]!;
      const birthdayMonth = (index + m) % 7 === 0 ? thisMonth : 1 + Math.floor(rnd() * 12);
      const email =
        index === 1 && m === 0
          ? DEMO_ACCOUNTS.member.email
          : m < 2
            ? `${name}.${surname}`
                .toLowerCase()
                .normalize('NFD')
                .replace(/[^a-z.]/g, '') + '@grace.example'
            : null;
      members.push(
        newMember(
          {
            memberId: randomUUID(),
            familyId,
            orgId,
            name,
            surname,
            birthday: m === size - 1 && m > 2 ? null : sampleDay(rnd, birthdayMonth),
            cellphone: m < 2 ? `(919) 555-${String(2000 + index * 41 + m).slice(0, 4)}` : null,
            email,
          },
          stamp,
        ),
      );
    }
  });

  const groups: Group[] = GROUPS.map(([groupName]) => ({ groupId: randomUUID(), orgId, groupName, createdAt: stamp }));
  const roles: Role[] = groups.flatMap((group, g) => {
    const labels = GROUPS[g]![1];
    const chosen = members.filter((_m, i) => (i * (g + 3)) % 11 === g);
    return chosen.slice(0, 8).map((member, i) => newRole(member, group, labels[i % labels.length] || null, stamp));
  });

  // The church and its administrator, exactly as registration makes them.
  const admin = DEMO_ACCOUNTS.admin;
  const adminId = await createAccount({ ...admin, custom: { orgId, admin: 'true' }, emailTakenMessage: 'taken' });
  const org: Organization = {
    orgId,
    orgName: DEMO_CHURCH,
    address: '200 Hillsborough Street',
    city: 'Raleigh',
    state: 'NC',
    zip: '27603',
    contactName: admin.name,
    contactEmail: admin.email,
    createdAt: stamp,
    expiresAt: trialEnd(now),
    familyCount: 0,
    memberCount: 0,
    groupCount: 0,
  };
  const user = (userId: string, email: string, isAdmin: boolean, member?: Member): UserRecord => ({
    userId,
    orgId,
    email,
    admin: isAdmin,
    memberId: member?.memberId ?? null,
    familyId: member?.familyId ?? null,
    createdAt: stamp,
    platform: null,
    mobileAppLinked: false,
  });
  const adminUser = user(adminId, admin.email, true);
  const registered = auditStep({ orgId: org.orgId, actor: null }, accountSubject(adminUser), [
    accountChange(null, adminUser),
  ]);
  await createOrganization(org, adminUser, registered);

  // Imported here: the pipeline's logger reads LOG_LEVEL when made, which the stack sets when it starts.
  const { writeRenditions } = await import('../../lambdas/photos/photo-uploads');
  for (const p of photos) p.family.photoSize = await writeRenditions(p.key, p.body, true);
  // Members and families carry the marks of their groups, as the roles' writes keep them.
  const marked = withGroupMarks(families, members, roles);
  await batchPutAll(config.tableName, [
    ...directoryItems(marked.families, marked.members),
    // Each group with its member count, as the roles' writes keep it.
    ...groups.map((g) => groupItem({ ...g, roleCount: roles.filter((r) => r.groupId === g.groupId).length })),
    ...groups.map(groupNameItem),
    ...roles.map(roleItem),
  ]);
  await ddb.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.org(orgId),
      UpdateExpression: 'SET familyCount = :f, memberCount = :m, groupCount = :g',
      ExpressionAttributeValues: { ':f': families.length, ':m': members.length, ':g': groups.length },
    }),
  );

  // A member linked to their family, and the operator (super-admin) as an ordinary member.
  const linked = members.find((m) => m.email === DEMO_ACCOUNTS.member.email)!;
  const memberId = await createAccount({
    ...DEMO_ACCOUNTS.member,
    custom: { orgId, admin: 'false', memberId: linked.memberId, familyId: linked.familyId },
    emailTakenMessage: 'taken',
  });
  const operator = demoSuperAdmin(config);
  const operatorId = await createAccount({
    ...operator,
    custom: { orgId, admin: 'false' },
    emailTakenMessage: 'taken',
  });
  await batchPutAll(config.tableName, [
    userItem(user(memberId, DEMO_ACCOUNTS.member.email, false, linked)),
    userItem(user(operatorId, operator.email, false)),
  ]);
  await seedDemoStudy(orgId, adminId, now);
  // The families' addresses, looked up for the member map as after an import (off this start: the job runs beside it).
  const { startLocatingChurch } = await import('../../lambdas/map/startLocating');
  await startLocatingChurch(orgId);
  // Demo accounts start verified so they can be tried at once.
  for (const email of [admin.email, DEMO_ACCOUNTS.member.email, operator.email]) await markEmailVerified(email);
  // The super-admin must sign in with a code (two-step sign-in): its key is kept in the data folder.
  await turnOnOperatorTotp(config.dataDir, operator.email, operator.password);
  return true;
}
