/**
 * A read file as families (lambdas/transfer/import/parseImport.ts): each program's file, dates,
 * the mapping, problems, notes and duplicates, and our own export read back exactly.
 */
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../lambdas/contract/imports';
import { COLUMNS, HEADERS, LEVEL_WORDS } from '../../lambdas/contract/transfer';
import { monthDayOf } from '../../lambdas/transfer/import/dates';
import { parseImport, type ParseOptions } from '../../lambdas/transfer/import/parseImport';
import { readSheet } from '../../lambdas/transfer/import/readSheet';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url)));
const parsed = async (name: string, options: ParseOptions = {}) =>
  parseImport(await readSheet(fixture(name), name), options);
const messages = (list: { message: string }[]) => list.map((m) => m.message);

describe('Planning Center People', () => {
  it('keeps a household of two surnames together, its primary contact first, with our ids made from its ids', async () => {
    const reading = await parsed('planning-center.csv');
    const [family] = reading.families;
    expect(family).toEqual({
      id: 'pco-9001',
      line: 3,
      fields: {
        surname: 'García-Smith Household',
        street: '12 Élan Street, Apt 2',
        city: 'Raleigh',
        state: 'NC',
        zipcode: '27601',
        phone: '555-0100',
        anniversary: '06/18',
      },
      listed: true,
      approximate: false,
      privacy: {},
      members: [
        {
          id: 'pco-102',
          line: 3,
          fields: { name: 'Tom', birthday: '11/02', cellphone: '555-0102', email: 'tom@example.org' },
          privacy: {},
          groups: [],
        },
        {
          id: 'pco-101',
          line: 2,
          fields: { name: 'Ana', birthday: '05/13', cellphone: '555-0101', email: 'ana@example.org' },
          privacy: {},
          groups: [],
        },
      ],
    });
  });

  it('reads names in every script and keeps a formula as text; reports the bad date, the missing name and the repeated e-mail', async () => {
    const reading = await parsed('planning-center.csv');
    expect(reading.families.map((f) => [f.fields.surname, f.members[0]!.fields.name])).toEqual([
      ['García-Smith Household', 'Tom'],
      ['Петров', 'Иван'],
      ['العلي', 'فاطمة'],
      ['佐藤', '美咲'],
      ['Formula', '=1+1'],
    ]);
    expect(messages(reading.problems)).toEqual([
      'line 4: birthday 13/40/1990 is not a date (dates are read as month/day/year).',
      'line 9: Member name is required.',
    ]);
    expect(reading.duplicates).toEqual([{ lines: [2, 5], message: 'The e-mail ana@example.org is on lines 2 and 5.' }]);
    expect(reading.extraColumns).toEqual(['Given Name', 'Gender']);
  });
});

describe('Breeze', () => {
  it('orders by family role, reads mm/dd/0000, repairs a zip, splits tags, adds a tags file and notes what it leaves out', async () => {
    const tags = await readSheet(fixture('breeze-tags.csv'), 'breeze-tags.csv');
    const reading = await parsed('breeze.csv', { groupSheets: [{ ...tags, name: 'tags.csv' }] });
    const jones = reading.families[0]!;
    expect(jones.id).toBe('breeze-501');
    expect(jones.fields.zipcode).toBe('02134');
    expect(
      jones.members.map((m) => [m.id, m.fields.name, m.fields.birthday, m.groups.map((g) => g.groupName)]),
    ).toEqual([
      ['breeze-2002', 'Peter', '01/02', ['Choir']],
      ['breeze-2001', 'Mary', '05/13', ['Choir', 'Ushers']],
      ['breeze-2003', 'Lily', null, ['Youth']],
    ]);
    expect(reading.groups).toEqual(['Choir', 'Ushers', 'Youth']);
    expect(messages(reading.problems)).toEqual([
      'line 5: birthday 31/12/2000 is not a date (dates are read as month/day/year).',
    ]);
    expect(messages(reading.notes)).toEqual([
      'line 3: the directory keeps one e-mail per person: peter@example.org is kept and pj@example.org left out.',
      'tags.csv, line 3: nobody in the people file is 2004; left out of Choir.',
      'line 4: birthday 1984 has no month and day; left empty.',
      'tags.csv, line 4: nobody in the people file is 9999; left out of Choir.',
    ]);
  });

  it('reads day first when the church says so', async () => {
    const reading = await parsed('breeze.csv', { dateOrder: 'dmy' });
    expect(messages(reading.problems)).toEqual([
      'line 2: birthday 05/13/0000 is not a date (dates are read as day/month/year).',
      'line 6: birthday 12/31/2000 is not a date (dates are read as day/month/year).',
    ]);
    expect(reading.families.flatMap((f) => f.members.map((m) => [m.fields.name, m.fields.birthday]))).toEqual([
      ['Peter', '02/01'],
      ['Lily', null],
      ['Zoë', '12/31'],
    ]);
  });
});

const csv = (text: string) => readSheet(new TextEncoder().encode(text), 'file.csv');

describe('ChurchCRM', () => {
  it('reads its export: a quoted address over two lines, a foreign address, a bad e-mail leaving its row out', async () => {
    const reading = await parsed('churchcrm.csv');
    expect(
      reading.families.map((f) => [f.id, f.fields.surname, f.fields.street, f.fields.state, f.fields.zipcode]),
    ).toEqual([
      ['crm-12', 'Lefèvre', '1 Rue de la Paix', null, '75002'],
      ['crm-13', "O'Brien", '22 "Green" Lane Unit 5', 'MA', '02134'],
    ]);
    expect(messages(reading.notes)).toEqual([
      'line 2: the address is in France: the directory keeps no country and only US states and zip codes.',
    ]);
    expect(messages(reading.problems)).toEqual(['line 5: Please enter a valid email address.']);
    expect(reading.extraColumns).toEqual(['Envelope Number', 'Classification']);
  });

  it('says what it leaves empty of a foreign address that does not fit', async () => {
    const reading = parseImport(
      await csv('First Name,Last Name,City,State,Zip,Country\nAnn,Roy,Ottawa,ON,K1A 0B1,Canada\n'),
    );
    expect(messages(reading.notes)).toEqual([
      'line 2: the address is in Canada: the directory keeps no country and only US states and zip codes, so "K1A 0B1" is left empty.',
    ]);
    expect(reading.families[0]!.fields).toMatchObject({ city: 'Ottawa', state: 'ON', zipcode: null });
  });
});

describe('ChurchApps (B1)', () => {
  it('groups a household of two surnames by its name and address, with groups from groups.csv and groupmembers.csv', async () => {
    const groupSheets = await Promise.all(
      ['churchapps-groups.csv', 'churchapps-groupmembers.csv'].map(async (name) => readSheet(fixture(name), name)),
    );
    const reading = await parsed('churchapps-people.csv', { groupSheets });
    expect(
      reading.families.map((f) => [f.id, f.fields.surname, f.members.map((m) => [m.id, m.fields.name, m.groups])]),
    ).toEqual([
      [
        null,
        'Kim',
        [
          ['b1-p1', 'Joon', [{ groupName: 'Tuesday Bible Study', label: null }]],
          ['b1-p2', 'Hana', [{ groupName: 'Tuesday Bible Study', label: null }]],
        ],
      ],
      [null, 'Diaz', [['b1-p3', 'Luis', [{ groupName: 'Worship Team', label: null }]]]],
    ]);
    expect(reading.groups).toEqual(['Tuesday Bible Study', 'Worship Team']);
  });

  it('leaves out a group of a groups file whose name is too long, naming the file and its line', async () => {
    const long = 'G'.repeat(101);
    const members = await csv(`groupKey,personKey\ng1,p1\ng2,p3\n`);
    const groups = await csv(`importKey,name\ng1,Choir\ng2,${long}\n`);
    const reading = await parsed('churchapps-people.csv', {
      groupSheets: [
        { ...groups, name: 'groups.csv' },
        { ...members, name: 'groupmembers.csv' },
      ],
    });
    expect(reading.groups).toEqual(['Choir']);
    expect(messages(reading.notes)).toEqual([
      `groupmembers.csv, line 3: the group "${long.slice(0, 40)}..." has a name longer than 100 characters; left out.`,
    ]);
  });
});

describe('the mapping', () => {
  it('asks for a hand mapping of a file without a header row, and reads it with one', async () => {
    const sheet = await readSheet(fixture('no-header.csv'), 'no-header.csv');
    const unmapped = parseImport(sheet);
    expect(unmapped.needsMapping).toBe(IMPORT_MESSAGES.needsMapping);
    expect(unmapped.families).toEqual([]);
    expect(unmapped.columns[2]).toEqual({ index: 2, header: null, samples: ['ann@example.org', 'bo@example.org'] });
    const reading = parseImport(sheet, { mapping: { 0: 'member.name', 1: 'lastName', 2: 'member.email', 3: null } });
    expect(reading.families.map((f) => [f.fields.surname, f.members.map((m) => m.fields.email)])).toEqual([
      ['Lee', ['ann@example.org', 'bo@example.org']],
    ]);
  });

  it('names two columns of one header, unless a hand mapping settles them', async () => {
    const sheet = await readSheet(fixture('duplicate-headers.csv'), 'duplicate-headers.csv');
    expect(parseImport(sheet).needsMapping).toBe(IMPORT_MESSAGES.duplicateHeader('Email'));
    const reading = parseImport(sheet, { mapping: { 2: null } });
    expect(reading.families[0]!.members[0]!.fields.email).toBe('ann2@example.org');
  });

  it('recognises headers whatever their case and punctuation, reads the first of two columns of one target', async () => {
    const reading = parseImport(
      await csv(
        'FIRST NAME,last_name,E-Mail,Cell,Mobile Phone,Postal Code,Date of Birth\nAnn,Lee,ANN@X.ORG,1,2,27601,May 5\n',
      ),
    );
    expect(reading.mapping.map((m) => m.target)).toEqual([
      'member.name',
      'lastName',
      'member.email',
      'member.cellphone',
      'family.zipcode',
      'member.birthday',
    ]);
    expect(reading.families[0]!.members[0]!.fields).toEqual({
      name: 'Ann',
      birthday: '05/05',
      cellphone: '1',
      email: 'ann@x.org',
    });
    expect(messages(reading.notes)).toEqual([
      'line 1: the columns "Cell" and "Mobile Phone" both hold Cellphone; "Cell" is read and "Mobile Phone" left out.',
    ]);
  });

  it("reports the same family id at two addresses, and a bad zip left empty with the form's message", async () => {
    const reading = parseImport(
      await csv('Family ID,First Name,Last Name,Street,Zip\n7,Ann,Lee,1 Main St,27601\n7,Bo,Lee,2 Oak Ave,2760x\n'),
    );
    expect(reading.duplicates).toEqual([
      { lines: [2, 3], message: 'The family Lee (7) is on lines 2, 3 with different street address.' },
    ]);
    expect(messages(reading.notes)).toEqual([
      'line 3: Please enter a valid 5-digit or 9-digit zipcode. The zip code "2760x" is left empty.',
    ]);
  });

  it('reads a birthday split over month, day and year columns', async () => {
    const reading = parseImport(
      await csv(
        'First Name,Last Name,Birth Month,Birth Day of Month,Birth Year\nAnn,Lee,Sept,3,1990\nBo,Lee,,,1984\nCy,Lee,2,30,\n',
      ),
    );
    expect(reading.families[0]!.members.map((m) => m.fields.birthday)).toEqual(['09/03', null]);
    expect(messages(reading.notes)).toEqual(['line 3: birthday 1984 has no month and day; left empty.']);
    expect(messages(reading.problems)).toEqual(['line 4: birthday 2 30 is not a date.']);
  });
});

describe('dates', () => {
  it.each([
    ['1980-05-13', 'mdy', '05/13'],
    ['0000-05-13', 'mdy', '05/13'],
    ['05/13/0000', 'mdy', '05/13'],
    ['5/6/1980', 'mdy', '05/06'],
    ['5/6/1980', 'dmy', '06/05'],
    ['13.05.1980', 'dmy', '05/13'],
    ['May 5', 'mdy', '05/05'],
    ['5 May 1980', 'mdy', '05/05'],
    ['Sept. 3, 1990', 'mdy', '09/03'],
    ['02/29', 'mdy', '02/29'],
  ] as const)('reads %s (%s) as %s', (cell, order, value) => {
    expect(monthDayOf(cell, 'birthday', order)).toEqual({ value });
  });

  it.each([
    ['13/05/1980', 'mdy', { problem: 'birthday 13/05/1980 is not a date (dates are read as month/day/year).' }],
    ['04/31', 'mdy', { problem: 'birthday 04/31 is not a date (dates are read as month/day/year).' }],
    ['soon', 'mdy', { problem: 'birthday soon is not a date.' }],
    ['1984', 'mdy', { note: 'birthday 1984 has no month and day; left empty.' }],
  ] as const)('refuses %s (%s)', (cell, order, result) => {
    expect(monthDayOf(cell, 'birthday', order)).toEqual(result);
  });
});

describe('our own export, read back', () => {
  it('gives back the ids, values, levels, listing and groups it was written from', async () => {
    const family = {
      'Family ID': 'fam-1',
      'Family Surname': 'Ωmega-Nguyễn',
      'Street Address': '1 Main St',
      City: 'Raleigh',
      State: 'NC',
      'Zip Code': '27601-1234',
      'Home Phone': '555-0100',
      Anniversary: '06/18',
      'In Directory': 'No',
      'Map Location': 'Approximate',
    };
    const levels = (columns: string[]): Record<string, string> =>
      Object.fromEntries(columns.map((c, i) => [c, Object.values(LEVEL_WORDS)[i % 3]!]));
    const familyLevels = levels(COLUMNS.filter((c) => c.holds === 'familyLevel').map((c) => c.header));
    const memberLevels = levels(COLUMNS.filter((c) => c.holds === 'memberLevel').map((c) => c.header));
    const rows = [
      {
        ...family,
        ...familyLevels,
        'Member ID': 'mem-1',
        'First Name': 'Anh',
        Birthday: '12/01',
        Cellphone: '555-0101',
        'Email Address': 'anh@example.org',
        ...memberLevels,
        Groups: 'Choir, North\nUshers',
        'Group Roles': 'Alto\n',
      },
      { ...family, ...familyLevels, 'Member ID': 'mem-2', 'First Name': 'Ōta', Groups: '', 'Group Roles': '' },
    ];
    const text = Papa.unparse({
      fields: HEADERS,
      data: rows.map((row) => HEADERS.map((h) => (row as Record<string, string>)[h] ?? '')),
    });
    const reading = parseImport(await csv(text));
    expect(reading.problems).toEqual([]);
    expect(reading.notes).toEqual([]);
    expect(reading.extraColumns).toEqual([]);
    expect(reading.mapping).toHaveLength(HEADERS.length);
    const toLevel = (words: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(words).map(([header, word]) => [
          COLUMNS.find((c) => c.header === header)!['shared' as never],
          Object.entries(LEVEL_WORDS).find(([, w]) => w === word)![0],
        ]),
      );
    expect(reading.families).toEqual([
      {
        id: 'fam-1',
        line: 2,
        fields: {
          surname: 'Ωmega-Nguyễn',
          street: '1 Main St',
          city: 'Raleigh',
          state: 'NC',
          zipcode: '27601-1234',
          phone: '555-0100',
          anniversary: '06/18',
        },
        listed: false,
        approximate: true,
        privacy: toLevel(familyLevels),
        members: [
          {
            id: 'mem-1',
            line: 2,
            fields: { name: 'Anh', birthday: '12/01', cellphone: '555-0101', email: 'anh@example.org' },
            privacy: toLevel(memberLevels),
            groups: [
              { groupName: 'Choir, North', label: 'Alto' },
              { groupName: 'Ushers', label: null },
            ],
          },
          {
            id: 'mem-2',
            // The first record's groups hold line breaks: it spans lines 2 to 4.
            line: 5,
            fields: { name: 'Ōta', birthday: null, cellphone: null, email: null },
            privacy: {},
            groups: [],
          },
        ],
      },
    ]);
  });
});
