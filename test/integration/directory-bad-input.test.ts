/**
 * Bad input on every directory write route: a clear 400 with the form's message where it has one,
 * never a 500, and nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { expectRefusedUnchanged, type BadInputCase } from '../support/bad-input';
import { addFamilyVia, createChurch, type Church } from '../support/fixtures';

const long = (n: number) => 'x'.repeat(n);

let church: Church;
let target: Awaited<ReturnType<typeof addFamilyVia>>;
beforeAll(async () => {
  church = await createChurch();
  target = await addFamilyVia(church.adminToken);
});

type Case = BadInputCase;

const family = (extra: Record<string, unknown>) => ({ surname: 'Valid', ...extra });
const familyUpdate = (extra: Record<string, unknown>) => ({
  params: { familyId: target.familyId },
  body: { surname: 'Valid', version: target.familyVersion, ...extra },
});
const member = (extra: Record<string, unknown>) => ({ body: { familyId: target.familyId, name: 'Valid', ...extra } });
const memberUpdate = (extra: Record<string, unknown>) => ({
  params: { memberId: target.memberId },
  body: { name: 'Valid', version: target.memberVersion, ...extra },
});

const cases: Case[] = [
  ['no surname', 'addFamily', () => ({ body: {} }), 'Please fill in the required Family Surname (*).'],
  [
    'blank surname',
    'addFamily',
    () => ({ body: family({ surname: '   ' }) }),
    'Please fill in the required Family Surname (*).',
  ],
  [
    'surname a number',
    'addFamily',
    () => ({ body: family({ surname: 42 }) }),
    'Please fill in the required Family Surname (*).',
  ],
  ['surname 10,000 characters', 'addFamily', () => ({ body: family({ surname: long(10_000) }) })],
  [
    'state of three letters',
    'addFamily',
    () => ({ body: family({ state: 'NCX' }) }),
    'Please enter a valid 2-letter state abbreviation.',
  ],
  [
    'state with digits',
    'addFamily',
    () => ({ body: family({ state: 'N1' }) }),
    'Please enter a valid 2-letter state abbreviation.',
  ],
  [
    'zip of four digits',
    'addFamily',
    () => ({ body: family({ zipcode: '2760' }) }),
    'Please enter a valid 5-digit or 9-digit zipcode.',
  ],
  [
    'zip with letters',
    'addFamily',
    () => ({ body: family({ zipcode: '2760a' }) }),
    'Please enter a valid 5-digit or 9-digit zipcode.',
  ],
  [
    'anniversary 13/01',
    'addFamily',
    () => ({ body: family({ anniversary: '13/01' }) }),
    'Anniversary format must be MM/DD.',
  ],
  [
    'anniversary 02/32',
    'addFamily',
    () => ({ body: family({ anniversary: '02/32' }) }),
    'Anniversary format must be MM/DD.',
  ],
  ['anniversary as a date object', 'addFamily', () => ({ body: family({ anniversary: { seconds: 1 } }) })],
  ['phone as an array', 'addFamily', () => ({ body: family({ phone: ['1'] }) })],
  ['body not JSON', 'addFamily', () => ({ rawBody: '{"surname":' }), 'The request body is not valid JSON.'],
  ['body an array', 'addFamily', () => ({ rawBody: '[1,2]' })],
  [
    'body over 256 KB',
    'addFamily',
    () => ({ rawBody: JSON.stringify({ surname: long(300_000) }) }),
    'The request is too large.',
  ],
  [
    'update without version',
    'updateFamily',
    () => ({ params: { familyId: target.familyId }, body: { surname: 'X' } }),
    'Please reload the page and try again.',
  ],
  [
    'update with version as text',
    'updateFamily',
    () => familyUpdate({ version: '1' }),
    'Please reload the page and try again.',
  ],
  [
    'update with a bad anniversary',
    'updateFamily',
    () => familyUpdate({ anniversary: '1/1' }),
    'Anniversary format must be MM/DD.',
  ],
  ['update with a malformed id', 'updateFamily', () => ({ ...familyUpdate({}), params: { familyId: 'a/b;DROP' } })],
  [
    'update with an id of 100 characters',
    'updateFamily',
    () => ({ ...familyUpdate({}), params: { familyId: long(100) } }),
  ],
  ['delete with a malformed id', 'deleteFamily', () => ({ params: { familyId: '<script>' } })],
  [
    'member without family',
    'addMember',
    () => ({ body: { name: 'A' } }),
    'Family ID is missing (Please select or ensure one was passed).',
  ],
  [
    'member with blank family',
    'addMember',
    () => ({ body: { name: 'A', familyId: ' ' } }),
    'Family ID is missing (Please select or ensure one was passed).',
  ],
  ['member without name', 'addMember', () => member({ name: '' }), 'Member name is required.'],
  ['member name 10,000 characters', 'addMember', () => member({ name: long(10_000) })],
  ['member birthday 00/10', 'addMember', () => member({ birthday: '00/10' }), 'Birthday format must be MM/DD.'],
  ['member birthday as a number', 'addMember', () => member({ birthday: 1210 })],
  [
    'member e-mail without @',
    'addMember',
    () => member({ email: 'nobody.example.org' }),
    'Please enter a valid email address.',
  ],
  ['member e-mail 300 characters', 'addMember', () => member({ email: `${long(290)}@example.org` })],
  [
    'member update without version',
    'updateMember',
    () => ({ params: { memberId: target.memberId }, body: { name: 'X' } }),
    'Please reload the page and try again.',
  ],
  ['member update with blank name', 'updateMember', () => memberUpdate({ name: '  ' }), 'Member name is required.'],
  [
    'member update with a bad birthday',
    'updateMember',
    () => memberUpdate({ birthday: '12-01' }),
    'Birthday format must be MM/DD.',
  ],
  ['member delete with a malformed id', 'deleteMember', () => ({ params: { memberId: '../x' } })],
  [
    'upload of a script',
    'createPhotoUpload',
    () => ({ body: { contentType: 'application/javascript', size: 10 } }),
    'Please select a valid image file.',
  ],
  [
    'upload of size text',
    'createPhotoUpload',
    () => ({ body: { contentType: 'image/png', size: 'big' } }),
    'Please select a valid image file.',
  ],
  [
    'upload with a fractional size',
    'createPhotoUpload',
    () => ({ body: { contentType: 'image/png', size: 1.5 } }),
    'Please select a valid image file.',
  ],
];

describe('directory routes refuse bad input clearly and write nothing', () => {
  it.each(cases)('%s (%s)', async (_label, operation, request, message) => {
    await expectRefusedUnchanged(church.adminToken, operation, request(), message);
  });

  it('ignores an orgId or admin smuggled into a body: the token’s church is used', async () => {
    const other = await createChurch();
    const answer = await call<{ id: string }>('addFamily', {
      token: church.adminToken,
      body: { surname: 'Smuggler', orgId: other.orgId, admin: true },
    });
    expect(answer.status).toBe(200);
    expect((await call('getFamily', { token: other.adminToken, params: { familyId: answer.body.id } })).status).toBe(
      404,
    );
    expect((await call('getFamily', { token: church.adminToken, params: { familyId: answer.body.id } })).status).toBe(
      200,
    );
  });

  it('shows HTML in names as given (stored as text, never interpreted here)', async () => {
    const answer = await call<{ id: string }>('addFamily', {
      token: church.adminToken,
      body: { surname: '<img src=x onerror=alert(1)>' },
    });
    expect(answer.status).toBe(200);
    const read = await call<{ family: { surname: string } }>('getFamily', {
      token: church.adminToken,
      params: { familyId: answer.body.id },
    });
    expect(read.body.family.surname).toBe('<img src=x onerror=alert(1)>');
  });
});
